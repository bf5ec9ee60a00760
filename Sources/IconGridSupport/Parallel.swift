import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Work spread over the cores: `map` keeps the input order; `overlapping` runs two
/// independent pieces of work at once.
package enum Parallel {
  package static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
    let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    guard items.count > 1, cores > 1 else { return items.map(transform) }
    let chunks = min(items.count, cores * 8)
    let results = Locked<[[R]?]>(Array(repeating: nil, count: chunks))
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      let start = items.count * chunk / chunks
      let end = items.count * (chunk + 1) / chunks
      let part = items[start..<end].map(transform)
      results.withLock { $0[chunk] = part }
    }
    return results.withLock { $0.flatMap { $0 ?? [] } }
  }

  /// Runs `background` on another thread while `foreground` runs on this one, and returns
  /// both results once both are done: a serial piece of work then uses a core that would
  /// otherwise wait for it. On one core, `background` runs first, then `foreground`.
  ///
  /// - Parameters:
  ///   - background: work that shares nothing mutable with `foreground` (it may itself call
  ///     ``map(_:_:)``).
  ///   - foreground: work on the calling thread; it may mutate the caller's state.
  /// - Returns: what `background` returned, and what `foreground` returned.
  package static func overlapping<A: Sendable, B>(
    _ background: @escaping @Sendable () -> A, with foreground: () -> B
  ) -> (A, B) {
    guard sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1 else { return (background(), foreground()) }
    let result = Locked<A?>(nil)
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      let value = background()
      result.withLock { $0 = value }
    }
    let value = foreground()
    group.wait()
    return (result.withLock { $0! }, value)
  }
}
