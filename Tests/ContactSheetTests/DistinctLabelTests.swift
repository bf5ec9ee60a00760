import AssetIndex
import AssetResolver
import Foundation
import ImageCore
import TestSupport
import Testing

@testable import ContactSheet

/// The label rasterizer of a 2x sheet with the default 12-point labels, in the default font.
private let labels: LabelRasterizer = {
  do {
    return try LabelRasterizer(family: nil, pixelSize: 24)
  } catch {
    fatalError("no font for the label tests (run Scripts/setup): \(error)")
  }
}()

/// The pass the sheet renderer runs: on every core, with the rasterizer's widths, advances,
/// cuts and fittings.
private func sheetPass(_ names: [String], maxWidth: Int) -> [String: String] {
  DistinctLabels.shownConcurrently(
    for: names, maxWidth: maxWidth, width: { labels.width(of: $0) }, advances: { labels.advances(of: $0) },
    cuts: { labels.cuts(of: $0) }, prepare: { labels.prepare($0, maxWidth: maxWidth, replacing: $1) })
}

/// What each tile of `content` shows, as the renderer draws it: its mask and the text
/// rendered, for the default 80-point tiles at 2x.
private func shownLabels(_ content: SheetContent, maxWidth: Int = 160) -> [(
  name: String, text: String, mask: GlyphMask
)] {
  let names = content.sections.flatMap(\.tiles).map(\.name)
  let shown = sheetPass(names, maxWidth: maxWidth)
  // The serial pass, measuring every cut by shaping it, chooses the same.
  #expect(shown == DistinctLabels.shown(for: names, maxWidth: maxWidth, width: labels.width(of:)))
  return names.map { name in
    let text = shown[name] ?? name
    return (name, text, labels.render(text, maxWidth: maxWidth))
  }
}

/// Pairs of tiles with different names whose labels look the same (equal masks).
private func lookalikes(_ content: SheetContent, maxWidth: Int = 160) -> [String] {
  var byMask: [GlyphMask: String] = [:]
  var clashes: [String] = []
  for (name, _, mask) in shownLabels(content, maxWidth: maxWidth) {
    if let other = byMask[mask], other != name {
      clashes.append("\(other) / \(name)")
    }
    byMask[mask] = name
  }
  return clashes
}

@Suite struct DistinctLabelTests {
  /// Loose files under a Pods folder and a family of catalog-like names sharing a long
  /// prefix: end-shortened, they all read "Pods/TUSaf…" or "Onboardin…".
  @Test func onboardingAndPodsFixtureGivesDistinctLabels() throws {
    let tree = Tree()
    let files = [
      "Pods/TUSafariActivity/Pod/Assets/safari.png", "Pods/TUSafariActivity/Pod/Assets/safari-7.png",
      "Pods/TUSafariActivity/Pod/Assets/safari@2x.png",
      "Pods/NYTPhotoViewer/Assets/NYTPhotoViewerCloseButtonX.png",
      "Pods/NYTPhotoViewer/Assets/NYTPhotoViewerCloseButtonXLandscape.png",
      "OnboardingBackground.png", "OnboardingDefaultBrowserImage.png", "OnboardingGradientLight.png",
      "OnboardingWidgetImage.png", "OnboardingWidgetImageDark.png", "OnboardingHomeScreenImage.png",
    ]
    for file in files { try tree.png(file, 4, 4) }
    let library = try AssetLibrary(root: tree.root)
    let content = SheetContent(assetNames: library.catalog.assets.map(\.name))
    let tiles = content.sections.flatMap(\.tiles)
    #expect(tiles.count == 10)
    // Each loose asset is labelled by its own name, not its folder path.
    #expect(
      tiles.contains { $0.name == "safari-7" && $0.icon == "Pods/TUSafariActivity/Pod/Assets/safari-7" })
    #expect(!tiles.contains { $0.name.contains("/") })
    // The end-shortened labels would collide…
    let ends = Set(
      tiles.filter { labels.width(of: $0.name) > 160 }.map {
        DistinctLabels.fitEnd(Array($0.name), maxWidth: 160, width: labels.width(of:))
      })
    #expect(ends.count < tiles.filter { labels.width(of: $0.name) > 160 }.count)
    // …but what the sheet shows does not.
    #expect(lookalikes(content) == [])
    for (name, text, mask) in shownLabels(content) {
      #expect(mask.width <= 160)
      #expect(!mask.wasTruncated, "\(name) shown as \(text) was cut again by the rasterizer")
    }
    // A label that would collide keeps its first characters and as much of its end as fits,
    // and no other name of the sheet fits what it shows.
    let shown = Dictionary(uniqueKeysWithValues: shownLabels(content).map { ($0.name, $0.text) })
    let background = try #require(shown["OnboardingBackground"])
    #expect(background.hasPrefix("Onb\u{2026}") && background.hasSuffix("ground"))
    let pods = try #require(shown["NYTPhotoViewerCloseButtonXLandscape"])
    #expect(pods.hasPrefix("NYT\u{2026}") && pods.hasSuffix("scape"))
  }

  @Test func uniqueLongLabelsKeepTheirEndShortening() {
    let content = SheetContent(assetNames: ["Settings and Privacy Center", "Mail"])
    let names = content.sections[0].tiles.map(\.name)
    #expect(DistinctLabels.shown(for: names, maxWidth: 160, width: labels.width(of:)).isEmpty)
    #expect(sheetPass(names, maxWidth: 160).isEmpty)
  }

  @Test func namesThatDifferOnlyInTheMiddleStayDistinct() {
    let names = (0..<6).map { "IconSet-\($0)-VeryLongSharedSuffixForEveryone" }
    #expect(lookalikes(SheetContent(assetNames: names)) == [])
  }

  @Test func identicalNamesMayShareALabel() {
    let content = SheetContent(assetNames: ["a/OnboardingBackgroundImage", "b/OnboardingBackgroundImage"])
    let shown = shownLabels(content)
    #expect(shown[0].name == shown[1].name)
    #expect(shown[0].mask == shown[1].mask)
  }

  @Test(arguments: [SheetLabelSource.name, .path, .manifest])
  func labelSourcesChooseTheText(source: SheetLabelSource) {
    let content = SheetContent(sections: [
      SheetSection(title: nil, tiles: [SheetTile(name: "Mail app", icon: "Apps/Mail/mail")])
    ])
    let label = content.labelled(by: source).sections[0].tiles[0].name
    switch source {
    case .name: #expect(label == "mail")
    case .path: #expect(label == "Apps/Mail/mail")
    case .manifest: #expect(label == "Mail app")
    }
  }

  /// The trees in ../shared/testdata/real: a folder sheet of each never shows two different
  /// names alike.
  @Test(.needsSharedData, .tags(.sharedData)) func realTreesHaveNoLookalikeLabels() throws {
    let real = TestPaths.testData("real")
    let trees = try FileManager.default.contentsOfDirectory(atPath: real).filter { tree in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: real + "/" + tree, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }
    try #require(trees.count >= 5)
    var tiles = 0
    for tree in trees.sorted() {
      let library = try AssetLibrary(root: real + "/" + tree)
      let content = SheetContent(assetNames: library.catalog.assets.map(\.name))
      tiles += content.tileCount
      #expect(lookalikes(content) == [], "\(tree)")
      // Paths are long and alike: the hardest case, checked on two trees to keep the suite short.
      if ["GitHawkApp-GitHawk", "infinitered-ignite"].contains(tree) {
        #expect(lookalikes(content.labelled(by: .path)) == [], "\(tree), --label path")
      }
    }
    #expect(tiles > 1000)
  }
}
