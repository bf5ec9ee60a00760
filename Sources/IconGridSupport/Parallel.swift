import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Work spread over the cores: `map` keeps the input order.
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
}
