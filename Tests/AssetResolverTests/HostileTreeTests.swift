import AssetIndex
import AssetResolver
import ImageCore
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Asset roots made to hurt: the index ends, stays inside the root, records what it skipped,
/// and requests get a typed error.
@Suite struct HostileTreeTests {
  @Test func aSetWith100000CopiesOfOneSlotIndexesAsOneVariant() throws {
    let tree = Tree()
    try tree.png("A.xcassets/icon.imageset/i.png", width: 4, height: 4)
    let slot = #"{"filename":"i.png","scale":"2x"}"#
    let slots = Array(repeating: slot, count: 100_000).joined(separator: ",")
    tree.text("A.xcassets/icon.imageset/Contents.json", #"{"images":["# + slots + "]}")
    let catalog = AssetCatalog(root: tree.root)
    let set = try #require(catalog.sets.first)
    #expect(set.slots.count == 100_000)
    #expect(catalog.asset(named: "icon")?.variants.map(\.scale) == [2])
    #expect(
      catalog.problems.map(\.description) == [
        "A.xcassets/icon.imageset/Contents.json: 99999 slot(s) repeat every trait of an earlier slot "
          + "(universal @2x); the first is used"
      ])
    let library = try AssetLibrary(root: tree.root)
    #expect(try library.image(named: "icon", scale: 2).bitmap.width == 4)
  }

  @Test func aSetWith100000SlotsNamingMissingFilesRecordsEachAndProvidesNothing() throws {
    let tree = Tree()
    try tree.png("A.xcassets/icon.imageset/i.png", width: 4, height: 4)
    let slots = (0..<100_000).map { #"{"filename":"\#($0).png","scale":"\#($0 + 1)x"}"# }
    tree.text("A.xcassets/icon.imageset/Contents.json", #"{"images":["# + slots.joined(separator: ",") + "]}")
    let catalog = AssetCatalog(root: tree.root)
    #expect(catalog.sets.first?.slots.count == 100_000)
    #expect(catalog.asset(named: "icon")?.variants.isEmpty == true)
    #expect(catalog.problems.count == 100_000)
    #expect(catalog.problems.allSatisfy { $0.kind == .catalogMissingFile })
  }

  @Test func linksToTheRootAndItsParentAreNotFollowedForever() throws {
    let tree = Tree()
    try tree.png("root/a/icon.png", width: 1, height: 1)
    try tree.png("root/A.xcassets/g/mail.imageset/mail.png", width: 1, height: 1)
    tree.contents("root/A.xcassets/g/mail.imageset", [("mail.png", "universal", "1x", nil)])
    tree.link("root/a/self", to: ".")
    tree.link("root/a/up", to: "..")
    tree.link("root/a/parent", to: "../..")
    tree.link("root/A.xcassets/g/back", to: "..")
    tree.link("root/A.xcassets/g/mail.imageset/again", to: ".")
    tree.link("root/A.xcassets/g/mail.imageset/twice.png", to: "again/again/again/mail.png")
    let catalog = AssetCatalog(root: tree.path("root"))
    #expect(catalog.assets.map(\.name).contains("a/icon"))
    #expect(catalog.assets.map(\.name).contains("mail"))
    // Each folder is listed once, whichever link reaches it first.
    #expect(Set(catalog.assets.map(\.name)).count == catalog.assets.count)
    #expect(catalog.problems.contains { $0.kind == .symlinkOutsideRoot && $0.path == "a/parent" })
  }

  /// Makes a file whose name holds the raw bytes `name` in `folder`.
  private func rawFile(_ folder: String, _ name: [UInt8]) -> [CChar] {
    let path =
      Array(folder.utf8).map { CChar(bitPattern: $0) } + [CChar(bitPattern: 0x2F)]
      + name.map { CChar(bitPattern: $0) } + [0]
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(fd >= 0, "cannot create a file with a raw name")
    close(fd)
    return path
  }

  @Test func namesThatAreNotUTF8AreSkippedWithAProblem() throws {
    let tree = Tree()
    try tree.png("ok.png", width: 1, height: 1)
    try tree.png("A.xcassets/icon.imageset/i.png", width: 1, height: 1)
    tree.contents("A.xcassets/icon.imageset", [("i.png", "universal", "1x", nil)])
    let loose = rawFile(tree.root, Array("bad".utf8) + [0xFF, 0xFE] + Array(".png".utf8))
    let inSet = rawFile(tree.path("A.xcassets/icon.imageset"), [0xC3, 0x28] + Array(".png".utf8))
    defer {
      unlink(loose)
      unlink(inSet)
    }
    let catalog = AssetCatalog(root: tree.root)
    #expect(catalog.assets.map(\.name) == ["icon", "ok"])
    let skipped = catalog.problems.filter { $0.kind == .nonUTF8Name }
    #expect(skipped.count == 2)
    #expect(skipped.allSatisfy { $0.message == "the name is not valid UTF-8; skipped" })
    #expect(skipped.contains { $0.path == "bad\u{FFFD}\u{FFFD}.png" })
  }

  @Test func aFIFONamedContentsJSONIsReportedNotWaitedOn() throws {
    let tree = Tree()
    try tree.png("A.xcassets/icon.imageset/i.png", width: 1, height: 1)
    try tree.png("A.xcassets/mail.imageset/m.png", width: 1, height: 1)
    tree.contents("A.xcassets/mail.imageset", [("m.png", "universal", "1x", nil)])
    #expect(mkfifo(tree.path("A.xcassets/icon.imageset/Contents.json"), 0o644) == 0)
    let catalog = AssetCatalog(root: tree.root)
    #expect(catalog.assets.map(\.name) == ["mail"])
    #expect(catalog.sets.map(\.isValid) == [false, true])
    #expect(
      catalog.problems.map(\.description) == [
        "A.xcassets/icon.imageset/Contents.json: Contents.json is not a regular file"
      ])
  }

  @Test func aLinkToAFIFOInsideTheRootIsRefusedWhenRead() throws {
    let tree = Tree()
    tree.makeFolders(for: "A.xcassets/icon.imageset/x")
    #expect(mkfifo(tree.path("pipe"), 0o644) == 0)
    tree.link("A.xcassets/icon.imageset/i.png", to: tree.path("pipe"))
    tree.contents("A.xcassets/icon.imageset", [("i.png", "universal", "1x", nil)])
    let library = try AssetLibrary(root: tree.root)
    let error = try #require(throws: ResolveError.self) { try library.image(named: "icon") }
    #expect(!error.isNotFound)
    #expect(error.description.contains("not a regular file"))
  }

  @Test func aFolderNamedLikeAPNGIsNotAnImage() throws {
    let tree = Tree()
    try tree.png("folder.png/inner.png", width: 1, height: 1)
    try tree.png("A.xcassets/icon.imageset/real.png", width: 1, height: 1)
    tree.makeFolders(for: "A.xcassets/icon.imageset/i.png/x")
    tree.contents("A.xcassets/icon.imageset", [("i.png", "universal", "1x", nil)])
    let library = try AssetLibrary(root: tree.root)
    #expect(library.catalog.assets.map(\.name) == ["folder.png/inner", "icon"])
    #expect(library.catalog.problems.map(\.kind) == [.catalogMissingFile])
    #expect(throws: ResolveError.self) { try library.image(named: "folder") }
    #expect(throws: ResolveError.self) { try library.image(named: "icon") }
  }

  @Test(.enabled(if: geteuid() != 0, "root lists and reads anything"))
  func aFolderWithoutPermissionIsReported() throws {
    let tree = Tree()
    try tree.png("ok.png", width: 1, height: 1)
    try tree.png("locked/icon.png", width: 1, height: 1)
    #expect(chmod(tree.path("locked"), 0) == 0)
    defer { chmod(tree.path("locked"), 0o755) }
    let catalog = AssetCatalog(root: tree.root)
    #expect(catalog.assets.map(\.name) == ["ok"])
    #expect(catalog.problems.map(\.kind) == [.unreadableFolder])
  }

  @Test(.enabled(if: geteuid() != 0, "root reads anything"))
  func aFileWithoutPermissionFailsWhenRead() throws {
    let tree = Tree()
    let icon = try tree.png("icon.png", width: 1, height: 1)
    #expect(chmod(icon, 0) == 0)
    let library = try AssetLibrary(root: tree.root)
    let error = try #require(throws: ResolveError.self) { try library.image(named: "icon") }
    #expect(!error.isNotFound)
  }
}
