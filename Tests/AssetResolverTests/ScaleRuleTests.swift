import AssetIndex
import AssetResolver
import TestSupport
import Testing

@Suite struct ScaleRuleTests {
  /// Every non-empty subset of {1, 2, 3}.
  static let subsets: [[Int]] = [[1], [2], [3], [1, 2], [1, 3], [2, 3], [1, 2, 3]]

  /// The order UIKit tries scales in, as DESIGN.md states it.
  static func expected(_ present: [Int], requested: Int) -> Int {
    let order = [1: [1, 2, 3], 2: [2, 3, 1], 3: [3, 2, 1]][requested]!
    return order.first { present.contains($0) }!
  }

  @Test(arguments: subsets, [1, 2, 3])
  func picksExactThenHigherThenLower(present: [Int], requested: Int) throws {
    let tree = Tree()
    for scale in present {
      // 10 points at every scale, so pixels ÷ scale must come out at 10.
      try tree.png(scale == 1 ? "icon.png" : "icon@\(scale)x.png", width: 10 * scale, height: 10 * scale)
    }
    let library = try AssetLibrary(root: tree.root)
    let answer = try library.variant(named: "icon", scale: requested)
    let chosen = Self.expected(present, requested: requested)
    #expect(answer.scale == Double(chosen))
    #expect(answer.path == (chosen == 1 ? "icon.png" : "icon@\(chosen)x.png"))
    #expect(answer.isFallback == (chosen != requested))
    #expect(answer.pixelWidth == 10 * chosen)
    #expect(answer.pointSize?.width == 10)
    #expect(answer.pointSize?.height == 10)
    #expect(answer.requestedScale == Double(requested))

    let image = try library.image(named: "icon", scale: requested)
    #expect(image.resolution == answer)
    #expect(image.bitmap.width == 10 * chosen)
  }

  @Test func noFileAtAllIsNotFound() throws {
    let tree = Tree()
    try tree.png("other.png", width: 1, height: 1)
    let library = try AssetLibrary(root: tree.root)
    #expect(throws: ResolveError.self) { try library.variant(named: "icon", scale: 2) }
  }

  @Test func scalesAboveThreeFollowTheSameRule() throws {
    let tree = Tree()
    try tree.png("a@2x.png", width: 2, height: 2)
    try tree.png("a@4x.png", width: 4, height: 4)
    try tree.png("a@6x.png", width: 6, height: 6)
    let library = try AssetLibrary(root: tree.root)
    #expect(try library.variant(named: "a", scale: 5).scale == 6)
    #expect(try library.variant(named: "a", scale: 7).scale == 6)
    #expect(try library.variant(named: "a", scale: 4).scale == 4)
    #expect(try library.variant(named: "a", scale: 3).scale == 4)
  }

  @Test(
    arguments: [
      (1, Idiom.ipad, "a~ipad.png"),
      (1, Idiom.iphone, "a.png"),
      (1, nil, "a.png"),
      (2, Idiom.iphone, "a@2x~iphone.png"),
      (2, Idiom.ipad, "a~ipad.png"),
      (2, nil, "a@2x~iphone.png"),
      (3, Idiom.ipad, "a~ipad.png"),
      (3, Idiom.iphone, "a@2x~iphone.png"),
    ] as [(Int, Idiom?, String)])
  func idiomBeatsGenericWithinAScale(scale: Int, idiom: Idiom?, file: String) throws {
    let tree = Tree()
    try tree.png("a.png", width: 5, height: 5)
    try tree.png("a~ipad.png", width: 6, height: 6)
    try tree.png("a@2x~iphone.png", width: 10, height: 10)
    let library = try AssetLibrary(root: tree.root)
    #expect(try library.variant(named: "a", scale: scale, idiom: idiom).path == file)
  }

  @Test func theOtherIdiomIsNeverChosen() throws {
    let tree = Tree()
    try tree.png("pad~ipad.png", width: 5, height: 5)
    let library = try AssetLibrary(root: tree.root)
    let error = try #require(throws: ResolveError.self) {
      try library.variant(named: "pad", scale: 1, idiom: .iphone)
    }
    #expect(
      error.reason == .noMatchingVariant(request: TraitRequest(scale: 1, idiom: .iphone), devices: [.ipad]))
    #expect(error.isNotFound)
    #expect(try library.variant(named: "pad", scale: 1, idiom: .ipad).variant?.idiom == .ipad)
  }

  @Test func aNameMayCarryPNGAndPinAScaleOrIdiom() throws {
    let tree = Tree()
    try tree.png("a.png", width: 5, height: 5)
    try tree.png("a@2x.png", width: 10, height: 10)
    try tree.png("a@2x~ipad.png", width: 12, height: 12)
    let library = try AssetLibrary(root: tree.root)
    #expect(try library.variant(named: "a.png", scale: 2).path == "a@2x.png")
    let pinned = try library.variant(named: "a@2x", scale: 1)
    #expect(pinned.path == "a@2x.png")
    #expect(pinned.requestedScale == 2)
    #expect(!pinned.isFallback)
    #expect(try library.variant(named: "a@2x~ipad.png").path == "a@2x~ipad.png")
    #expect(try library.variant(named: "a~ipad", scale: 2).path == "a@2x~ipad.png")
    #expect(throws: ResolveError.self) { try library.variant(named: "a@3x", scale: 3) }
    // A pinned idiom still lets the scale rule run: the iPad file at 2x serves 1x.
    let pad = try library.variant(named: "a~ipad", scale: 1)
    #expect(pad.path == "a@2x~ipad.png")
    #expect(pad.isFallback)
    #expect(throws: ResolveError.self) { try library.variant(named: "a~iphone", scale: 1) }
  }
}
