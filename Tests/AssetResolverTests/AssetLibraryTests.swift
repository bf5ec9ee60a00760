import AssetIndex
import AssetResolver
import IconGridSupport
import ImageCore
import PNGCodec
import TestSupport
import Testing

@Suite struct AssetLibraryTests {
  @Test func aCachedImageIsServedWithoutTheFile() throws {
    let tree = Tree()
    let file = try tree.png("icon@2x.png", width: 20, height: 20, colour: 7)
    let library = try AssetLibrary(root: tree.root)
    let first = try library.image(named: "icon", scale: 2)
    #expect(first.bitmap[0, 0] == (7, 0, 0, 255))
    tree.delete(file)
    let second = try library.image(named: "icon", scale: 2)
    #expect(second.bitmap == first.bitmap)
    #expect(second.resolution.pointSize?.width == 10)
    #expect(library.cache.statistics.hits == 1)
    #expect(library.cache.statistics.misses == 1)
  }

  @Test func refreshDropsImagesWhoseFileChangedAndSeesNewFiles() throws {
    let tree = Tree()
    try tree.png("a.png", width: 4, height: 4, colour: 1)
    try tree.png("b.png", width: 4, height: 4, colour: 2)
    let decodes = Locked(0)
    let library = try AssetLibrary(root: tree.root) { path in
      decodes.withLock { $0 += 1 }
      return try PNGDecoder.decode(contentsOf: path)
    }
    _ = try library.image(named: "a")
    _ = try library.image(named: "b")
    #expect(decodes.withLock { $0 } == 2)
    try tree.png("a.png", width: 6, height: 6, colour: 3)
    try tree.png("c@2x.png", width: 2, height: 2)
    // Without a refresh the cache answers as before: no system call on a hit.
    #expect(try library.image(named: "a").bitmap.width == 4)
    #expect(throws: ResolveError.self) { try library.image(named: "c") }
    library.refresh()
    let a = try library.image(named: "a")
    #expect(a.bitmap.width == 6)
    #expect(a.bitmap[0, 0] == (3, 0, 0, 255))
    #expect(try library.image(named: "b").bitmap.width == 4)
    #expect(decodes.withLock { $0 } == 3)
    #expect(try library.variant(named: "c", scale: 2).pixelWidth == 2)
    #expect(try library.variant(named: "a").pixelWidth == 6)
  }

  @Test("an asset whose name ends like an extension or a suffix resolves by that name, looked up whole")
  func aNameThatLooksLikeAFileNameResolvesWhole() throws {
    let tree = Tree()
    try tree.png("badge.svg@2x.png", width: 8, height: 8, colour: 1)
    try tree.png("A.xcassets/logo.pdf.imageset/l@2x.png", width: 6, height: 6, colour: 2)
    tree.contents("A.xcassets/logo.pdf.imageset", [slot("l@2x.png", scale: "2x")])
    try tree.png("A.xcassets/star@3x.imageset/s.png", width: 4, height: 4, colour: 3)
    tree.contents("A.xcassets/star@3x.imageset", [slot("s.png", scale: "2x")])
    try tree.png("star@3x.png", width: 9, height: 9, colour: 4)
    let library = try AssetLibrary(root: tree.root)
    #expect(try library.variant(named: "badge.svg", scale: 2).pixelWidth == 8)
    #expect(try library.variant(named: "badge.svg.png", scale: 2).pixelWidth == 8)
    #expect(try library.variant(named: "logo.pdf", scale: 2).pixelWidth == 6)
    // The set named "star@3x" is found whole; without it, "star@3x" pins the loose file's 3x.
    #expect(try library.variant(named: "star@3x", scale: 2).pixelWidth == 4)
    // A name that is no asset is still read for its suffixes.
    #expect(throws: ResolveError.self) { try library.variant(named: "badge.jpg", scale: 2) }
  }

  @Test func aFileThatIsNotAPNGIsABadFileNotAMissingOne() throws {
    let tree = Tree()
    tree.text("fake.png", "hello, I am text")
    let library = try AssetLibrary(root: tree.root)
    let error = try #require(throws: ResolveError.self) { try library.image(named: "fake") }
    guard case .unreadable(let underlying) = error.reason else {
      Issue.record("expected unreadable, got \(error)")
      return
    }
    #expect(underlying.code == .notPNG)
    #expect(underlying.path == "fake.png")
    #expect(!error.isNotFound)
    #expect(throws: ResolveError.self) { try library.variant(named: "fake") }
    #expect(library.cache.statistics.count == 0)
  }

  @Test func librariesCanShareACache() throws {
    let one = Tree()
    let two = Tree()
    try one.png("x.png", width: 2, height: 2, colour: 1)
    try two.png("x.png", width: 3, height: 3, colour: 2)
    let cache = ImageCache()
    let first = try AssetLibrary(root: one.root, cache: cache)
    let second = try AssetLibrary(root: two.root, cache: cache)
    #expect(try first.image(named: "x").bitmap.width == 2)
    #expect(try second.image(named: "x").bitmap.width == 3)
    #expect(cache.statistics.count == 2)
  }
}
