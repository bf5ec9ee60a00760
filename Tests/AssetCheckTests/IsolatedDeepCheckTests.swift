import AssetCheck
import Foundation
import TestSupport
import Testing

/// `CheckConfiguration.limits` reaches every decode of `--deep`: with isolation set, a
/// vector is rendered in the child (here one that never answers, standing in for a librsvg
/// stuck on a hostile file) and ends in a finding naming the file and the limit, while the
/// other files are decoded in process as before.
@Suite("check --deep within the caller's limits")
struct IsolatedDeepCheckTests {
  static let svg =
    #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20"/></svg>"#

  /// A catalog of a vector, a good PNG and a PNG cut short.
  static func tree() throws -> Tree {
    let tree = Tree()
    tree.text("A.xcassets/logo.imageset/logo.svg", svg)
    tree.contents("A.xcassets/logo.imageset", [slot("logo.svg", scale: nil)])
    try tree.png("A.xcassets/good.imageset/good.png", 20, 20)
    tree.contents("A.xcassets/good.imageset", [slot("good.png", scale: "1x")])
    try tree.png("A.xcassets/cut.imageset/cut.png", 20, 20)
    tree.contents("A.xcassets/cut.imageset", [slot("cut.png", scale: "1x")])
    let whole = try Data(contentsOf: URL(fileURLWithPath: tree.path("A.xcassets/cut.imageset/cut.png")))
    tree.bytes("A.xcassets/cut.imageset/cut.png", Array(whole.dropLast(30)))
    return tree
  }

  @Test(
    "a render that outlives the child's deadline is an unreadable finding naming the limit; the PNGs are decoded"
  )
  func hangingRender() throws {
    let tree = try Self.tree()
    var configuration = CheckConfiguration(requiredScales: [1], deep: true)
    configuration.limits = HangingChild.limits
    let unreadable = AssetChecker.check(roots: [tree.root], configuration: configuration).findings(
      .unreadable)
    #expect(
      unreadable.map(\.relativePath).sorted() == [
        "A.xcassets/cut.imageset/cut.png", "A.xcassets/logo.imageset/logo.svg",
      ])
    let logo = try #require(unreadable.first { $0.relativePath.hasSuffix("logo.svg") })
    #expect(logo.message.contains(HangingChild.reason("librsvg")), "\(logo.message)")

    // The same tree with the default limits: the SVG renders in process.
    let inProcess = AssetChecker.check(
      roots: [tree.root], configuration: CheckConfiguration(requiredScales: [1], deep: true))
    #expect(inProcess.findings(.unreadable).map(\.relativePath) == ["A.xcassets/cut.imageset/cut.png"])
  }
}
