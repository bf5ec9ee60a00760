import AssetIndex
import AssetResolver
import ImageCore
import Testing

@Suite struct ImageCacheTests {
  /// A bitmap costing `bytes` (a multiple of 4).
  static func bitmap(costing bytes: Int, colour: UInt8 = 1) -> Bitmap {
    Bitmap(width: bytes / 4, height: 1, filling: (colour, 0, 0, 255))
  }

  @Test func decodesOnceThenServesFromMemory() throws {
    let cache = ImageCache(costLimit: 1_000, countLimit: 10)
    var loads = 0
    for _ in 0..<5 {
      let image = try cache.image(forKey: "a") {
        loads += 1
        return Self.bitmap(costing: 100)
      }
      #expect(image.pixels.count == 100)
    }
    #expect(loads == 1)
    let stats = cache.statistics
    #expect(stats.hits == 4)
    #expect(stats.misses == 1)
    #expect(stats.bytesHeld == 100)
    #expect(stats.count == 1)
  }

  @Test func evictsLeastRecentlyUsedFirst() throws {
    let cache = ImageCache(costLimit: 300, countLimit: 100, entryCostLimit: 300, shards: 1)
    for key in ["a", "b", "c"] { _ = try cache.image(forKey: key) { Self.bitmap(costing: 100) } }
    #expect(cache.cachedImage(forKey: "a") != nil)  // a is now the most recent
    _ = try cache.image(forKey: "d") { Self.bitmap(costing: 100) }
    #expect(cache.keys == ["c", "a", "d"])  // least recently used first
    #expect(cache.cachedImage(forKey: "b") == nil)
    #expect(cache.cachedImage(forKey: "c") != nil)
    #expect(cache.cachedImage(forKey: "a") != nil)
    #expect(cache.cachedImage(forKey: "d") != nil)
    #expect(cache.statistics.evictions == 1)
    #expect(cache.statistics.bytesHeld == 300)
    // Two evictions make room for a double-size image: the two least recent go.
    _ = try cache.image(forKey: "e") { Self.bitmap(costing: 200) }
    #expect(cache.cachedImage(forKey: "c") == nil)
    #expect(cache.cachedImage(forKey: "a") == nil)
    #expect(cache.cachedImage(forKey: "d") != nil)
    #expect(cache.statistics.evictions == 3)
    #expect(cache.statistics.bytesHeld == 300)
  }

  @Test func theCountLimitHolds() throws {
    let cache = ImageCache(costLimit: 1 << 20, countLimit: 2, shards: 1)
    for key in ["a", "b", "c", "d"] { _ = try cache.image(forKey: key) { Self.bitmap(costing: 4) } }
    #expect(cache.statistics.count == 2)
    #expect(cache.cachedImage(forKey: "c") != nil)
    #expect(cache.cachedImage(forKey: "d") != nil)
    #expect(cache.statistics.evictions == 2)
  }

  @Test func anImageOverThePerEntryLimitIsReturnedButNotKept() throws {
    let cache = ImageCache(costLimit: 1_000, countLimit: 10, entryCostLimit: 200)
    _ = try cache.image(forKey: "small") { Self.bitmap(costing: 100) }
    let big = try cache.image(forKey: "big") { Self.bitmap(costing: 400) }
    #expect(big.pixels.count == 400)
    #expect(cache.cachedImage(forKey: "big") == nil)
    #expect(cache.cachedImage(forKey: "small") != nil)
    #expect(cache.statistics.bytesHeld == 100)
    #expect(cache.statistics.evictions == 0)
    #expect(ImageCache(costLimit: 800).entryCostLimit == 200)
  }

  @Test func errorsReachTheCallerAndAreNotCached() throws {
    struct Broken: Error {}
    let cache = ImageCache()
    #expect(throws: Broken.self) { try cache.image(forKey: "x") { throw Broken() } }
    #expect(cache.statistics.count == 0)
    let image = try cache.image(forKey: "x") { Self.bitmap(costing: 8) }
    #expect(image.pixels.count == 8)
  }

  @Test func removeAllAndRemoveValueFreeTheirBytes() throws {
    let cache = ImageCache(costLimit: 1_000, countLimit: 10)
    for key in ["a", "b", "c"] { _ = try cache.image(forKey: key) { Self.bitmap(costing: 100) } }
    cache.removeValue(forKey: "b")
    #expect(cache.statistics.bytesHeld == 200)
    #expect(cache.cachedImage(forKey: "b") == nil)
    cache.removeAll()
    #expect(cache.statistics.bytesHeld == 0)
    #expect(cache.statistics.count == 0)
    #expect(cache.cachedImage(forKey: "a") == nil)
    #expect(cache.statistics.misses == 3)
  }

  @Test func aZeroLimitCacheKeepsNothing() throws {
    let cache = ImageCache(costLimit: 0, countLimit: 0)
    var loads = 0
    for _ in 0..<3 {
      _ = try cache.image(forKey: "a") {
        loads += 1
        return Self.bitmap(costing: 4)
      }
    }
    #expect(loads == 3)
    #expect(cache.statistics.bytesHeld == 0)
  }
}
