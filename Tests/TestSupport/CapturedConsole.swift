import Synchronization

/// Standard output and error collected in memory, for in-process runs of a command.
///
/// The CLI tests make an `IconGridCLI.Console` of it (`appendOut`, `appendErr`); this target
/// links none of the package's modules but the codec, so the tests of any module can use it.
package final class CapturedConsole: Sendable {
  private let outText = Mutex("")
  private let errText = Mutex("")

  /// Creates an empty capture.
  package init() {}

  /// Adds text to what was written to standard output.
  package func appendOut(_ text: String) { outText.withLock { $0 += text } }
  /// Adds text to what was written to standard error.
  package func appendErr(_ text: String) { errText.withLock { $0 += text } }

  /// Everything written to standard output so far.
  package var out: String { outText.withLock { $0 } }
  /// Everything written to standard error so far.
  package var err: String { errText.withLock { $0 } }
}
