import AssetIndex
import AssetResolver
import IconGridSupport
import ImageCore
import PNGCodec
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs `body(0..<count)` on `count` new threads at once and waits for all of them.
func concurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  final class Job: Sendable {
    let body: @Sendable (Int) -> Void
    let index: Int
    init(_ body: @escaping @Sendable (Int) -> Void, _ index: Int) {
      self.body = body
      self.index = index
    }
  }
  var threads: [pthread_t] = []
  for index in 0..<count {
    let job = Unmanaged.passRetained(Job(body, index)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
      &thread, nil,
      { raw in
        let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
        job.body(job.index)
        return nil
      }, job)
    precondition(status == 0, "pthread_create failed")
    threads.append(thread)
  }
  for thread in threads { pthread_join(thread, nil) }
}

/// A small deterministic generator, one per thread.
struct XorShift {
  var state: UInt64
  init(seed: Int) { state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1 }
  mutating func next(_ bound: Int) -> Int {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return Int(state % UInt64(bound))
  }
}

/// Bookkeeping of a stress run, behind one lock.
struct Ledger {
  var decodes = 0
  var maxBytesHeld = 0
  var failures: [String] = []
  var finished = 0
}

@Suite struct ThreadSafetyResolverTests {
  static let threads = 8
  static let requestsPerThread = 10_000

  @Test func randomRequestsUnderEvictionDecodeEachMissOnceAndStayWithinTheLimit() {
    /// Decodes of one key now running, to catch two at once.
    final class KeyState: Sendable {
      let name: String
      let decoding = Atomic<Int>(0)
      init(_ name: String) { self.name = name }
    }
    let keys = (0..<96).map { KeyState("icon-\($0)") }
    let cost = 4 * 4 * 4
    let limit = 48 * cost  // half the keys: about half the requests miss and evict
    let cache = ImageCache(costLimit: limit, countLimit: 1_000, entryCostLimit: cost)
    let decodes = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    let maxBytesHeld = Atomic<Int>(0)
    let failures = Atomic<Int>(0)
    concurrently(Self.threads) { thread in
      var random = XorShift(seed: thread + 1)
      for request in 0..<Self.requestsPerThread {
        let key = keys[random.next(keys.count)]
        do {
          let bitmap = try cache.image(forKey: key.name) {
            decodes.add(1, ordering: .relaxed)
            if key.decoding.add(1, ordering: .relaxed).newValue > 1 { overlaps.add(1, ordering: .relaxed) }
            defer { key.decoding.subtract(1, ordering: .relaxed) }
            return Bitmap(width: 4, height: 4, filling: (UInt8(key.name.count), 0, 0, 255))
          }
          if bitmap.pixels.count != cost { failures.add(1, ordering: .relaxed) }
        } catch {
          failures.add(1, ordering: .relaxed)
        }
        if request % 128 == 0 {
          maxBytesHeld.max(cache.statistics.bytesHeld, ordering: .relaxed)
        }
      }
    }
    let stats = cache.statistics
    #expect(failures.load(ordering: .relaxed) == 0)
    #expect(overlaps.load(ordering: .relaxed) == 0, "a key was decoded by two threads at once")
    #expect(decodes.load(ordering: .relaxed) == stats.misses, "every miss decodes exactly once")
    #expect(stats.hits + stats.misses == Self.threads * Self.requestsPerThread)
    #expect(maxBytesHeld.load(ordering: .relaxed) <= limit)
    #expect(stats.bytesHeld <= limit)
    #expect(stats.bytesHeld == stats.count * cost)
    #expect(stats.evictions > 0)
    #expect(stats.evictions == stats.misses - stats.count)
  }

  @Test func concurrentRequestsForOneImageShareOneDecode() throws {
    let cache = ImageCache()
    let arrived = Atomic<Int>(0)
    let ledger = Locked(Ledger())
    let results = Locked<[Bitmap]>([])
    concurrently(Self.threads) { _ in
      arrived.add(1, ordering: .relaxed)
      while arrived.load(ordering: .relaxed) < Self.threads { sched_yield() }
      do {
        let bitmap = try cache.image(forKey: "shared") {
          ledger.withLock { $0.decodes += 1 }
          usleep(200_000)  // long enough that the other threads find the decode in flight
          return Bitmap(width: 4, height: 4, filling: (9, 9, 9, 255))
        }
        results.withLock { $0.append(bitmap) }
      } catch {
        ledger.withLock { $0.failures.append("\(error)") }
      }
    }
    #expect(ledger.withLock { $0.decodes } == 1)
    #expect(ledger.withLock { $0.failures }.isEmpty)
    let bitmaps = results.withLock { $0 }
    #expect(bitmaps.count == Self.threads)
    #expect(bitmaps.allSatisfy { $0 == bitmaps[0] })
    #expect(cache.statistics.misses == 1)
    #expect(cache.statistics.hits == Self.threads - 1)
  }

  @Test func failedDecodesReachEveryWaiterAndAreRetried() {
    struct Broken: Error {}
    let cache = ImageCache()
    let arrived = Atomic<Int>(0)
    let failures = Atomic<Int>(0)
    concurrently(Self.threads) { _ in
      arrived.add(1, ordering: .relaxed)
      while arrived.load(ordering: .relaxed) < Self.threads { sched_yield() }
      do {
        _ = try cache.image(forKey: "broken") {
          usleep(50_000)
          throw Broken()
        }
      } catch {
        failures.add(1, ordering: .relaxed)
      }
    }
    #expect(failures.load(ordering: .relaxed) == Self.threads)
    #expect(cache.statistics.count == 0)
    #expect(cache.cachedImage(forKey: "broken") == nil)
  }

  @Test func libraryLookupsStayCorrectWhileTheIndexIsRefreshed() throws {
    let tree = Tree()
    var names: [String] = []
    for index in 0..<24 {
      let name = "set\(index % 3)/icon\(index)"
      names.append(name)
      // The colour encodes the asset and the scale, so a wrong file is caught.
      try tree.png(name + ".png", width: 4, height: 4, colour: UInt8(index * 8 + 1))
      try tree.png(name + "@2x.png", width: 8, height: 8, colour: UInt8(index * 8 + 2))
      if index % 2 == 0 {
        try tree.png(name + "@3x.png", width: 12, height: 12, colour: UInt8(index * 8 + 3))
      }
    }
    let limit = 10 * 12 * 12 * 4
    let decodes = Atomic<Int>(0)
    let library = try AssetLibrary(
      root: tree.root, cache: ImageCache(costLimit: limit, entryCostLimit: limit)
    ) {
      path in
      decodes.add(1, ordering: .relaxed)
      return try PNGDecoder.decode(contentsOf: path)
    }
    let ledger = Locked(Ledger())
    let stop = Atomic<Bool>(false)
    let allNames = names
    concurrently(Self.threads + 1) { thread in
      if thread == Self.threads {
        while !stop.load(ordering: .relaxed) {
          library.refresh()
          usleep(2_000)
        }
        return
      }
      var random = XorShift(seed: thread + 100)
      for request in 0..<2_000 {
        let index = random.next(allNames.count)
        let scale = random.next(3) + 1
        do {
          let answer = try library.image(named: allNames[index], scale: scale)
          let chosen = Int(answer.resolution.scale)
          let expectedScale = scale == 3 && index % 2 == 1 ? 2 : scale
          if chosen != expectedScale || answer.bitmap.width != 4 * chosen
            || answer.bitmap[0, 0].0 != UInt8(index * 8 + chosen) || answer.resolution.pointSize?.width != 4
          {
            ledger.withLock { $0.failures.append("\(allNames[index])@\(scale): got \(answer.resolution)") }
          }
        } catch {
          ledger.withLock { $0.failures.append("\(allNames[index]): \(error)") }
        }
        if request % 16 == 0 {
          let held = library.cache.statistics.bytesHeld
          ledger.withLock { $0.maxBytesHeld = max($0.maxBytesHeld, held) }
        }
      }
      let finished = ledger.withLock {
        $0.finished += 1
        return $0.finished
      }
      if finished == Self.threads {
        stop.store(true, ordering: .relaxed)
      }
    }
    let result = ledger.withLock { $0 }
    #expect(result.failures.isEmpty, "\(result.failures.prefix(3))")
    #expect(result.maxBytesHeld <= limit)
    #expect(library.cache.statistics.bytesHeld <= limit)
    #expect(decodes.load(ordering: .relaxed) == library.cache.statistics.misses)
  }
}
