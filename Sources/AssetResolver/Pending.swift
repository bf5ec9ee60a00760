import AssetIndex
import ImageCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A decode in progress that other threads wait for: a one-shot result behind a pthread
/// mutex and condition variable (blocking waits are what a synchronous API needs, and
/// ThreadSanitizer understands pthreads).
///
/// `@unchecked Sendable` is safe: `result` is read and written only while `mutex` is held;
/// the mutex and condition live at fixed heap addresses allocated in `init` and destroyed
/// in `deinit`, when no thread can be using them any more.
final class Pending: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  private var result: Result<Bitmap, any Error>?

  init() {
    mutex = .allocate(capacity: 1)
    condition = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Hands the result to every thread waiting now or later.
  func fulfill(_ value: Result<Bitmap, any Error>) {
    pthread_mutex_lock(mutex)
    result = value
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(mutex)
  }

  /// Blocks until ``fulfill(_:)`` has run, then returns its result.
  func wait() -> Result<Bitmap, any Error> {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while result == nil { pthread_cond_wait(condition, mutex) }
    return result!
  }
}
