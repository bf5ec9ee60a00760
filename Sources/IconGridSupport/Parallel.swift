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

  /// `transform` of each of `items`, in order, spread over the cores by lane: each thread
  /// starts on the items of its own lane (`lane(item)`, in `0..<lanes`) and helps with
  /// another lane's only when its own is done, so threads working on items that share
  /// something guarded by one lock (a lane) seldom wait for each other, while no core idles
  /// when the lanes are uneven. With one lane, or one core, as ``map(_:_:)``.
  package static func map<T: Sendable, R: Sendable>(
    _ items: [T], lanes: Int, lane: (T) -> Int, _ transform: @Sendable (T) -> R
  ) -> [R] {
    let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    guard lanes > 1, cores > 1, items.count > 1 else { return map(items, transform) }
    var grouped = [[Int]](repeating: [], count: lanes)
    for index in items.indices { grouped[min(lanes - 1, max(0, lane(items[index])))].append(index) }
    let queues = grouped
    // The next position taken in each lane's queue.
    let next = Locked([Int](repeating: 0, count: lanes))
    let results = Locked<[(index: Int, result: R)]>([])
    let batch = 4
    DispatchQueue.concurrentPerform(iterations: min(cores, lanes)) { worker in
      var done: [(index: Int, result: R)] = []
      for step in 0..<lanes {
        let queue = (worker + step) % lanes
        while true {
          let start = next.withLock { positions -> Int in
            let start = positions[queue]
            positions[queue] = min(start + batch, queues[queue].count)
            return start
          }
          guard start < queues[queue].count else { break }
          for position in start..<min(start + batch, queues[queue].count) {
            let index = queues[queue][position]
            done.append((index, transform(items[index])))
          }
        }
      }
      results.withLock { $0.append(contentsOf: done) }
    }
    var ordered = [R?](repeating: nil, count: items.count)
    for (index, result) in results.withLock({ $0 }) { ordered[index] = result }
    return ordered.map { $0! }
  }
}
