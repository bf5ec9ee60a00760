import AssetIndex
import IconGridSupport
import ImageCore
import PNGCodec
import Synchronization

/// A bounded, thread-safe cache of decoded images, least recently used out first.
///
/// Each image costs its pixel bytes (`width × height × 4`). Three limits bound it: the
/// total cost, the number of images, and the cost of one image (a larger one is decoded
/// and returned but not kept, so one huge file cannot flush everything else).
///
/// Thread safety: every method may be called from any thread at any time. Entries are
/// spread over shards, each behind its own lock, so threads asking for different
/// images rarely wait for each other; decoding runs outside every lock; concurrent
/// requests for the same key share one decode. The total cost never exceeds
/// ``costLimit``, even for a moment: space is reserved before an image is inserted.
/// Within a shard the order is exact LRU; across shards eviction takes each shard's
/// least recently used image in turn.
///
/// ```swift
/// let cache = ImageCache(costLimit: 64 << 20, countLimit: 500)
/// let bitmap = try cache.image(forKey: path) { try PNGDecoder.decode(contentsOf: path) }
/// ```
public final class ImageCache: Sendable {
  /// What the cache has done since it was created.
  public struct Statistics: Sendable, Hashable {
    /// Requests answered from memory, including those that waited for another
    /// thread's decode of the same key.
    public var hits: Int
    /// Requests that started a decode.
    public var misses: Int
    /// Images dropped to make room.
    public var evictions: Int
    /// The cost (pixel bytes) of the images held now.
    public var bytesHeld: Int
    /// The number of images held now.
    public var count: Int
  }

  /// The most pixel bytes held at once.
  public let costLimit: Int
  /// The most images held at once.
  public let countLimit: Int
  /// The most pixel bytes one image may cost and still be kept.
  public let entryCostLimit: Int

  private let shards: [Locked<ShardState>]
  private let shardMask: Int
  private let bytesHeld = Atomic<Int>(0)
  private let entryCount = Atomic<Int>(0)
  private let evictions = Atomic<Int>(0)
  private let evictionCursor = Atomic<Int>(0)

  /// Creates an empty cache, its entries spread over 16 independently locked shards.
  ///
  /// - Parameters:
  ///   - costLimit: the most pixel bytes to hold; 128 MB by default (32 icons of
  ///     1024 × 1024, or about 3,600 of 60 × 60 @3x).
  ///   - countLimit: the most images to hold.
  ///   - entryCostLimit: the most one image may cost and still be kept; a quarter of
  ///     `costLimit` by default.
  public convenience init(costLimit: Int = 128 << 20, countLimit: Int = 4_096, entryCostLimit: Int? = nil) {
    self.init(costLimit: costLimit, countLimit: countLimit, entryCostLimit: entryCostLimit, shards: 16)
  }

  /// Creates an empty cache with `shards` partitions (1 gives a strict global LRU order).
  ///
  /// - Parameters:
  ///   - shards: independently locked partitions, rounded up to a power of two.
  package init(costLimit: Int = 128 << 20, countLimit: Int = 4_096, entryCostLimit: Int? = nil, shards: Int) {
    precondition(costLimit >= 0 && countLimit >= 0, "negative cache limit")
    self.costLimit = costLimit
    self.countLimit = countLimit
    self.entryCostLimit = min(costLimit, entryCostLimit ?? costLimit / 4)
    var count = 1
    while count < max(1, shards) { count <<= 1 }
    self.shards = (0..<count).map { _ in Locked(ShardState()) }
    self.shardMask = count - 1
  }

  /// The image for `key`: from memory when held, otherwise from `load`, whose result is
  /// kept if the limits allow.
  ///
  /// When several threads ask for a key that is not held, one runs `load` and the others
  /// wait for its result; an error is handed to all of them and nothing is kept.
  ///
  /// - Parameters:
  ///   - key: what identifies the image, such as its file's path.
  ///   - load: makes the image when it is not held; called outside every lock, at most
  ///     once for concurrent requests of one key.
  /// - Returns: the held image, or the one `load` made.
  /// - Throws: what `load` throws.
  public func image(forKey key: String, load: () throws -> Bitmap) throws -> Bitmap {
    try stampedImage(forKey: CacheKey(key), load: { (try load(), nil) })
  }

  /// Like ``image(forKey:load:)``, keeping the stamp of the file decoded beside the image.
  package func stampedImage(forKey key: CacheKey, load: () throws -> (Bitmap, FileStamp?)) throws -> Bitmap {
    let shard = shard(for: key)
    let step = shard.withLock { (state) -> Step in
      if let bitmap = state.hit(key) { return .hit(bitmap) }
      if let pending = state.inFlight[key] {
        state.hits += 1
        return .wait(pending)
      }
      let pending = Pending()
      state.inFlight[key] = pending
      state.misses += 1
      return .load(pending)
    }
    switch step {
    case .hit(let bitmap):
      return bitmap
    case .wait(let pending):
      return try pending.wait().get()
    case .load(let pending):
      let result = Result { try load() }
      var kept = false
      if case .success(let (bitmap, _)) = result { kept = reserve(cost: bitmap.pixels.count) }
      let replaced = shard.withLock { (state) -> Int? in
        state.inFlight[key] = nil
        guard kept, case .success(let (bitmap, stamp)) = result else { return nil }
        return state.insert(key, bitmap: bitmap, stamp: stamp)
      }
      if let replaced { release(cost: replaced, count: 1) }
      let answer = result.map(\.0)
      pending.fulfill(answer)
      return try answer.get()
    }
  }

  /// The image held for `key`, without loading; counts as a hit when found.
  ///
  /// - Parameter key: what identifies the image.
  /// - Returns: the image, or `nil` when none is held for `key`.
  public func cachedImage(forKey key: String) -> Bitmap? {
    let key = CacheKey(key)
    return shard(for: key).withLock { $0.hit(key) }
  }

  /// Drops the image held for `key`, if any.
  ///
  /// - Parameter key: what identifies the image.
  public func removeValue(forKey key: String) {
    let key = CacheKey(key)
    if let cost = shard(for: key).withLock({ $0.remove(key) }) { release(cost: cost, count: 1) }
  }

  /// Drops every image held (the counters of hits, misses and evictions stay).
  public func removeAll() {
    for shard in shards {
      let (cost, count) = shard.withLock { $0.removeAll() }
      release(cost: cost, count: count)
    }
  }

  /// The counters now.
  public var statistics: Statistics {
    var hits = 0
    var misses = 0
    for shard in shards {
      shard.withLock {
        hits += $0.hits
        misses += $0.misses
      }
    }
    return Statistics(
      hits: hits, misses: misses, evictions: evictions.load(ordering: .relaxed),
      bytesHeld: bytesHeld.load(ordering: .relaxed), count: entryCount.load(ordering: .relaxed))
  }

  /// The keys held, least recently used first within each shard (for tests of the order).
  package var keys: [String] {
    shards.flatMap { shard in shard.withLock { $0.keysOldestFirst().map(\.path) } }
  }

  /// Keys and stamps of the images held, for a refresh to compare with the files.
  package func stamps() -> [(key: CacheKey, stamp: FileStamp?)] {
    shards.flatMap { shard in shard.withLock { $0.stamps() } }
  }

  /// Drops `key` if it is still held with `stamp`.
  package func removeValue(forKey key: CacheKey, ifStamp stamp: FileStamp?) {
    let cost = shard(for: key).withLock { (state) -> Int? in
      guard let index = state.index[key], state.nodes[Int(index)].stamp == stamp else { return nil }
      return state.remove(key)
    }
    if let cost { release(cost: cost, count: 1) }
  }

  // MARK: - Budget

  private enum Step {
    case hit(Bitmap)
    case wait(Pending)
    case load(Pending)
  }

  private func shard(for key: CacheKey) -> Locked<ShardState> {
    shards[key.hash & shardMask]
  }

  /// Claims room for one image of `cost`, evicting until it fits; `false` when it may not
  /// be kept at all.
  private func reserve(cost: Int) -> Bool {
    guard cost <= entryCostLimit, countLimit > 0 else { return false }
    while true {
      let count = entryCount.load(ordering: .relaxed)
      if count < countLimit {
        if entryCount.compareExchange(expected: count, desired: count + 1, ordering: .relaxed).exchanged {
          break
        }
        continue
      }
      if !evictOne() { return false }
    }
    while true {
      let held = bytesHeld.load(ordering: .relaxed)
      if held + cost <= costLimit {
        if bytesHeld.compareExchange(expected: held, desired: held + cost, ordering: .relaxed).exchanged {
          return true
        }
        continue
      }
      if !evictOne() {
        entryCount.subtract(1, ordering: .relaxed)
        return false
      }
    }
  }

  private func release(cost: Int, count: Int) {
    bytesHeld.subtract(cost, ordering: .relaxed)
    entryCount.subtract(count, ordering: .relaxed)
  }

  /// Drops the least recently used image of the next shard that holds one.
  private func evictOne() -> Bool {
    for _ in shards.indices {
      let index = evictionCursor.add(1, ordering: .relaxed).newValue & shardMask
      if let cost = shards[index].withLock({ $0.removeOldest() }) {
        release(cost: cost, count: 1)
        evictions.add(1, ordering: .relaxed)
        return true
      }
    }
    return false
  }
}

/// One independently locked partition of an ``ImageCache``: an LRU list threaded
/// through an array of nodes, most recent at `head`.
private struct ShardState {
  struct Node {
    var key: CacheKey
    var bitmap: Bitmap?
    var stamp: FileStamp?
    var cost: Int
    var previous: Int32
    var next: Int32
  }

  var index: [CacheKey: Int32] = [:]
  var nodes: [Node] = []
  var freeNodes: [Int32] = []
  var head: Int32 = -1
  var tail: Int32 = -1
  var inFlight: [CacheKey: Pending] = [:]
  var hits = 0
  var misses = 0

  mutating func hit(_ key: CacheKey) -> Bitmap? {
    guard let node = index[key] else { return nil }
    hits += 1
    if node != head {
      unlink(node)
      pushFront(node)
    }
    return nodes[Int(node)].bitmap
  }

  /// Inserts `key`; returns the cost of an image it replaced.
  mutating func insert(_ key: CacheKey, bitmap: Bitmap, stamp: FileStamp?) -> Int? {
    let replaced = remove(key)
    let node = Node(key: key, bitmap: bitmap, stamp: stamp, cost: bitmap.pixels.count, previous: -1, next: -1)
    let slot: Int32
    if let free = freeNodes.popLast() {
      slot = free
      nodes[Int(slot)] = node
    } else {
      slot = Int32(nodes.count)
      nodes.append(node)
    }
    index[key] = slot
    pushFront(slot)
    return replaced
  }

  /// Removes `key`; returns its cost when it was held.
  mutating func remove(_ key: CacheKey) -> Int? {
    guard let node = index.removeValue(forKey: key) else { return nil }
    unlink(node)
    let cost = nodes[Int(node)].cost
    nodes[Int(node)].bitmap = nil
    nodes[Int(node)].key = CacheKey("")
    freeNodes.append(node)
    return cost
  }

  mutating func removeOldest() -> Int? {
    guard tail >= 0 else { return nil }
    return remove(nodes[Int(tail)].key)
  }

  mutating func removeAll() -> (cost: Int, count: Int) {
    let cost = index.values.reduce(0) { $0 + nodes[Int($1)].cost }
    let count = index.count
    index = [:]
    nodes = []
    freeNodes = []
    head = -1
    tail = -1
    return (cost, count)
  }

  func keysOldestFirst() -> [CacheKey] {
    var keys: [CacheKey] = []
    var node = tail
    while node >= 0 {
      keys.append(nodes[Int(node)].key)
      node = nodes[Int(node)].previous
    }
    return keys
  }

  func stamps() -> [(key: CacheKey, stamp: FileStamp?)] {
    index.values.map { (nodes[Int($0)].key, nodes[Int($0)].stamp) }
  }

  private mutating func unlink(_ node: Int32) {
    let previous = nodes[Int(node)].previous
    let next = nodes[Int(node)].next
    if previous >= 0 { nodes[Int(previous)].next = next } else { head = next }
    if next >= 0 { nodes[Int(next)].previous = previous } else { tail = previous }
    nodes[Int(node)].previous = -1
    nodes[Int(node)].next = -1
  }

  private mutating func pushFront(_ node: Int32) {
    nodes[Int(node)].next = head
    nodes[Int(node)].previous = -1
    if head >= 0 { nodes[Int(head)].previous = node }
    head = node
    if tail < 0 { tail = node }
  }
}
