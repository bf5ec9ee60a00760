import Testing

@testable import AssetResolver

/// Name spaces of a project's targets, from what each target's bundle holds.
@Suite struct TargetNamespaceTests {
  /// An app and its widget (the shape of NetNewsWire and home-assistant): each with an
  /// `AppIcon` catalog, a catalog both compile, loose files copied flat, a folder
  /// reference, a catalog no target uses and screenshots no target copies.
  static func appAndWidget() throws -> TempTree {
    let tree = TempTree()
    for catalog in ["App/Assets.xcassets", "Widget/Assets.xcassets", "Unused/Old.xcassets"] {
      try tree.png("\(catalog)/AppIcon.appiconset/icon.png", width: 120, height: 120)
      tree.contents("\(catalog)/AppIcon.appiconset", [("icon.png", "iphone", "2x", "60x60")])
    }
    try tree.png("Shared/Shared.xcassets/logo.imageset/l.png", width: 2, height: 2)
    tree.contents("Shared/Shared.xcassets/logo.imageset", [("l.png", "universal", "1x", nil)])
    try tree.png("App/Images/icon.png", width: 10, height: 10)
    try tree.png("App/Images/icon@2x.png", width: 20, height: 20)
    try tree.png("App/Retina/badge@2x.png", width: 8, height: 8)
    try tree.png("App/Images/badge.png", width: 4, height: 4)
    try tree.png("Shared/Media/star.png", width: 6, height: 6)
    try tree.png("Shared/Media/sub/dot.png", width: 3, height: 3)
    try tree.png("docs/screenshot.png", width: 50, height: 50)
    try tree.png("AppTests/__Snapshots__/home@2x.png", width: 50, height: 50)
    return tree
  }

  static let targets = [
    TargetResources(
      id: "App", catalogs: ["App/Assets.xcassets", "Shared/Shared.xcassets"],
      files: [
        "App/Images/icon.png", "App/Images/icon@2x.png", "App/Images/badge.png", "App/Retina/badge@2x.png",
      ],
      folders: []),
    TargetResources(
      id: "Widget", catalogs: ["Widget/Assets.xcassets", "Shared/Shared.xcassets"], files: [],
      folders: ["Shared/Media"]),
  ]

  @Test func eachTargetIsANameSpaceAsItsBundleSeesIt() throws {
    let tree = try Self.appAndWidget()
    let catalog = AssetCatalog(root: tree.root, targets: Self.targets)
    #expect(catalog.problems.isEmpty)
    #expect(
      catalog.namespaces.map { "\($0.kind) \($0.id)" } == [
        "target App", "target Widget", "catalog Unused/Old.xcassets",
      ])
    let app = try #require(catalog.namespace("App"))
    #expect(app.catalogs == ["App/Assets.xcassets", "Shared/Shared.xcassets"])
    #expect(app.assets.map(\.name) == ["AppIcon", "badge", "icon", "logo"])
    // Copied flat: the 1x and the 2x of one image are one asset, wherever they sit.
    #expect(
      app.assets(named: "badge").first?.variants.map(\.path) == [
        "App/Images/badge.png", "App/Retina/badge@2x.png",
      ])
    let widget = try #require(catalog.namespace("Widget"))
    // A folder reference keeps the folder's name and the paths inside it.
    #expect(widget.assets.map(\.name) == ["AppIcon", "Media/star", "Media/sub/dot", "logo"])
    // A catalog both targets compile is one asset of the index, in both name spaces.
    #expect(catalog.assets(named: "logo").count == 1)
    #expect(
      catalog.namespaces(of: try #require(catalog.assets(named: "logo").first)).map(\.id) == [
        "App", "Widget",
      ])
    // Every AppIcon is indexed, the unused catalog's too (it is checked, though no target ships it).
    #expect(catalog.assets(named: "AppIcon").count == 3)
  }

  @Test func looseFilesNoTargetCopiesAreRecordedNotIndexed() throws {
    let tree = try Self.appAndWidget()
    let catalog = AssetCatalog(root: tree.root, targets: Self.targets)
    #expect(catalog.unshippedFiles == ["AppTests/__Snapshots__/home@2x.png", "docs/screenshot.png"])
    #expect(catalog.skipped.allSatisfy { $0.reason == .notInAnyTarget })
    #expect(catalog.assets(named: "screenshot").isEmpty)
    #expect(catalog.assets(named: "docs/screenshot").isEmpty)
  }

  @Test func twoFilesOfOneNameCopiedIntoOneBundleAreADuplicate() throws {
    let tree = try Self.appAndWidget()
    try tree.png("Legacy/icon.png", width: 12, height: 12)
    var targets = Self.targets
    targets[0].files.append("Legacy/icon.png")
    let catalog = AssetCatalog(root: tree.root, targets: targets)
    let duplicates = catalog.problems.filter { $0.kind == .duplicateName }
    #expect(duplicates.count == 1)
    #expect(duplicates.first?.message.contains("target App") == true)
    let both = try #require(catalog.namespace("App")).assets(named: "icon")
    #expect(
      both.map { $0.variants.map(\.path) } == [
        ["App/Images/icon.png", "App/Images/icon@2x.png"], ["Legacy/icon.png"],
      ])
  }
}
