#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The sanitizers' runtimes as this process sees them: ThreadSanitizer's annotation entry
/// points, and whether AddressSanitizer's or ThreadSanitizer's runtime is loaded at all.
package enum SanitizerHooks {
  /// The type of `__tsan_acquire` and `__tsan_release`.
  package typealias Hook = @convention(c) (UnsafeMutableRawPointer?) -> Void

  /// `__tsan_acquire`, when ThreadSanitizer's runtime is in the process.
  static let acquire: Hook? = lookup("__tsan_acquire")
  /// `__tsan_release`, when ThreadSanitizer's runtime is in the process.
  static let release: Hook? = lookup("__tsan_release")

  /// Whether this process carries AddressSanitizer's or ThreadSanitizer's runtime (a
  /// `swift build --sanitize=address` or `=thread` binary).
  ///
  /// Those runtimes reserve terabytes of address space for their shadow memory at start-up,
  /// so such a process cannot live under `RLIMIT_AS`.
  package static let runtimePresent: Bool = ["__asan_init", "__tsan_init"].contains { symbol($0) != nil }

  private static func lookup(_ name: String) -> Hook? {
    symbol(name).map { unsafeBitCast($0, to: Hook.self) }
  }

  /// The address of `name` among every object loaded in the process, in load order.
  private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
    #if canImport(Darwin)
      let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
      let handle: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    return dlsym(handle, name)
  }
}
