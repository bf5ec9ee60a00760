#if canImport(Glibc)
  import Glibc
#endif

/// Hands the whole pages of freed heap memory back to the system.
///
/// glibc keeps what one thread frees in that thread's arena, for that thread's later
/// allocations: work that builds large short-lived structures on one thread and then
/// allocates on others (a sheet's label pass on the calling thread, then its drawing and
/// compressing threads) would otherwise hold both in its peak resident memory. A no-op
/// where the C library is not glibc.
package enum FreedMemory {
  /// Returns freed pages of every arena to the system (`malloc_trim(0)`).
  package static func release() {
    #if canImport(Glibc)
      _ = trim?(0)
    #endif
  }

  #if canImport(Glibc)
    /// glibc's `malloc_trim`, looked up once: `<malloc.h>` is not part of the Glibc module.
    private static let trim: (@convention(c) (Int) -> Int32)? = {
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()
  #endif
}
