#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

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
  /// The CPU time the child may use for one file (`RLIMIT_CPU`'s soft limit, set again
  /// before each file), in seconds.
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

extension ChildProcessIsolation {
  /// Whether this process carries AddressSanitizer's or ThreadSanitizer's runtime (a
  /// `swift build --sanitize=address` or `=thread` binary).
  ///
  /// Those runtimes reserve terabytes of address space for their shadow memory at start-up,
  /// so a child that is such a build cannot live under `RLIMIT_AS`: it leaves that limit
  /// unset (its CPU, descriptor and wall-clock limits still hold), and a test of the memory
  /// limit cannot run. Found by looking the runtimes' entry points up with
  /// `dlsym(RTLD_DEFAULT, …)`.
  package static let sanitizerRuntimePresent: Bool = {
    // A null handle is `RTLD_DEFAULT`: every object loaded in the process, in load order.
    let entryPoints: [String] = ["__asan_init", "__tsan_init"]
    return entryPoints.contains { name in dlsym(nil, name) != nil }
  }()
}
