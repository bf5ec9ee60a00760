import Testing

@testable import IconGridSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

@Suite("IconGridSupport helpers")
struct SupportTests {
  @Test func parallelMapKeepsTheOrder() {
    let items = Array(0..<1_000)
    #expect(Parallel.map(items) { $0 * 3 } == items.map { $0 * 3 })
    #expect(Parallel.map([Int]()) { $0 }.isEmpty)
  }

  /// Each item is transformed once, by a worker in range, and no worker runs on two threads
  /// at once: a worker's count of running items never exceeds one.
  @Test func parallelMapByWorkerKeepsTheOrderAndItsWorkersApart() {
    let items = Array(0..<500)
    let running = Locked([Int](repeating: 0, count: 2))
    let overlapped = Locked(false)
    let mapped = Parallel.map(items, workers: 2) { item, worker -> Int in
      running.withLock { counts in
        counts[worker] += 1
        if counts[worker] > 1 { overlapped.withLock { $0 = true } }
      }
      defer { running.withLock { $0[worker] -= 1 } }
      return item * 3
    }
    #expect(mapped.map(\.result) == items.map { $0 * 3 })
    #expect(mapped.allSatisfy { (0..<2).contains($0.worker) })
    #expect(!overlapped.withLock { $0 })
    #expect(Parallel.map([Int](), workers: 2) { item, _ in item }.isEmpty)
    #expect(Parallel.map(items, workers: 1) { item, _ in item }.allSatisfy { $0.worker == 0 })
  }

  @Test func overlappingReturnsBothResultsAndLetsTheForegroundMutate() {
    var log: [String] = []
    let items = Array(0..<1_000)
    let (sum, count) = Parallel.overlapping(
      { Parallel.map(items) { $0 * 2 }.reduce(0, +) },
      with: { () -> Int in
        log.append("foreground")
        return log.count
      })
    #expect(sum == 999_000)
    #expect(count == 1)
    #expect(log == ["foreground"])
  }

  @Test func sortedIndicesIsAStableSortOfHalvesMerged() {
    // Many ties (keys 0...9), enough indices for two halves: equal keys keep index order.
    let keys = (0..<10_000).map { ($0 * 7_919) % 10 }
    let sorted = Parallel.sortedIndices(count: keys.count) { keys[$0] < keys[$1] }
    let expected = keys.indices.map { ($0, keys[$0]) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
    #expect(sorted == expected)
    #expect(Parallel.sortedIndices(count: 3) { $0 > $1 } == [2, 1, 0])
    #expect(Parallel.sortedIndices(count: 0) { $0 < $1 }.isEmpty)
  }

  @Test func processLifetimeKeepsWhatItIsGiven() {
    final class Flag: Sendable {
      let freed: Locked<Bool>
      init(_ freed: Locked<Bool>) { self.freed = freed }
      deinit { freed.withLock { $0 = true } }
    }
    let freed = Locked(false)
    let before = ProcessLifetime.keptCount
    do {
      let flag = Flag(freed)
      ProcessLifetime.keep(flag)
    }
    #expect(ProcessLifetime.keptCount == before + 1)
    #expect(freed.withLock { $0 } == false)
    do { _ = Flag(freed) }
    // A value not kept is freed when its last use ends: the flag can tell.
    #expect(freed.withLock { $0 } == true)
  }

  @Test func deferredComputesOnceWhenFirstAsked() {
    let calls = Locked(0)
    let deferred = Deferred { () -> Int in
      calls.withLock { $0 += 1 }
      return 42
    }
    #expect(calls.withLock { $0 } == 0)
    let values = Parallel.map(Array(0..<64)) { _ in deferred.value }
    #expect(values == Array(repeating: 42, count: 64))
    #expect(calls.withLock { $0 } == 1)
  }

  /// Full, the oldest key goes first; a key held again keeps its place and takes the new value.
  @Test func fifoCacheEvictsTheOldestAndUpdatesInPlace() {
    var cache = FIFOCache<String, Int>(capacity: 2)
    cache.insert(1, for: "a")
    cache.insert(2, for: "b")
    cache.insert(10, for: "a")
    #expect(cache["a"] == 10)
    cache.insert(3, for: "c")
    #expect(cache.count == 2)
    #expect(cache["a"] == nil)
    #expect(cache["b"] == 2)
    #expect(cache["c"] == 3)
    cache.insert(4, for: "d")
    #expect(cache["b"] == nil)
    #expect(cache["d"] == 4)
  }

  @Test func folderListingsAnswerFromOneListingPerFolder() throws {
    var template = Array("/tmp/icongrid-listings-XXXXXX".utf8CString)
    let root = try #require(
      template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
    #expect(mkdir(root + "/sub", 0o755) == 0)
    for path in ["a.png", "sub/x.plist"] { #expect(creat(root + "/" + path, 0o644) >= 0) }
    let listings = FolderListings(root: root)
    #expect(listings.contains("a.png"))
    #expect(listings.contains("sub/x.plist"))
    #expect(listings.contains("x.plist", in: "sub"))
    #expect(!listings.contains("sub/X.plist"))
    #expect(!listings.contains("missing/x.plist"))
    // Listed once: a file made afterwards is not seen.
    #expect(creat(root + "/sub/late.json", 0o644) >= 0)
    #expect(!listings.contains("sub/late.json"))
    #expect(FolderListings(root: root).contains("sub/late.json"))
    // Extensions: what follows a name's last dot, exactly; a folder listed once.
    #expect(listings.containsAny(extensions: ["fnt", "plist"], in: "sub"))
    #expect(!listings.containsAny(extensions: ["PLIST", "json", "list"], in: "sub"))
    #expect(!listings.containsAny(extensions: ["plist"], in: ""))
    #expect(listings.containsAny(extensions: ["png"], in: ""))
    #expect(!listings.containsAny(extensions: ["png"], in: "missing"))
    // A folder asked about extensions first answers names later from that same listing.
    let fresh = FolderListings(root: root)
    #expect(fresh.containsAny(extensions: ["json"], in: "sub"))
    #expect(creat(root + "/sub/later.png", 0o644) >= 0)
    #expect(fresh.contains("late.json", in: "sub"))
    #expect(fresh.contains("x.plist", in: "sub"))
    #expect(!fresh.contains("later.png", in: "sub"))
  }

  @Test func suggestionsAreNearestFirstAndWithinATypo() {
    let names = ["mail", "maps", "music", "calendar"]
    #expect(Suggestions.nearest(to: "mial", in: names, limit: 3) == ["mail"])
    #expect(Suggestions.nearest(to: "mapz", in: names, limit: 3) == ["maps", "mail"])
    #expect(Suggestions.nearest(to: "zzzzzzzz", in: names, limit: 3).isEmpty)
    #expect(
      Suggestions.editDistance(
        Array("Mail".unicodeScalars), Array("mail".unicodeScalars), caseInsensitive: true) == 1)
    #expect(
      Suggestions.editDistance(
        Array("mail".unicodeScalars), Array("mail".unicodeScalars), caseInsensitive: true) == 0)
  }

  @Test func jsonKeepsKeyOrderAndEscapes() {
    let value = JSONValue.object([
      ("b", .int(1)), ("a", .string("x\"\n\u{1}")), ("c", .array([.null, .bool(true)])),
    ])
    #expect(value.rendered(pretty: false) == #"{"b":1,"a":"x\"\n\u0001","c":[null,true]}"#)
  }

  @Test func writeAllThenReadFullyRoundTrips() throws {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    let bytes = (0..<4_000).map { UInt8($0 % 251) }
    #expect(bytes.withUnsafeBytes { FileSystem.writeAll(fds[1], $0) })
    close(fds[1])
    var back = [UInt8](repeating: 0, count: 5_000)
    let got = back.withUnsafeMutableBytes { FileSystem.readFully(fds[0], into: $0) }
    close(fds[0])
    #expect(got == bytes.count)
    #expect(Array(back[..<got]) == bytes)
  }

  @Test func readFullyReportsAFailedRead() {
    var buffer = [UInt8](repeating: 0, count: 8)
    #expect(buffer.withUnsafeMutableBytes { FileSystem.readFully(-1, into: $0) } == -1)
    #expect(errno == EBADF)
    #expect(!FileSystem.errorText().isEmpty)
  }

  @Test func realPathAndIsInside() {
    #expect(FileSystem.realPath("/") == "/")
    #expect(FileSystem.realPath("/no/such/path/anywhere") == nil)
    #expect(FileSystem.isInside("/a/b/c", root: "/a/b"))
    #expect(!FileSystem.isInside("/a/bc", root: "/a/b"))
    #expect(FileSystem.isDirectory("/"))
  }
}
