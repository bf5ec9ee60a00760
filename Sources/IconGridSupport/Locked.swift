import Synchronization

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
