/// How a decode or render runs in a child process of its own, with its own CPU and memory
/// limits, for the libraries that cannot be stopped from outside (librsvg, poppler, libheif).
///
/// The child is `executable` run with `arguments`, which must reach
/// `ChildProcessDecoder.serveChild(arguments:)` of `ImageDecoding` (the `icongrid`
/// executable's hidden `_render` mode does). A runaway file then costs one typed error,
/// never the whole process.
///
/// ```swift
/// var limits = DecodingLimits.default
/// limits.isolation = ChildProcessIsolation(executable: "/usr/local/bin/icongrid", arguments: ["_render"])
/// ```
public struct ChildProcessIsolation: Sendable, Hashable {
  /// The program the child runs.
  public var executable: String
  /// The arguments before the limits, which select the program's child mode.
  public var arguments: [String]
  /// The CPU time the child may use for one file, in seconds: a profiling timer armed
  /// before each file (with `RLIMIT_CPU` a second beyond it as a backstop).
  public var cpuSeconds: Int
  /// The address space the child may map (`RLIMIT_AS`), in bytes: the work's budget plus
  /// the runtime's and the libraries' own mappings, over the child's whole life (a child
  /// serves file after file).
  public var addressSpaceBytes: Int
  /// The wall-clock time after which the parent kills the child (one blocked rather than
  /// busy), in seconds.
  public var wallClockSeconds: Int

  /// Creates a setting.
  ///
  /// - Parameters:
  ///   - executable: the program the child runs.
  ///   - arguments: the arguments that select its child mode.
  ///   - cpuSeconds: the child's CPU limit, in seconds.
  ///   - addressSpaceBytes: the child's address-space limit, in bytes.
  ///   - wallClockSeconds: the parent's deadline for the child, in seconds.
  public init(
    executable: String, arguments: [String], cpuSeconds: Int = 5, addressSpaceBytes: Int = 768 << 20,
    wallClockSeconds: Int = 10
  ) {
    self.executable = executable
    self.arguments = arguments
    self.cpuSeconds = cpuSeconds
    self.addressSpaceBytes = addressSpaceBytes
    self.wallClockSeconds = wallClockSeconds
  }
}
