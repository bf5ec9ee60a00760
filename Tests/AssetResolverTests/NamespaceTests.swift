import AssetIndex
import AssetResolver
import TestSupport
import Testing

/// Name spaces without a project: each catalog is one, the loose files another.
@Suite struct NamespaceTests {
  /// An app, its widget and its watch app, each with a catalog holding an `AppIcon`
  /// (the shape of GitHawk, NetNewsWire and home-assistant), and loose files in folders.
  static func appWidgetWatch() throws -> Tree {
    let tree = Tree()
    for (catalog, colour) in [
      ("App/Assets.xcassets", 10), ("Widget/Assets.xcassets", 20), ("Watch/Assets.xcassets", 30),
    ] {
      try tree.png("\(catalog)/AppIcon.appiconset/icon.png", width: 120, height: 120, colour: UInt8(colour))
      tree.contents("\(catalog)/AppIcon.appiconset", [("icon.png", "iphone", "2x", "60x60")])
    }
    try tree.png("App/Assets.xcassets/mail.imageset/m.png", width: 2, height: 2)
    tree.contents("App/Assets.xcassets/mail.imageset", [("m.png", "universal", "1x", nil)])
    try tree.png("images/badge.png", width: 4, height: 4)
    try tree.png("images/badge@2x.png", width: 8, height: 8)
    return tree
  }

  @Test func sameNamedSetsInTwoCatalogsAreAllIndexedAndNoProblem() throws {
    let tree = try Self.appWidgetWatch()
    let catalog = AssetCatalog(root: tree.root)
    #expect(catalog.problems.isEmpty)
    #expect(
      catalog.namespaces.map { "\($0.kind) \($0.id)" } == [
        "catalog App/Assets.xcassets", "catalog Watch/Assets.xcassets", "catalog Widget/Assets.xcassets",
        "files files",
      ])
    #expect(
      catalog.assets(named: "AppIcon").map(\.location) == [
        "App/Assets.xcassets/AppIcon.appiconset", "Watch/Assets.xcassets/AppIcon.appiconset",
        "Widget/Assets.xcassets/AppIcon.appiconset",
      ])
    #expect(catalog.asset(named: "AppIcon") == nil)
    #expect(catalog.sets.count == 4)
    #expect(catalog.namespace("Widget/Assets.xcassets")?.assets.map(\.name) == ["AppIcon"])
    #expect(catalog.namespace("App/Assets.xcassets")?.catalogs == ["App/Assets.xcassets"])
  }

  @Test func anAmbiguousLookupListsEveryCandidateWithItsNameSpace() throws {
    let tree = try Self.appWidgetWatch()
    let library = try AssetLibrary(root: tree.root, lookupLanes: 1)
    let error = try #require(throws: ResolveError.self) { try library.image(named: "AppIcon", scale: 2) }
    #expect(error.isAmbiguous)
    #expect(!error.isNotFound)
    guard case .ambiguous(let candidates) = error.reason else {
      Issue.record("expected an ambiguity, got \(error.reason)")
      return
    }
    #expect(
      candidates.map(\.namespace) == [
        "App/Assets.xcassets", "Watch/Assets.xcassets", "Widget/Assets.xcassets",
      ])
    #expect(candidates.allSatisfy { $0.name == "AppIcon" && $0.path.hasPrefix($0.namespace + "/") })
    #expect(error.description.contains("3 name spaces provide it"))
    #expect(error.description.contains("Watch/Assets.xcassets/AppIcon.appiconset (in Watch/Assets.xcassets)"))
    // The pinned-scale path (parsed names) answers the same.
    #expect(throws: ResolveError.self) { try library.variant(named: "AppIcon@2x", scale: 1) }
    // A name only one name space provides still resolves.
    #expect(try library.variant(named: "mail").path == "App/Assets.xcassets/mail.imageset/m.png")
  }

  @Test func aLibraryConfinedToOneNameSpaceResolvesItsOwnSet() throws {
    let tree = try Self.appWidgetWatch()
    let library = try AssetLibrary(root: tree.root, namespace: "Widget/Assets.xcassets", lookupLanes: 2)
    #expect(library.namespace == "Widget/Assets.xcassets")
    let image = try library.image(named: "AppIcon", scale: 2, idiom: .iphone)
    #expect(image.resolution.path == "Widget/Assets.xcassets/AppIcon.appiconset/icon.png")
    #expect(image.bitmap.pixels[0] == 20)
    // Names of other name spaces are not found there.
    let error = try #require(throws: ResolveError.self) { try library.variant(named: "mail") }
    #expect(error.isNotFound)
  }

  @Test func anUnknownNameSpaceIsRefusedWithTheOnesThereAre() throws {
    let tree = try Self.appWidgetWatch()
    let error = try #require(throws: ResolveError.self) {
      try AssetLibrary(root: tree.root, namespace: "Mac/Assets.xcassets")
    }
    #expect(error.reason == .unknownNamespace(available: AssetCatalog(root: tree.root).namespaces.map(\.id)))
    #expect(
      error.description
        == "no target or catalog named 'Mac/Assets.xcassets' in \(tree.root); did you mean 'App/Assets.xcassets'?"
        + " (there are: App/Assets.xcassets, Watch/Assets.xcassets, Widget/Assets.xcassets, files)")
  }

  @Test func aLongListOfNameSpacesSaysHowManyItLeavesOut() {
    let error = ResolveError(
      name: "X", root: "/r", reason: .unknownNamespace(available: (1...11).map { "T\($0 + 10)" }))
    #expect(error.description.hasSuffix("(there are: T11, T12, T13, T14, T15, T16, T17, T18 and 3 more)"))
  }

  @Test func theSameNameTwiceInOneCatalogIsADuplicateNamingBothAndKeepsBoth() throws {
    let tree = Tree()
    // Two groups without provides-namespace: both sets are "star" in the same catalog.
    for group in ["Old", "New"] {
      try tree.png("A.xcassets/\(group)/star.imageset/s.png", width: 2, height: 2)
      tree.contents("A.xcassets/\(group)/star.imageset", [("s.png", "universal", "1x", nil)])
    }
    let catalog = AssetCatalog(root: tree.root)
    let duplicates = catalog.problems.filter { $0.kind == .duplicateName }
    #expect(duplicates.map(\.path) == ["A.xcassets/Old/star.imageset"])
    #expect(duplicates.first?.message.contains("A.xcassets/New/star.imageset") == true)
    #expect(duplicates.first?.message.contains("catalog A.xcassets") == true)
    #expect(catalog.assets(named: "star").count == 2)
    #expect(catalog.namespace("A.xcassets")?.assets(named: "star").count == 2)
    let library = try AssetLibrary(root: tree.root, lookupLanes: 1)
    let error = try #require(throws: ResolveError.self) { try library.variant(named: "star") }
    #expect(error.description.contains("provided twice in A.xcassets"))
  }

  @Test func aLooseFileAndASetOfOneNameAreInDifferentNameSpaces() throws {
    let tree = Tree()
    try tree.png("mail.png", width: 1, height: 1)
    try tree.png("A.xcassets/mail.imageset/m.png", width: 2, height: 2)
    tree.contents("A.xcassets/mail.imageset", [("m.png", "universal", "1x", nil)])
    let catalog = AssetCatalog(root: tree.root)
    #expect(catalog.problems.isEmpty)
    #expect(
      catalog.assets(named: "mail").map(\.source) == [
        .imageSet(path: "A.xcassets/mail.imageset"), .looseFiles,
      ])
    let library = try AssetLibrary(root: tree.root, namespace: AssetNamespace.looseFilesID, lookupLanes: 1)
    #expect(try library.variant(named: "mail").path == "mail.png")
  }

  @Test func looseFilesKeepPathKeysAndAnswerToTheirBaseNameWhenUnambiguous() throws {
    let tree = try Self.appWidgetWatch()
    let library = try AssetLibrary(root: tree.root, lookupLanes: 1)
    #expect(library.catalog.namespace(AssetNamespace.looseFilesID)?.assets.map(\.name) == ["images/badge"])
    let byPath = try library.variant(named: "images/badge", scale: 2)
    let byBase = try library.variant(named: "badge", scale: 2)
    #expect(byBase.path == "images/badge@2x.png")
    #expect(byBase == byPath)
    #expect(byBase.name == "images/badge")
    #expect(try library.image(named: "badge", scale: 1).resolution.name == "images/badge")
    #expect(try library.variant(named: "badge.png", scale: 1).path == "images/badge.png")
    #expect(library.catalog.asset(named: "badge")?.name == "images/badge")
  }

  @Test func anExactNameBeatsABaseNameAndTwoBaseNamesAreAmbiguous() throws {
    let tree = Tree()
    try tree.png("x.png", width: 1, height: 1)
    try tree.png("a/x.png", width: 2, height: 2)
    try tree.png("a/y.png", width: 2, height: 2)
    try tree.png("b/y.png", width: 3, height: 3)
    let library = try AssetLibrary(root: tree.root, lookupLanes: 1)
    #expect(try library.variant(named: "x").path == "x.png")
    let error = try #require(throws: ResolveError.self) { try library.variant(named: "y") }
    guard case .ambiguous(let candidates) = error.reason else {
      Issue.record("expected an ambiguity, got \(error.reason)")
      return
    }
    #expect(candidates.map(\.path) == ["a/y.png", "b/y.png"])
    #expect(candidates.map(\.name) == ["a/y", "b/y"])
    #expect(error.description.contains("provided twice in files"))
  }

  @Test func didYouMeanConsidersBaseNames() throws {
    let tree = try Self.appWidgetWatch()
    let library = try AssetLibrary(root: tree.root, lookupLanes: 1)
    #expect(library.catalog.suggestions(for: "badg") == ["badge"])
    let error = try #require(throws: ResolveError.self) { try library.variant(named: "badgee") }
    #expect(error.reason == .notFound(suggestions: ["badge"]))
  }
}
