import AssetIndex
import AssetResolver
import TestSupport
import Testing

/// Names from outside never reach files outside the root.
@Suite struct EscapeTests {
  @Test(arguments: [
    "../outside", "../outside.png", "inner/../../outside", "/etc/passwd", "//etc/passwd", "./../outside",
    "inner/../secret",
  ])
  func namesThatClimbOutAreNotFound(name: String) throws {
    let parent = Tree()
    try parent.png("outside.png", width: 1, height: 1)
    try parent.png("root/inner/ok.png", width: 1, height: 1)
    try parent.png("root/secret.png", width: 1, height: 1)
    let library = try AssetLibrary(root: parent.path("root"))
    let error = try #require(throws: ResolveError.self) { try library.image(named: name, scale: 1) }
    #expect(error.isNotFound)
    #expect(try library.image(named: "inner/ok").bitmap.width == 1)
  }

  @Test func linksLeadingOutsideAreNeitherIndexedNorOpened() throws {
    let parent = Tree()
    try parent.png("outside.png", width: 3, height: 3)
    try parent.png("elsewhere/far.png", width: 3, height: 3)
    try parent.png("root/real.png", width: 2, height: 2)
    parent.link("root/evil.png", to: parent.path("outside.png"))
    parent.link("root/relative.png", to: "../outside.png")
    parent.link("root/folder", to: parent.path("elsewhere"))
    parent.link("root/alias.png", to: "real.png")
    parent.link("root/dangling.png", to: "nothing-here.png")
    let library = try AssetLibrary(root: parent.path("root"))
    for name in ["evil", "relative", "folder/far", "dangling"] {
      #expect(throws: ResolveError.self, "\(name)") { try library.image(named: name) }
    }
    // A link that stays inside the root is an ordinary file.
    #expect(try library.image(named: "alias").bitmap.width == 2)
    let outside = library.catalog.problems.filter { $0.kind == .symlinkOutsideRoot }.map(\.path)
    #expect(outside == ["evil.png", "folder", "relative.png"])
    #expect(library.catalog.problems.filter { $0.kind == .brokenSymlink }.map(\.path) == ["dangling.png"])
  }

  @Test func aLinkSwappedInAfterIndexingIsNotOpened() throws {
    let parent = Tree()
    try parent.png("outside.png", width: 3, height: 3)
    let inside = try parent.png("root/icon.png", width: 2, height: 2)
    let library = try AssetLibrary(root: parent.path("root"))
    parent.delete(inside)
    parent.link("root/icon.png", to: parent.path("outside.png"))
    let error = try #require(throws: ResolveError.self) { try library.image(named: "icon") }
    #expect(error.isNotFound)
  }

  @Test func aLinkLoopInsideTheRootEnds() throws {
    let tree = Tree()
    try tree.png("a/icon.png", width: 1, height: 1)
    tree.link("a/loop", to: tree.path("a"))
    let catalog = AssetCatalog(root: tree.root)
    #expect(catalog.assets.map(\.name) == ["a/icon"])
  }
}
