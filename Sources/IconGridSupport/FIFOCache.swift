/// A cache of at most `capacity` values by key that evicts the oldest entry first.
///
/// First in, first out rather than least recently used: the caches that use it serve a few
/// keys that recur soon (a sheet's repeated names, several threads asking for one name), and
/// FIFO needs no bookkeeping on a hit. Not thread-safe: hold it under the owner's lock.
package struct FIFOCache<Key: Hashable, Value> {
  /// The most entries held.
  package let capacity: Int
  private var entries: [Key: Value] = [:]
  /// The keys in the order they were inserted, a ring once full.
  private var order: [Key] = []
  /// Where in `order` the oldest key is, once full.
  private var oldest = 0

  /// An empty cache.
  ///
  /// - Parameter capacity: the most entries held, positive.
  package init(capacity: Int) {
    precondition(capacity > 0, "cache capacity must be positive")
    self.capacity = capacity
  }

  /// The entries held now.
  package var count: Int { entries.count }

  /// The value held for `key`, if any.
  package subscript(key: Key) -> Value? { entries[key] }

  /// Holds `value` for `key`, evicting the oldest entry when full; a key already held keeps
  /// its place and takes the new value.
  package mutating func insert(_ value: Value, for key: Key) {
    guard entries.updateValue(value, forKey: key) == nil else { return }
    if order.count < capacity {
      order.append(key)
    } else {
      entries[order[oldest]] = nil
      order[oldest] = key
      oldest = (oldest + 1) % capacity
    }
  }
}

extension FIFOCache: Sendable where Key: Sendable, Value: Sendable {}
