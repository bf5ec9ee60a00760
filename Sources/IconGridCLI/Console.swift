import IconGridSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where a command writes: results to `out`, progress and diagnostics to `err`.
///
/// The binary uses ``standard``; tests capture both streams in memory.
package struct Console: Sendable {
  /// Writes text to standard output (or its stand-in).
  package var out: @Sendable (String) -> Void
  /// Writes UTF-8 bytes to standard output; by default, as the text they spell, to ``out``.
  package var outBytes: @Sendable ([UInt8]) -> Void
  /// Writes text to standard error (or its stand-in).
  package var err: @Sendable (String) -> Void
  /// Whether standard error is a terminal (progress, colour).
  package var errIsTerminal: Bool
  /// Environment variables (`NO_COLOR`, …).
  package var environment: [String: String]
  /// Whether the process ends when the command returns (``standard``): what a run built is
  /// then kept for the exit to free whole (``IconGridSupport/ProcessLifetime``), not freed
  /// piece by piece.
  package var endsWithProcess = false

  /// Creates a console from two sinks.
  package init(
    out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
    errIsTerminal: Bool = false, environment: [String: String] = [:]
  ) {
    self.out = out
    self.outBytes = { bytes in out(String(decoding: bytes, as: UTF8.self)) }
    self.err = err
    self.errIsTerminal = errIsTerminal
    self.environment = environment
  }

  /// The process's standard output and error and its environment.
  package static func standard() -> Console {
    var environment: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let pair = String(cString: pointer)
      if let equals = pair.firstIndex(of: "=") {
        environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
      }
      entry += 1
    }
    var console = Console(
      out: { text in writeAll(1, text) }, err: { text in writeAll(2, text) },
      errIsTerminal: isatty(2) == 1, environment: environment)
    // A report's bytes go out as they are, not copied into a `String` first.
    console.outBytes = { bytes in bytes.withUnsafeBytes { _ = FileSystem.writeAll(1, $0) } }
    console.endsWithProcess = true
    return console
  }

  /// Keeps `value` until the process exits when it ends with the command (``endsWithProcess``).
  func keepUntilExit(_ value: some Sendable) {
    if endsWithProcess { ProcessLifetime.keep(value) }
  }

  /// Whether to colour diagnostics: only on a terminal and never with `NO_COLOR`.
  var useColor: Bool { errIsTerminal && environment["NO_COLOR"] == nil }

  /// `icongrid: error: message`, in red on a terminal.
  func error(_ message: String) {
    let label = useColor ? "\u{1B}[1;31merror:\u{1B}[0m" : "error:"
    err("icongrid: \(label) \(message)\n")
  }

  /// `icongrid: warning: message`.
  func warning(_ message: String) {
    let label = useColor ? "\u{1B}[1;33mwarning:\u{1B}[0m" : "warning:"
    err("icongrid: \(label) \(message)\n")
  }
}

private func writeAll(_ fd: Int32, _ text: String) {
  var text = text
  text.withUTF8 { _ = FileSystem.writeAll(fd, UnsafeRawBufferPointer($0)) }
}
