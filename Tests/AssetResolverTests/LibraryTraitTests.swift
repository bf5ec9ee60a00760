import AssetIndex
import AssetResolver
import TestSupport
import Testing

/// `AssetLibrary` with a trait request: other devices, appearances and gamuts.
@Suite struct LibraryTraitTests {
  /// A watch-only app icon (home-assistant's `WatchIcon`), a mac-only one (NetNewsWire's
  /// Mac `AppIcon`), and an image set with dark, high-contrast and P3 slots.
  static func tree() throws -> Tree {
    let tree = Tree()
    try tree.png("A.xcassets/WatchIcon.appiconset/w.png", width: 216, height: 216)
    tree.text(
      "A.xcassets/WatchIcon.appiconset/Contents.json",
      #"{"images": [{"filename": "w.png", "idiom": "watch", "role": "quickLook", "scale": "2x", "size": "108x108", "subtype": "44mm"}]}"#
    )
    try tree.png("A.xcassets/MacIcon.appiconset/m.png", width: 64, height: 64)
    tree.text(
      "A.xcassets/MacIcon.appiconset/Contents.json",
      #"{"images": [{"filename": "m.png", "idiom": "mac", "scale": "2x", "size": "32x32"}]}"#)
    for file in ["light", "dark", "contrast", "p3"] {
      try tree.png("A.xcassets/banner.imageset/\(file).png", width: 20, height: 20)
    }
    tree.text(
      "A.xcassets/banner.imageset/Contents.json",
      """
      {"images": [
        {"filename": "light.png", "idiom": "universal", "scale": "2x"},
        {"filename": "dark.png", "idiom": "universal", "scale": "2x",
         "appearances": [{"appearance": "luminosity", "value": "dark"}]},
        {"filename": "contrast.png", "idiom": "universal", "scale": "2x",
         "appearances": [{"appearance": "contrast", "value": "high"}]},
        {"filename": "p3.png", "idiom": "universal", "scale": "2x", "display-gamut": "display-P3"}
      ]}
      """)
    return tree
  }

  @Test func aWatchOnlySetSaysWhichDevicesItHasAndAnswersAWatchRequest() throws {
    let tree = try Self.tree()
    let library = try AssetLibrary(root: tree.root, lookupLanes: 1)
    let error = try #require(throws: ResolveError.self) { try library.variant(named: "WatchIcon", scale: 2) }
    #expect(error.reason == .noMatchingVariant(request: TraitRequest(scale: 2), devices: [.watch]))
    #expect(error.isNotFound)
    #expect(error.description.hasSuffix("has no variant usable at scale 2; its variants are for watch"))
    let watch = try library.variant(named: "WatchIcon", for: TraitRequest(scale: 2, idiom: .watch))
    #expect(watch.path == "A.xcassets/WatchIcon.appiconset/w.png")
    #expect(watch.variant?.traits.role == "quickLook")
    let mac = try #require(throws: ResolveError.self) {
      try library.variant(named: "MacIcon", for: TraitRequest(scale: 2, idiom: .iphone))
    }
    #expect(mac.description.contains("its variants are for mac"))
    #expect(try library.image(named: "MacIcon", for: TraitRequest(scale: 2, idiom: .mac)).bitmap.width == 64)
  }

  @Test func appearanceContrastAndGamutPickTheirSlotsAndFallBackToTheDefault() throws {
    let tree = try Self.tree()
    let library = try AssetLibrary(root: tree.root, lookupLanes: 1)
    func file(_ request: TraitRequest, _ name: String = "banner") throws -> String {
      let path = try library.variant(named: name, for: request).path
      return String(path.split(separator: "/").last!)
    }
    #expect(try file(TraitRequest(scale: 2)) == "light.png")
    #expect(try file(TraitRequest(scale: 2, appearance: .dark)) == "dark.png")
    #expect(try file(TraitRequest(scale: 2, highContrast: true)) == "contrast.png")
    #expect(try file(TraitRequest(scale: 2, gamut: .p3)) == "p3.png")
    // No tinted slot: the default one, as UIKit does.
    #expect(try file(TraitRequest(scale: 2, appearance: .tinted)) == "light.png")
    // The image path takes the same request, pinned names too.
    #expect(
      try library.image(named: "banner@2x", for: TraitRequest(scale: 1, appearance: .dark)).resolution.path
        .hasSuffix("dark.png"))
  }
}
