import AssetIndex
import AssetResolver
import ImageCore
import TestSupport
import Testing

@Suite struct CatalogTests {
  @Test func looseFilesAreKeyedByRelativePathWithoutSuffixes() throws {
    let tree = Tree()
    try tree.png("tabs/home.png", width: 1, height: 1)
    try tree.png("tabs/home@2x.png", width: 2, height: 2)
    try tree.png("tabs/home@3x~ipad.png", width: 3, height: 3)
    try tree.png("deep/er/x@2x.png", width: 2, height: 2)
    tree.text("notes.txt", "not an image")
    try tree.png(".hidden/y.png", width: 1, height: 1)
    let catalog = AssetCatalog(root: tree.root)
    #expect(catalog.assets.map(\.name) == ["deep/er/x", "tabs/home"])
    let home = try #require(catalog.asset(named: "tabs/home"))
    #expect(home.source == .looseFiles)
    #expect(home.variants.map(\.path) == ["tabs/home.png", "tabs/home@2x.png", "tabs/home@3x~ipad.png"])
    #expect(home.variants.map(\.scale) == [1, 2, 3])
    #expect(home.variants.map(\.idiom) == [nil, nil, .ipad])
    #expect(catalog.problems.isEmpty)
    #expect(catalog.path(of: home.variants[1]) == tree.root + "/tabs/home@2x.png")
  }

  @Test func wrongCaseSuffixesStayVisible() throws {
    let tree = Tree()
    try tree.png("icon@2X.png", width: 2, height: 2)
    try tree.png("pad~iPad.png", width: 2, height: 2)
    let catalog = AssetCatalog(root: tree.root)
    let upper = try #require(catalog.asset(named: "icon@2X"))
    #expect(upper.variants.map(\.scale) == [1])
    #expect(upper.variants.first?.suspiciousSuffix == "@2X")
    #expect(catalog.asset(named: "pad~iPad")?.variants.first?.suspiciousSuffix == "~iPad")
    #expect(catalog.asset(named: "icon") == nil)
  }

  @Test func imageSetsReadTheirSlotsNotTheirFileNames() throws {
    let tree = Tree()
    // A file named like a 2x variant sits in the 1x slot: the slot decides.
    try tree.png("Assets.xcassets/foo.imageset/foo@2x.png", width: 8, height: 8)
    try tree.png("Assets.xcassets/foo.imageset/big.png", width: 24, height: 24)
    try tree.png("Assets.xcassets/foo.imageset/stray.png", width: 1, height: 1)
    tree.contents(
      "Assets.xcassets/foo.imageset",
      [
        ("foo@2x.png", "universal", "1x", nil), (nil, "universal", "2x", nil),
        ("big.png", "universal", "3x", nil),
      ])
    let catalog = AssetCatalog(root: tree.root)
    let foo = try #require(catalog.asset(named: "foo"))
    #expect(foo.source == .imageSet(path: "Assets.xcassets/foo.imageset"))
    #expect(foo.variants.map(\.scale) == [1, 3])
    #expect(foo.variants.first?.path == "Assets.xcassets/foo.imageset/foo@2x.png")
    #expect(foo.variants.first?.catalogIdiom == "universal")

    let set = try #require(catalog.sets.first)
    #expect(set.kind == .imageSet)
    #expect(set.name == "foo")
    #expect(set.path == "Assets.xcassets/foo.imageset")
    #expect(set.isValid)
    #expect(set.slots.map(\.filename) == ["foo@2x.png", nil, "big.png"])
    #expect(set.slots.map(\.scale) == [1, 2, 3])
    #expect(set.files == ["big.png", "foo@2x.png", "stray.png"])
    #expect(catalog.problems.isEmpty)
    // The catalog never produces a loose asset for files inside a set.
    #expect(catalog.asset(named: "Assets.xcassets/foo.imageset/foo") == nil)

    let library = try AssetLibrary(root: tree.root)
    let one = try library.variant(named: "foo", scale: 1)
    #expect(one.path.hasSuffix("foo@2x.png"))
    #expect(one.scale == 1)
    #expect(one.pointSize?.width == 8)
    let two = try library.variant(named: "foo", scale: 2)
    #expect(two.path.hasSuffix("big.png"))
    #expect(two.isFallback)
    #expect(two.pointSize?.width == 8)
  }

  @Test func namespacesPrefixSetNames() throws {
    let tree = Tree()
    try tree.png("A.xcassets/Icons/mail.imageset/m.png", width: 2, height: 2)
    tree.contents("A.xcassets/Icons/mail.imageset", [("m.png", "universal", "2x", nil)])
    tree.text("A.xcassets/Icons/Contents.json", #"{"properties": {"provides-namespace": true}}"#)
    try tree.png("A.xcassets/Plain/Tabs/home.imageset/h.png", width: 1, height: 1)
    tree.contents("A.xcassets/Plain/Tabs/home.imageset", [("h.png", "universal", "1x", nil)])
    tree.text("A.xcassets/Plain/Tabs/Contents.json", #"{"properties": {"provides-namespace": true}}"#)
    let catalog = AssetCatalog(root: tree.root)
    #expect(catalog.assets.map(\.name) == ["Icons/mail", "Tabs/home"])
    let library = try AssetLibrary(root: tree.root)
    #expect(try library.variant(named: "Icons/mail", scale: 2).scale == 2)
    #expect(throws: ResolveError.self) { try library.variant(named: "mail") }
  }

  @Test func brokenContentsBesideGoodSetsIsRecordedNotThrown() throws {
    let tree = Tree()
    try tree.png("A.xcassets/good.imageset/g.png", width: 2, height: 2)
    tree.contents("A.xcassets/good.imageset", [("g.png", "universal", "2x", nil)])
    try tree.png("A.xcassets/broken.imageset/b.png", width: 2, height: 2)
    tree.text("A.xcassets/broken.imageset/Contents.json", #"{"images": [ {"filename": "b.png", "#)
    try tree.png("A.xcassets/typed.imageset/t.png", width: 2, height: 2)
    tree.text("A.xcassets/typed.imageset/Contents.json", #"{"images": {"filename": 3}}"#)
    try tree.png("A.xcassets/bare.imageset/c.png", width: 2, height: 2)
    tree.contents("A.xcassets/missing.imageset", [("gone.png", "universal", "1x", nil)])
    let catalog = AssetCatalog(root: tree.root)
    #expect(catalog.assets.map(\.name) == ["good", "missing"])
    #expect(catalog.asset(named: "missing")?.variants.isEmpty == true)
    let kinds = catalog.problems.map { "\($0.kind) \($0.path)" }
    #expect(
      kinds == [
        "catalog-invalid A.xcassets/bare.imageset/Contents.json",
        "catalog-invalid A.xcassets/broken.imageset/Contents.json",
        "catalog-missing-file A.xcassets/missing.imageset/gone.png",
        "catalog-invalid A.xcassets/typed.imageset/Contents.json",
      ])
    let broken = try #require(catalog.sets.first { $0.name == "broken" })
    #expect(!broken.isValid)
    #expect(broken.files == ["b.png"])
    #expect(catalog.problems.allSatisfy { !$0.message.isEmpty })
  }

  @Test func appIconSlotsCarrySizesAndTheLargestWins() throws {
    let tree = Tree()
    let folder = "A.xcassets/AppIcon.appiconset"
    try tree.png(folder + "/60@2x.png", width: 120, height: 120)
    try tree.png(folder + "/40@2x.png", width: 80, height: 80)
    try tree.png(folder + "/60@3x.png", width: 180, height: 180)
    try tree.png(folder + "/76.png", width: 76, height: 76)
    try tree.png(folder + "/mac.png", width: 16, height: 16)
    tree.contents(
      folder,
      [
        ("40@2x.png", "iphone", "2x", "40x40"), ("60@2x.png", "iphone", "2x", "60x60"),
        ("60@3x.png", "iphone", "3x", "60x60"), ("76.png", "ipad", "1x", "76x76"),
        (nil, "ipad", "2x", "83.5x83.5"), ("mac.png", "mac", "1x", "16x16"),
      ])
    let catalog = AssetCatalog(root: tree.root)
    let icon = try #require(catalog.asset(named: "AppIcon"))
    #expect(icon.source == .appIconSet(path: folder))
    #expect(icon.variants.count == 5)
    #expect(
      catalog.sets.first?.slots.map(\.size?.description) == [
        "40x40", "60x60", "60x60", "76x76", "83.5x83.5", "16x16",
      ])
    let library = try AssetLibrary(root: tree.root)
    let phone = try library.variant(named: "AppIcon", scale: 2, idiom: .iphone)
    #expect(phone.variant?.size == PointSize(width: 60, height: 60))
    #expect(phone.pixelWidth == 120)
    #expect(try library.variant(named: "AppIcon", scale: 1, idiom: .ipad).path.hasSuffix("76.png"))
    // The mac slot is indexed but never served to an iOS device.
    #expect(icon.variants.contains { $0.catalogIdiom == "mac" && !$0.isSelectable })
    #expect(try library.variant(named: "AppIcon", scale: 1).variant?.catalogIdiom != "mac")
  }

  @Test func anUnreadableRootIsAProblemNotACrash() {
    let catalog = AssetCatalog(root: "/nonexistent/icongrid-root")
    #expect(catalog.assets.isEmpty)
    #expect(catalog.problems.map(\.kind) == [.unreadableFolder])
    #expect(throws: ResolveError.self) { try AssetLibrary(root: "/nonexistent/icongrid-root") }
  }

  @Test func suggestionsAreNearNames() throws {
    let tree = Tree()
    for name in ["mail", "maps", "music", "tabs/home"] { try tree.png(name + ".png", width: 1, height: 1) }
    let library = try AssetLibrary(root: tree.root)
    let error = try #require(throws: ResolveError.self) { try library.image(named: "mial", scale: 2) }
    guard case .notFound(let suggestions) = error.reason else {
      Issue.record("expected not found, got \(error)")
      return
    }
    #expect(suggestions.first == "mail")
    #expect(error.description.hasPrefix("no asset named \"mial\" in \(tree.root); did you mean \"mail\""))
    #expect(error.name == "mial")
    #expect(error.root == tree.root)
    let far = try #require(throws: ResolveError.self) { try library.image(named: "zzzzzzzzzz") }
    #expect(far.reason == .notFound(suggestions: []))
    #expect(far.description == "no asset named \"zzzzzzzzzz\" in \(tree.root)")
  }
}
