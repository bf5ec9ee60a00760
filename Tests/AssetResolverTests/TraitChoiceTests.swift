import AssetIndex
@_spi(Testing) import AssetResolver
import TestSupport
import Testing

/// Choosing among slots by traits, as UIKit does: default traits unless asked, and a trait
/// the set lacks falls back to the default slot. Fixtures reproduce the real sets they name.
@Suite("Choosing by traits")
struct TraitChoiceTests {
  static let dark = #"[{"appearance": "luminosity", "value": "dark"}]"#
  static let tinted = #"[{"appearance": "luminosity", "value": "tinted"}]"#

  /// duckduckgo-iOS / NetNewsWire `AppIcon`: Single Size, any + dark + tinted, dark first.
  func singleSizeIcon(_ tree: Tree) throws -> AssetCatalog {
    let set = "A.xcassets/AppIcon.appiconset"
    try tree.png(set + "/Dark.png", width: 16, height: 16, colour: 10)
    try tree.png(set + "/Light.png", width: 16, height: 16, colour: 20)
    try tree.png(set + "/Tinted.png", width: 16, height: 16, colour: 30)
    tree.text(
      set + "/Contents.json",
      """
      {"images": [
        {"appearances": \(Self.dark), "filename": "Dark.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"},
        {"filename": "Light.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"},
        {"appearances": \(Self.tinted), "filename": "Tinted.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"}
      ]}
      """)
    return AssetCatalog(root: tree.root)
  }

  @Test(arguments: [1, 2, 3])
  func aSingleSizeIconResolvesToItsDefaultArtworkAndIsNoFallback(scale: Int) throws {
    let tree = Tree()
    let icon = try #require(try singleSizeIcon(tree).asset(named: "AppIcon"))
    #expect(icon.variant(scale: scale, idiom: nil)?.path.hasSuffix("/Light.png") == true)
    #expect(icon.variant(scale: scale, idiom: .iphone)?.path.hasSuffix("/Light.png") == true)
    #expect(icon.variant(scale: scale, idiom: .ipad)?.path.hasSuffix("/Light.png") == true)
    #expect(icon.variants.allSatisfy { $0.isScaleIndependent })
    let library = try AssetLibrary(root: tree.root)
    let answer = try library.variant(named: "AppIcon", scale: scale)
    #expect(!answer.isFallback)
    #expect(answer.scale == Double(scale))
    #expect(answer.variant?.traits.luminosity == nil)
  }

  @Test func darkTintedAndHighContrastRequestsFallBackToTheDefault() throws {
    let tree = Tree()
    let icon = try #require(try singleSizeIcon(tree).asset(named: "AppIcon"))
    func file(_ request: TraitRequest) -> String? {
      icon.variant(for: request)?.path.split(separator: "/").last.map(String.init)
    }
    #expect(file(TraitRequest(scale: 2, appearance: .dark)) == "Dark.png")
    #expect(file(TraitRequest(scale: 2, appearance: .tinted)) == "Tinted.png")
    #expect(file(TraitRequest(scale: 2, appearance: .light)) == "Light.png")
    #expect(file(TraitRequest(scale: 2, highContrast: true)) == "Light.png")
    #expect(file(TraitRequest(scale: 2, appearance: .dark, highContrast: true)) == "Dark.png")
    #expect(file(TraitRequest(scale: 3, gamut: .p3)) == "Light.png")
  }

  /// An onboarding image with dark slots: a default request never gets dark, whatever sorts
  /// first; a dark request gets dark artwork, of another scale if need be.
  @Test func imageSetsWithDarkSlotsServeLightByDefault() throws {
    let tree = Tree()
    let set = "A.xcassets/Onboarding.imageset"
    for name in ["a-dark@2x", "a@2x", "a@3x", "a-dark@3x", "a@1x"] {
      try tree.png(set + "/\(name).png", width: 2, height: 2)
    }
    tree.text(
      set + "/Contents.json",
      """
      {"images": [
        {"appearances": \(Self.dark), "filename": "a-dark@2x.png", "idiom": "universal", "scale": "2x"},
        {"appearances": \(Self.dark), "filename": "a-dark@3x.png", "idiom": "universal", "scale": "3x"},
        {"filename": "a@1x.png", "idiom": "universal", "scale": "1x"},
        {"filename": "a@2x.png", "idiom": "universal", "scale": "2x"},
        {"filename": "a@3x.png", "idiom": "universal", "scale": "3x"}
      ]}
      """)
    let asset = try #require(AssetCatalog(root: tree.root).asset(named: "Onboarding"))
    for scale in 1...3 {
      #expect(asset.variant(scale: scale, idiom: nil)?.path == set + "/a@\(scale)x.png")
    }
    #expect(asset.variant(for: TraitRequest(scale: 2, appearance: .dark))?.path == set + "/a-dark@2x.png")
    #expect(asset.variant(for: TraitRequest(scale: 3, appearance: .dark))?.path == set + "/a-dark@3x.png")
    // No dark 1x: the dark drawing at 2x (nearest higher) beats the light one at 1x.
    #expect(asset.variant(for: TraitRequest(scale: 1, appearance: .dark))?.path == set + "/a-dark@2x.png")
    // A tinted request with no tinted slot gets the default artwork.
    #expect(asset.variant(for: TraitRequest(scale: 2, appearance: .tinted))?.path == set + "/a@2x.png")
  }

  /// duckduckgo-iOS `LogoText`: any, dark, compact-height, compact-height dark PDFs.
  @Test func sizeClassSlotsServeOnlyTheirSizeClass() throws {
    let tree = Tree()
    let set = "A.xcassets/LogoText.imageset"
    for file in ["light.pdf", "dark.pdf", "compact.pdf", "compact-dark.pdf"] {
      tree.text(set + "/" + file, "%PDF-1.4")
    }
    tree.text(
      set + "/Contents.json",
      """
      {"images": [
        {"filename": "compact.pdf", "height-class": "compact", "idiom": "universal"},
        {"appearances": \(Self.dark), "filename": "compact-dark.pdf", "height-class": "compact", "idiom": "universal"},
        {"filename": "light.pdf", "idiom": "universal"},
        {"appearances": \(Self.dark), "filename": "dark.pdf", "idiom": "universal"}
      ]}
      """)
    let asset = try #require(AssetCatalog(root: tree.root).asset(named: "LogoText"))
    func file(_ request: TraitRequest) -> String? {
      asset.variant(for: request)?.path.split(separator: "/").last.map(String.init)
    }
    #expect(file(TraitRequest(scale: 2)) == "light.pdf")
    #expect(file(TraitRequest(scale: 2, appearance: .dark)) == "dark.pdf")
    #expect(file(TraitRequest(scale: 2, heightClass: .compact)) == "compact.pdf")
    #expect(file(TraitRequest(scale: 2, appearance: .dark, heightClass: .compact)) == "compact-dark.pdf")
    #expect(file(TraitRequest(scale: 2, heightClass: .regular)) == "light.pdf")
    #expect(file(TraitRequest(scale: 2, widthClass: .compact)) == "light.pdf")
  }

  @Test func p3SlotsServeP3ScreensAndSRGBOnlyAsALastResort() throws {
    let tree = Tree()
    let set = "A.xcassets/photo.imageset"
    try tree.png(set + "/s.png", width: 2, height: 2)
    try tree.png(set + "/p.png", width: 2, height: 2)
    tree.text(
      set + "/Contents.json",
      """
      {"images": [
        {"display-gamut": "display-P3", "filename": "p.png", "idiom": "universal", "scale": "2x"},
        {"display-gamut": "sRGB", "filename": "s.png", "idiom": "universal", "scale": "2x"}
      ]}
      """)
    try tree.png("B.xcassets/wide.imageset/p.png", width: 2, height: 2)
    tree.text(
      "B.xcassets/wide.imageset/Contents.json",
      #"{"images": [{"display-gamut": "display-P3", "filename": "p.png", "idiom": "universal", "scale": "2x"}]}"#
    )
    let catalog = AssetCatalog(root: tree.root)
    let photo = try #require(catalog.asset(named: "photo"))
    #expect(photo.variant(scale: 2, idiom: nil)?.path == set + "/s.png")
    #expect(photo.variant(for: TraitRequest(scale: 2, gamut: .p3))?.path == set + "/p.png")
    // Only a P3 slot: an sRGB screen still gets it rather than nothing.
    #expect(
      catalog.asset(named: "wide")?.variant(scale: 2, idiom: nil)?.path == "B.xcassets/wide.imageset/p.png")
  }

  /// A generic request takes a generic file of another scale before an iPad one.
  @Test func aGenericRequestPrefersGenericFilesOverIPadOnes() throws {
    let tree = Tree()
    try tree.png("a.png", width: 1, height: 1)
    try tree.png("a@3x.png", width: 3, height: 3)
    try tree.png("a@2x~ipad.png", width: 2, height: 2)
    try tree.png("pad~ipad.png", width: 1, height: 1)
    let library = try AssetLibrary(root: tree.root)
    #expect(try library.variant(named: "a", scale: 2).path == "a@3x.png")
    #expect(try library.variant(named: "a", scale: 2, idiom: .ipad).path == "a@2x~ipad.png")
    // With nothing generic, the iPad file still serves a generic request.
    #expect(try library.variant(named: "pad", scale: 2).path == "pad~ipad.png")
  }

  /// The classic form: iPhone and iPad slots plus a 1x `ios-marketing` 1024.
  @Test func theMarketingImageIsNeverPickedOverTheDeviceIcons() throws {
    let tree = Tree()
    let set = "A.xcassets/AppIcon.appiconset"
    try tree.png(set + "/60@2x.png", width: 120, height: 120)
    try tree.png(set + "/60@3x.png", width: 180, height: 180)
    try tree.png(set + "/76.png", width: 76, height: 76)
    try tree.png(set + "/1024.png", width: 1024, height: 1024)
    tree.contents(
      set,
      [
        ("60@2x.png", "iphone", "2x", "60x60"), ("60@3x.png", "iphone", "3x", "60x60"),
        ("76.png", "ipad", "1x", "76x76"), ("1024.png", "ios-marketing", "1x", "1024x1024"),
      ])
    let icon = try #require(AssetCatalog(root: tree.root).asset(named: "AppIcon"))
    #expect(icon.variant(scale: 1, idiom: nil)?.path == set + "/60@2x.png")
    #expect(icon.variant(scale: 1, idiom: .iphone)?.path == set + "/60@2x.png")
    #expect(icon.variant(scale: 2, idiom: nil)?.path == set + "/60@2x.png")
    #expect(icon.variant(scale: 1, idiom: .ipad)?.path == set + "/76.png")
    #expect(icon.variants.first { $0.path.hasSuffix("1024.png") }?.isMarketing == true)
  }

  /// Xcode 14+ "All Sizes": universal slots for ios with scales, and a scale-less 1024.
  @Test func theUniversalAllSizesFormDrawsTheSlotOfTheScale() throws {
    let tree = Tree()
    let set = "A.xcassets/AppIcon.appiconset"
    try tree.png(set + "/60@2x.png", width: 120, height: 120)
    try tree.png(set + "/60@3x.png", width: 180, height: 180)
    try tree.png(set + "/1024.png", width: 1024, height: 1024)
    tree.text(
      set + "/Contents.json",
      """
      {"images": [
        {"filename": "1024.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"},
        {"filename": "60@2x.png", "idiom": "universal", "platform": "ios", "scale": "2x", "size": "60x60"},
        {"filename": "60@3x.png", "idiom": "universal", "platform": "ios", "scale": "3x", "size": "60x60"}
      ]}
      """)
    let icon = try #require(AssetCatalog(root: tree.root).asset(named: "AppIcon"))
    #expect(icon.variant(scale: 1, idiom: nil)?.path == set + "/60@2x.png")
    #expect(icon.variant(scale: 2, idiom: nil)?.path == set + "/60@2x.png")
    #expect(icon.variant(scale: 3, idiom: .ipad)?.path == set + "/60@3x.png")
  }

  /// GitHawk's watch icon (roles and subtypes) and home-assistant's Single Size watch icon.
  @Test func watchOnlySetsAnswerAWatchRequest() throws {
    let tree = Tree()
    let set = "W.xcassets/AppIcon.appiconset"
    try tree.png(set + "/24.png", width: 48, height: 48)
    try tree.png(set + "/108.png", width: 216, height: 216)
    try tree.png(set + "/1024.png", width: 1024, height: 1024)
    tree.text(
      set + "/Contents.json",
      """
      {"images": [
        {"size": "24x24", "idiom": "watch", "filename": "24.png", "scale": "2x", "role": "notificationCenter", "subtype": "38mm"},
        {"size": "108x108", "idiom": "watch", "filename": "108.png", "scale": "2x", "role": "quickLook", "subtype": "44mm"},
        {"size": "1024x1024", "idiom": "watch-marketing", "filename": "1024.png", "scale": "1x"}
      ]}
      """)
    try tree.png("S.xcassets/WatchIcon.appiconset/w.png", width: 1024, height: 1024)
    tree.text(
      "S.xcassets/WatchIcon.appiconset/Contents.json",
      #"{"images": [{"filename": "w.png", "idiom": "universal", "platform": "watchos", "size": "1024x1024"}]}"#
    )
    let catalog = AssetCatalog(root: tree.root)
    let icon = try #require(catalog.asset(named: "AppIcon"))
    #expect(icon.variant(scale: 2, idiom: nil) == nil)
    #expect(!icon.servesGenericRequests)
    #expect(icon.devices == [.watch])
    #expect(icon.variant(for: TraitRequest(scale: 2, idiom: .watch))?.path == set + "/108.png")
    #expect(icon.variant(for: TraitRequest(scale: 1, idiom: .watch))?.path == set + "/108.png")
    let single = try #require(catalog.asset(named: "WatchIcon"))
    #expect(single.devices == [.watch])
    let chosen = try #require(single.variant(for: TraitRequest(scale: 2, idiom: .watch)))
    #expect(chosen.isScaleIndependent)
    #expect(chosen.device == .watch)
  }

  /// home-assistant's `AppIcon`: an iOS Single Size icon beside the mac slots.
  @Test func macSlotsAnswerAMacRequestAndNothingElse() throws {
    let tree = Tree()
    let set = "A.xcassets/AppIcon.appiconset"
    try tree.png(set + "/ios.png", width: 1024, height: 1024)
    try tree.png(set + "/512.png", width: 512, height: 512)
    try tree.png(set + "/1024-mac.png", width: 1024, height: 1024)
    tree.text(
      set + "/Contents.json",
      """
      {"images": [
        {"filename": "ios.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"},
        {"filename": "512.png", "idiom": "mac", "scale": "1x", "size": "512x512"},
        {"filename": "1024-mac.png", "idiom": "mac", "scale": "2x", "size": "512x512"}
      ]}
      """)
    let icon = try #require(AssetCatalog(root: tree.root).asset(named: "AppIcon"))
    #expect(icon.devices == [.iphone, .ipad, .car, .mac])
    #expect(icon.variant(scale: 2, idiom: nil)?.path == set + "/ios.png")
    #expect(icon.variant(for: TraitRequest(scale: 2, idiom: .mac))?.path == set + "/1024-mac.png")
    #expect(icon.variant(for: TraitRequest(scale: 1, idiom: .mac))?.path == set + "/512.png")
    #expect(icon.variant(for: TraitRequest(scale: 2, idiom: .tv)) == nil)
  }

  @Test func theTableAndTheRuleAgreeForEveryDefaultRequest() throws {
    let tree = Tree()
    let icon = try #require(try singleSizeIcon(tree).asset(named: "AppIcon"))
    for scale in 1...4 {
      for idiom in [nil, Idiom.iphone, .ipad] {
        #expect(
          icon.variant(for: TraitRequest(scale: Double(scale), idiom: idiom))
            == icon.variant(scale: scale, idiom: idiom))
      }
    }
  }

  /// On every real tree, every asset with dark or tinted slots resolves to its default
  /// artwork for a default request at every scale, and to a dark slot for a dark request.
  @Test(.needsSharedData, .tags(.sharedData)) func everyRealSetWithAppearancesResolvesToItsDefaultArtwork()
    throws
  {
    let root = #filePath.split(separator: "/").dropLast(3).map(String.init).joined(separator: "/")
    let catalog = AssetCatalog(root: "/" + root + "/../shared/testdata/real")
    var checked = 0
    for asset in catalog.assets where asset.variants.contains(where: { $0.traits.luminosity != nil }) {
      guard asset.variants.contains(where: { $0.traits.luminosity == nil && $0.isSelectable }) else {
        continue
      }
      checked += 1
      for scale in 1...3 {
        let chosen = asset.variant(scale: scale, idiom: nil)
        #expect(chosen?.traits.luminosity == nil, "\(asset.name) @\(scale)x: \(chosen?.path ?? "none")")
      }
      if asset.variants.contains(where: { $0.traits.luminosity == "dark" && $0.isSelectable }) {
        #expect(
          asset.variant(for: TraitRequest(scale: 2, appearance: .dark))?.traits.luminosity == "dark",
          "\(asset.name)")
      }
    }
    #expect(checked >= 50)
  }
}
