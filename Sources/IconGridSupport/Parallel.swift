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

  /// `transform` of each of `items`, in order, on `workers` threads at most, each item
  /// with the worker (in `0..<workers`) that transformed it: no two threads are ever the same
  /// worker, so each worker may use something of its own without a lock held by another
  /// (a font engine). Items are handed out a few at a time as workers become free.
  package static func map<T: Sendable, R: Sendable>(
    _ items: [T], workers: Int, _ transform: @Sendable (T, _ worker: Int) -> R
  ) -> [(result: R, worker: Int)] {
    let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    let threads = max(1, min(workers, cores, items.count))
    guard threads > 1 else { return items.map { (transform($0, 0), 0) } }
    let next = Locked(0)
    let results = Locked<[(index: Int, result: R, worker: Int)]>([])
    let batch = 4
    DispatchQueue.concurrentPerform(iterations: threads) { worker in
      var done: [(index: Int, result: R, worker: Int)] = []
      while true {
        let start = next.withLock { position -> Int in
          let start = position
          position = min(start + batch, items.count)
          return start
        }
        guard start < items.count else { break }
        for index in start..<min(start + batch, items.count) {
          done.append((index, transform(items[index], worker), worker))
        }
      }
      results.withLock { $0.append(contentsOf: done) }
    }
    var ordered = [(result: R, worker: Int)?](repeating: nil, count: items.count)
    for (index, result, worker) in results.withLock({ $0 }) { ordered[index] = (result, worker) }
    return ordered.map { $0! }
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

  /// The indices `0..<count` in the order `areInIncreasingOrder` gives, indices it holds
  /// equal kept in ascending order (a stable sort): with many indices, two halves are
  /// sorted at once and merged.
  ///
  /// - Parameters:
  ///   - count: how many indices to sort.
  ///   - areInIncreasingOrder: a strict weak order on the indices.
  /// - Returns: the sorted indices.
  package static func sortedIndices(
    count: Int, by areInIncreasingOrder: @escaping @Sendable (Int, Int) -> Bool
  ) -> [Int] {
    // Below this, a thread's start costs about what the halves would save.
    guard count >= 4096, sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1 else {
      return (0..<count).sorted(by: areInIncreasingOrder)
    }
    let middle = count / 2
    let (right, left) = overlapping(
      { (middle..<count).sorted(by: areInIncreasingOrder) },
      with: { (0..<middle).sorted(by: areInIncreasingOrder) })
    var merged: [Int] = []
    merged.reserveCapacity(count)
    var i = 0
    var j = 0
    while i < left.count && j < right.count {
      // On a tie the left half's index, which is the smaller, comes first.
      if areInIncreasingOrder(right[j], left[i]) {
        merged.append(right[j])
        j += 1
      } else {
        merged.append(left[i])
        i += 1
      }
    }
    merged += left[i...]
    merged += right[j...]
    return merged
  }
}
