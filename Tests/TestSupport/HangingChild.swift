import ImageCore

/// Decoding limits whose isolated decodes (PDF and SVG renders, HEIC and AVIF decodes) go
/// to a child process that never answers: a shell that sleeps without reading its request,
/// as a librsvg, poppler or libheif stuck on a hostile file would. The parent kills it at
/// the wall-clock deadline and the file ends in `limit-exceeded` with ``reason(_:)``, while
/// PNG, JPEG, WebP and GIF files still decode in process.
///
/// ```swift
/// var configuration = CheckConfiguration(deep: true)
/// configuration.limits = HangingChild.limits
/// ```
package enum HangingChild {
  /// The parent's deadline for the child, in seconds.
  package static let wallClockSeconds = 1

  /// The default limits, with isolation in the hanging child.
  package static var limits: DecodingLimits {
    var limits = DecodingLimits.default
    limits.isolation = isolation
    return limits
  }

  /// The setting: `/bin/sh` sleeping for a minute, killed after ``wallClockSeconds``.
  package static let isolation = ChildProcessIsolation(
    executable: "/bin/sh", arguments: ["-c", "exec sleep 60"], wallClockSeconds: wallClockSeconds)

  /// The reason of the error a file isolated in the hanging child ends in.
  ///
  /// - Parameter library: the library the file's format goes to (`librsvg`, `poppler`,
  ///   `libheif`).
  /// - Returns: "took more than 1 s of wall-clock time (librsvg in a child process)".
  package static func reason(_ library: String = "librsvg") -> String {
    "took more than \(wallClockSeconds) s of wall-clock time (\(library) in a child process)"
  }
}
