import TestSupport
import Testing

@testable import AssetIndex

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Symbolic links in plain folders (repositories link shared icon folders and catalogs):
/// each is followed or becomes a problem, never silence.
@Suite struct FolderLinkTests {
  static func tree() throws -> Tree {
    let tree = Tree()
    try tree.png("root/icons/a.png", width: 1, height: 1)
    try tree.png("root/.store/extra/x.png", width: 1, height: 1)
    try tree.png("root/.store/Real.xcassets/star.imageset/s.png", width: 1, height: 1)
    tree.contents("root/.store/Real.xcassets/star.imageset", [("s.png", "universal", "1x", nil)])
    try tree.png("outside/o.png", width: 1, height: 1)
    // Names that sort before and after the folder they lead to: the order must not matter.
    tree.link("root/0alias", to: "icons")
    tree.link("root/zalias", to: "icons")
    tree.link("root/more", to: "../outside")
    tree.link("root/gone", to: "nowhere")
    tree.link("root/extra", to: ".store/extra")
    tree.link("root/Linked.xcassets", to: ".store/Real.xcassets")
    tree.link("root/icons/loop", to: "..")
    return tree
  }

  @Test func linksAreFollowedOrReportedAndTheRealFolderWins() throws {
    let tree = try Self.tree()
    let catalog = AssetCatalog(root: tree.path("root"))
    // A folder reached by its own path and by links is indexed at its own path.
    #expect(catalog.assets.map(\.name) == ["extra/x", "icons/a", "star"])
    #expect(catalog.namespaces.map(\.id) == ["Linked.xcassets", "files"])
    let problems = catalog.problems.map { "\($0.kind) \($0.path)" }
    #expect(
      problems == [
        "symlink-to-indexed-folder 0alias", "broken-symlink gone", "symlink-to-indexed-folder icons/loop",
        "symlink-outside-root more", "symlink-to-indexed-folder zalias",
      ])
    let alias = try #require(catalog.problems.first { $0.path == "0alias" })
    #expect(alias.message.contains("indexed as icons"))
    let loop = try #require(catalog.problems.first { $0.path == "icons/loop" })
    #expect(loop.message.contains("the root"))
  }

  @Test func indexProblemsStayWhenAProjectMakesTheNameSpaces() throws {
    let tree = try Self.tree()
    let raw: [CChar] =
      Array(tree.path("root/icons/bad").utf8CString.dropLast()) + [
        CChar(bitPattern: 0xFF), 0x2E, 0x70, 0x6E, 0x67, 0,
      ]
    let fd = open(raw, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    #expect(fd >= 0)
    close(fd)
    defer { unlink(raw) }
    let targets = [TargetResources(id: "App", catalogs: [], files: ["icons/a.png"], folders: [])]
    let catalog = AssetCatalog(root: tree.path("root"), targets: targets)
    let kinds = Set(catalog.problems.map(\.kind))
    #expect(
      kinds.isSuperset(of: [.nonUTF8Name, .symlinkOutsideRoot, .brokenSymlink, .symlinkToIndexedFolder]))
    #expect(catalog.namespace("App")?.assets.map(\.name) == ["a"])
    #expect(catalog.unshippedFiles == ["extra/x.png"])
  }

  @Test func aLinkedFileJoinsTheFilesOfItsNameInScaleOrder() throws {
    let tree = Tree()
    try tree.png("root/icons/b@3x.png", width: 3, height: 3)
    try tree.png("root/icons/b@2x.png", width: 2, height: 2)
    try tree.png("root/shared/one.png", width: 1, height: 1)
    // Followed after the folder is listed: the @1x file still comes first.
    tree.link("root/icons/b.png", to: "../shared/one.png")
    try tree.png("root/icônes/é@2x~ipad.png", width: 2, height: 2)
    let catalog = AssetCatalog(root: tree.path("root"))
    let asset = try #require(catalog.asset(named: "icons/b"))
    #expect(asset.variants.map(\.path) == ["icons/b.png", "icons/b@2x.png", "icons/b@3x.png"])
    #expect(asset.variants.map(\.scale) == [1, 2, 3])
    // A name that is UTF-8 but not ASCII is read as any other.
    let accented = try #require(catalog.asset(named: "icônes/é"))
    #expect(accented.variants.map(\.path) == ["icônes/é@2x~ipad.png"])
    #expect(accented.variants.map(\.idiom) == [.ipad])
    #expect(catalog.problems.isEmpty)
  }
}
