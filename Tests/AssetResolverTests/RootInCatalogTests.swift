import AssetIndex
import AssetResolver
import TestSupport
import Testing

/// A root inside an `.xcassets` folder is read as part of its catalog.
@Suite struct RootInCatalogTests {
  /// A catalog with a namespace folder holding a plain group (SwiftGen's `Food.xcassets`
  /// shape), a broken set inside it, and a Single Size app icon.
  static func catalog() throws -> Tree {
    let tree = Tree()
    tree.text(
      "Media.xcassets/Onboarding/Contents.json",
      #"{"info": {"version": 1}, "properties": {"provides-namespace": true}}"#)
    tree.text("Media.xcassets/Onboarding/Pages/Contents.json", #"{"info": {"version": 1}}"#)
    try tree.png("Media.xcassets/Onboarding/Pages/welcome.imageset/w@2x.png", width: 40, height: 40)
    tree.contents("Media.xcassets/Onboarding/Pages/welcome.imageset", [("w@2x.png", "universal", "2x", nil)])
    tree.contents("Media.xcassets/Onboarding/Pages/broken.imageset", [("gone.png", "universal", "1x", nil)])
    try tree.png("Media.xcassets/AppIcon.appiconset/AppIcon-1024.png", width: 1024, height: 1024)
    tree.text(
      "Media.xcassets/AppIcon.appiconset/Contents.json",
      #"{"images": [{"filename": "AppIcon-1024.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"}]}"#
    )
    return tree
  }

  @Test func aFolderInsideACatalogKeepsItsNamespacesAndTheCatalogsFindings() throws {
    let tree = try Self.catalog()
    let whole = AssetCatalog(root: tree.path("Media.xcassets"))
    for sub in [
      "Media.xcassets/Onboarding", "Media.xcassets/Onboarding/Pages", "Media.xcassets/Onboarding/Pages/.",
    ] {
      let part = AssetCatalog(root: tree.path(sub))
      #expect(part.assets.map(\.name) == ["Onboarding/broken", "Onboarding/welcome"], "\(sub)")
      #expect(part.namespaces.map(\.id) == ["Media.xcassets"])
      #expect(part.namespaces.map(\.kind) == [.catalog])
      // The same assets and problems as the catalog run gives for these files.
      let expected = whole.assets.filter { $0.name.hasPrefix("Onboarding/") }
      #expect(part.assets.map { $0.variants.map(\.scale) } == expected.map { $0.variants.map(\.scale) })
      #expect(part.problems.map(\.kind) == [.catalogMissingFile])
      #expect(whole.problems.map(\.kind) == [.catalogMissingFile])
      let folder = sub.hasSuffix("/.") ? String(sub.dropLast(2)) : sub
      #expect(
        part.problems.map { folder + "/" + $0.path } == whole.problems.map { "Media.xcassets/" + $0.path })
    }
    let library = try AssetLibrary(root: tree.path("Media.xcassets/Onboarding/Pages"), lookupLanes: 1)
    #expect(try library.variant(named: "Onboarding/welcome", scale: 2).pixelWidth == 40)
  }

  @Test func aSetFolderAsTheRootIsThatSetNotLooseFiles() throws {
    let tree = try Self.catalog()
    let icon = AssetCatalog(root: tree.path("Media.xcassets/AppIcon.appiconset"))
    #expect(icon.assets.map(\.name) == ["AppIcon"])
    #expect(icon.assets.first?.source == .appIconSet(path: ""))
    #expect(icon.sets.map(\.kind) == [.appIconSet])
    #expect(icon.skipped.isEmpty)
    #expect(icon.assets(named: "AppIcon-1024").isEmpty)
    let welcome = AssetCatalog(root: tree.path("Media.xcassets/Onboarding/Pages/welcome.imageset"))
    #expect(welcome.assets.map(\.name) == ["Onboarding/welcome"])
    #expect(welcome.assets.first?.variants.map(\.path) == ["w@2x.png"])
  }

  @Test func theCatalogItselfIsOneNameSpaceNamedByItsFolder() throws {
    let tree = try Self.catalog()
    let catalog = AssetCatalog(root: tree.path("Media.xcassets/"))
    #expect(catalog.namespaces.map(\.id) == ["Media.xcassets"])
    #expect(catalog.assets.map(\.name) == ["AppIcon", "Onboarding/broken", "Onboarding/welcome"])
  }
}
