import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `Mutex` that ThreadSanitizer can see.
///
/// On Linux, `Synchronization.Mutex` locks with futexes inside the uninstrumented
/// standard library, so ThreadSanitizer reports every access it guards as a race. When
/// the sanitizer's runtime is loaded, this wrapper tells it about each acquire and release
/// (`__tsan_acquire` / `__tsan_release`, found with `dlsym`); otherwise it costs one
/// predictable branch.
package final class Locked<State>: Sendable {
  private let mutex: Mutex<State>

  /// Guards `state`.
  package init(_ state: sending State) {
    mutex = Mutex(state)
  }

  /// Runs `body` with exclusive access to the state.
  @inline(__always)
  package func withLock<Result>(_ body: (inout State) throws -> sending Result) rethrows -> sending Result {
    try mutex.withLock { (state) throws -> sending Result in
      let address = Unmanaged.passUnretained(self).toOpaque()
      SanitizerHooks.acquire?(address)
      defer { SanitizerHooks.release?(address) }
      return try body(&state)
    }
  }
}

/// ThreadSanitizer's annotation entry points, when its runtime is in the process.
enum SanitizerHooks {
  typealias Hook = @convention(c) (UnsafeMutableRawPointer?) -> Void

  static let acquire: Hook? = lookup("__tsan_acquire")
  static let release: Hook? = lookup("__tsan_release")

  private static func lookup(_ name: String) -> Hook? {
    #if canImport(Darwin)
      let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
      let handle: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    guard let symbol = dlsym(handle, name) else { return nil }
    return unsafeBitCast(symbol, to: Hook.self)
  }
}
