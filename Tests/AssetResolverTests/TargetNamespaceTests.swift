import Foundation
import TestSupport
import Testing

@testable import AssetIndex
@testable import AssetResolver

/// Name spaces of a project's targets, from what each target's bundle holds.
@Suite struct TargetNamespaceTests {
  /// An app and its widget (the shape of NetNewsWire and home-assistant): each with an
  /// `AppIcon` catalog, a catalog both compile, loose files copied flat, a folder
  /// reference, a catalog no target uses and screenshots no target copies.
  static func appAndWidget() throws -> Tree {
    let tree = Tree()
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

  /// The project reader's multi-target fixture: a resources phase, a variant group, a
  /// folder reference, a synchronized folder with exceptions, and a watch and widget target.
  static let multi = TestPaths.inPackage("Tests/AssetIndexTests/Fixtures/Projects/Multi")

  @Test func aRootWithAProjectHasItsTargetsAsNameSpaces() throws {
    let catalog = AssetCatalog(root: Self.multi)
    let app = try #require(catalog.namespace("App"))
    #expect(app.kind == .target)
    #expect(app.project == "Multi.xcodeproj")
    #expect(app.target?.name == "App")
    #expect(app.catalogs == ["App/Assets.xcassets", "Shared/Shared.xcassets", "Synced/Badges.xcassets"])
    // Flat by file name; a folder reference under its folder's name.
    #expect(app.assets.map(\.name) == ["Templates/Inner/card", "keep", "logo", "title", "welcome"])
    #expect(
      app.assets(named: "logo").first?.variants.map(\.path) == [
        "App/Images/logo.png", "App/Images/logo@2x.png",
      ])
    // Localized variants share a file name without being duplicates.
    #expect(app.assets(named: "welcome").first?.variants.count == 2)
    #expect(!catalog.problems.contains { $0.kind == .duplicateName })
    // Exceptions of the synchronized folder, and a documentation package, do not ship.
    #expect(
      catalog.unshippedFiles == [
        "Synced/Docs.docc/inside.png", "Synced/Extra/skip.png", "Synced/Strings/Base.lproj/hidden.png",
      ])
    #expect(catalog.namespaces.filter { $0.kind == .target }.map(\.id).contains("Widget"))
    #expect(app.assets(named: "logo").first?.variant(scale: 2, idiom: nil)?.path == "App/Images/logo@2x.png")
    // The library resolves in the target: the fixture's files are empty, so the name is found
    // and its file is unreadable (not "not found").
    let library = try AssetLibrary(root: Self.multi, namespace: "App", lookupLanes: 1)
    let error = try #require(throws: ResolveError.self) { try library.variant(named: "Templates/Inner/card") }
    #expect(!error.isNotFound)
    #expect(error.description.contains("Synced/Templates/Inner/card.png"))
  }

  @Test func anUnreadableProjectIsAProblemAndTheCatalogsStayNameSpaces() throws {
    let tree = try Self.appAndWidget()
    tree.text("Broken.xcodeproj/project.pbxproj", "this is not a property list {")
    let catalog = AssetCatalog(root: tree.root)
    #expect(catalog.problems.map(\.kind) == [.projectUnreadable])
    #expect(catalog.problems.first?.path == "Broken.xcodeproj")
    #expect(catalog.namespaces.allSatisfy { $0.kind != .target })
    #expect(catalog.assets(named: "AppIcon").count == 3)
    #expect(catalog.unshippedFiles.isEmpty)
  }

  @Test func resourcePathsAreNormalisedAndNeverClimbAboveTheRoot() {
    #expect(TargetResources.normalized("sub/./a/../b.png") == "sub/b.png")
    #expect(TargetResources.normalized("../Outside/outside.png") == nil)
    #expect(CatalogScanner.bundlePath(of: "App/fr.lproj/welcome.png") == "fr.lproj/welcome.png")
    #expect(CatalogScanner.bundlePath(of: "App/Images/logo.png") == "logo.png")
  }
}
