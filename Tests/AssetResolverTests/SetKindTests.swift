import AssetIndex
import AssetResolver
import ImageCore
import TestSupport
import Testing

/// Every kind of set is indexed or recognised and skipped with a reason; fixtures follow
/// SwiftGen's `Other.xcassets`, `Targets.xcassets` and `Files.xcassets`, home-assistant's
/// `.icon` documents and the sticker and preview catalogs Xcode makes.
@Suite("Every set kind")
struct SetKindTests {
  static let info = #""info": {"author": "xcode", "version": 1}"#

  @Test func containersIndexTheirChildrenUnderTheirName() throws {
    let tree = Tree()
    let other = "Other.xcassets"
    tree.text(other + "/Contents.json", "{\(Self.info)}")
    let stack = other + "/Stack (tvOS).imagestack"
    tree.text(
      stack + "/Contents.json",
      #"{"layers": [{"filename": "Front.imagestacklayer"}, {"filename": "Back.imagestacklayer"}], "#
        + Self.info + "}")
    for layer in ["Front", "Back"] {
      tree.text(stack + "/\(layer).imagestacklayer/Contents.json", "{\(Self.info)}")
      let content = stack + "/\(layer).imagestacklayer/Content.imageset"
      try tree.png(content + "/\(layer).png", width: 4, height: 4)
      tree.contents(content, [("\(layer).png", "tv", "1x", nil)])
    }
    tree.text(other + "/Sprites.spriteatlas/Contents.json", "{\(Self.info)}")
    try tree.png(other + "/Sprites.spriteatlas/Sprite.imageset/s.png", width: 2, height: 2)
    tree.contents(other + "/Sprites.spriteatlas/Sprite.imageset", [("s.png", "universal", "1x", nil)])
    tree.text(other + "/Dashboard.gcdashboardimage/Contents.json", "{\(Self.info)}")
    try tree.png(other + "/Dashboard.gcdashboardimage/Logo.imageset/l.png", width: 2, height: 2)
    tree.contents(other + "/Dashboard.gcdashboardimage/Logo.imageset", [("l.png", "universal", "1x", nil)])
    tree.text(other + "/Brand.brandassets/Contents.json", "{\(Self.info)}")
    try tree.png(other + "/Brand.brandassets/Top Shelf Image.imageset/t.png", width: 4, height: 2)
    tree.contents(other + "/Brand.brandassets/Top Shelf Image.imageset", [("t.png", "tv", "1x", nil)])
    tree.text(other + "/Complication.complicationset/Contents.json", "{\(Self.info)}")
    try tree.png(other + "/Complication.complicationset/Circular.imageset/c.png", width: 2, height: 2)
    tree.contents(other + "/Complication.complicationset/Circular.imageset", [("c.png", "watch", "2x", nil)])

    let catalog = AssetCatalog(root: tree.root)
    #expect(catalog.problems.isEmpty)
    #expect(
      catalog.assets.map(\.name) == [
        "Brand/Top Shelf Image", "Complication/Circular", "Dashboard/Logo", "Sprite",
        "Stack (tvOS)/Back/Content",
        "Stack (tvOS)/Front/Content",
      ])
    let kinds = Dictionary(catalog.sets.map { ($0.name, $0.kind) }, uniquingKeysWith: { first, _ in first })
    #expect(kinds["Stack (tvOS)"] == .imageStack)
    #expect(kinds["Stack (tvOS)/Front"] == .imageStackLayer)
    #expect(kinds["Sprites"] == .spriteAtlas)
    #expect(kinds["Brand"] == .brandAssets)
    #expect(kinds["Complication"] == .complicationSet)
    #expect(kinds["Dashboard"] == .gameCenterDashboardImage)
    let content = try #require(catalog.sets.first { $0.name == "Stack (tvOS)/Front/Content" })
    #expect(content.container == stack + "/Front.imagestacklayer")
    #expect(catalog.sets.first { $0.name == "Stack (tvOS)" }?.skipReason == nil)
    // A layer's image answers a tv request.
    #expect(catalog.asset(named: "Stack (tvOS)/Front/Content")?.devices == [.tv])
  }

  @Test func launchImagesAreImageSourcesWhoseSlotsDifferByOrientation() throws {
    let tree = Tree()
    let set = "A.xcassets/LaunchImage.launchimage"
    try tree.png(set + "/portrait.png", width: 4, height: 6)
    try tree.png(set + "/landscape.png", width: 6, height: 4)
    tree.text(
      set + "/Contents.json",
      """
      {"images": [
        {"orientation": "portrait", "idiom": "ipad", "filename": "portrait.png", "extent": "full-screen",
         "minimum-system-version": "7.0", "scale": "2x"},
        {"orientation": "landscape", "idiom": "ipad", "filename": "landscape.png", "extent": "full-screen",
         "minimum-system-version": "7.0", "scale": "2x"}
      ]}
      """)
    let catalog = AssetCatalog(root: tree.root)
    #expect(catalog.problems.isEmpty)
    let slots = try #require(catalog.sets.first?.slots)
    #expect(catalog.sets.first?.kind == .launchImage)
    #expect(slots.map(\.traits.orientation) == ["portrait", "landscape"])
    #expect(slots.first?.traits.minimumSystemVersion == "7.0")
    let asset = try #require(catalog.asset(named: "LaunchImage"))
    #expect(asset.kind == .launchImage)
    #expect(asset.variants.count == 2)
    // Portrait, the one without a condition, for a plain iPad request.
    #expect(asset.variant(scale: 2, idiom: .ipad)?.path == set + "/portrait.png")
  }

  @Test func setsThatAreNotImagesAreRecognisedAndSkippedWithAReason() throws {
    let tree = Tree()
    let kinds: [(String, SetKind)] = [
      ("Styles.xcassets/Tint.colorset", .colorSet), ("Files.xcassets/Data.dataset", .dataSet),
      ("Targets.xcassets/Posters.arresourcegroup", .arResourceGroup),
      ("Targets.xcassets/Bottle.arobject", .arObject), ("T.xcassets/Rock.textureset", .textureSet),
      ("T.xcassets/Sky.cubetextureset", .cubeTextureSet), ("T.xcassets/Levels.mipmapset", .mipmapSet),
      ("T.xcassets/Odd.frobset", .unknown),
    ]
    for (folder, _) in kinds { tree.text(folder + "/Contents.json", "{\(Self.info)}") }
    let catalog = AssetCatalog(root: tree.root)
    #expect(catalog.assets.isEmpty)
    #expect(catalog.problems.isEmpty)
    for (folder, kind) in kinds {
      let set = try #require(catalog.sets.first { $0.path == folder }, "\(folder)")
      #expect(set.kind == kind)
      #expect(!set.kind.isImageSource)
      #expect(set.skipReason?.isEmpty == false)
    }
    #expect(SetKind.of(folder: "Odd.frobset")?.kind.description == "unknown")
    #expect(SetKind.of(folder: "Group") == nil)
  }

  /// A custom symbol is an asset: its `symbols` slot is one scale-less SVG template, which
  /// serves every scale.
  @Test func symbolSetsAreAssetsOfTheirTemplate() throws {
    let tree = Tree()
    tree.text("Symbols.xcassets/Plus.symbolset/plus.symbols.svg", "<svg/>")
    tree.text(
      "Symbols.xcassets/Plus.symbolset/Contents.json",
      #"{"symbols": [{"filename": "plus.symbols.svg", "idiom": "universal"}], "# + Self.info + "}")
    let catalog = AssetCatalog(root: tree.root)
    #expect(catalog.problems.isEmpty)
    let set = try #require(catalog.sets.first { $0.kind == .symbolSet })
    #expect(set.skipReason == nil && set.kind.isImageSource)
    let asset = try #require(catalog.asset(named: "Plus"))
    #expect(asset.kind == .symbolSet)
    #expect(asset.variants.map(\.path) == ["Symbols.xcassets/Plus.symbolset/plus.symbols.svg"])
    #expect(asset.variants.first?.isScaleIndependent == true)
  }

  /// An `.xcstickers` catalog: a sticker pack (sticker, sequence) and the iMessage icon set.
  @Test func stickerCatalogsAreRead() throws {
    let tree = Tree()
    let catalog = "Stickers.xcstickers"
    tree.text(catalog + "/Contents.json", "{\(Self.info)}")
    let pack = catalog + "/Sticker Pack.stickerpack"
    tree.text(
      pack + "/Contents.json",
      #"{"stickers": [{"filename": "Cat.sticker"}], "properties": {"grid-size": "small"}}"#)
    try tree.png(pack + "/Cat.sticker/cat.png", width: 300, height: 300)
    tree.text(
      pack + "/Cat.sticker/Contents.json", #"{"properties": {"filename": "cat.png"}, "# + Self.info + "}")
    try tree.png(pack + "/Run.stickersequence/1.png", width: 300, height: 300)
    try tree.png(pack + "/Run.stickersequence/2.png", width: 300, height: 300)
    tree.text(
      pack + "/Run.stickersequence/Contents.json",
      #"{"frames": [{"filename": "1.png"}, {"filename": "2.png"}, {"filename": "3.png"}], "properties": {"duration": 15}}"#
    )
    let icon = catalog + "/iMessage App Icon.stickersiconset"
    try tree.png(icon + "/60x45@2x.png", width: 120, height: 90)
    tree.contents(
      icon, [("60x45@2x.png", "iphone", "2x", "60x45"), (nil, "ios-marketing", "1x", "1024x768")])

    let index = AssetCatalog(root: tree.root)
    let cat = try #require(index.asset(named: "Sticker Pack/Cat"))
    #expect(cat.kind == .sticker)
    #expect(cat.variants.map(\.path) == [pack + "/Cat.sticker/cat.png"])
    #expect(cat.variant(scale: 3, idiom: nil)?.isScaleIndependent == true)
    let run = try #require(index.asset(named: "Sticker Pack/Run"))
    #expect(run.variants.map(\.path) == [pack + "/Run.stickersequence/1.png"])
    #expect(index.sets.first { $0.kind == .stickerSequence }?.slots.count == 3)
    #expect(index.problems.map(\.path) == [pack + "/Run.stickersequence/3.png"])
    let iconAsset = try #require(index.asset(named: "iMessage App Icon"))
    #expect(iconAsset.source == .appIconSet(path: icon))
    #expect(iconAsset.variants.first?.size == PointSize(width: 60, height: 45))
    #expect(index.sets.first { $0.kind == .stickerPack }?.name == "Sticker Pack")
  }

  @Test func previewAssetsAreMarked() throws {
    let tree = Tree()
    for folder in [
      "App/Preview Content/Preview Assets.xcassets/Sample.imageset",
      "App/Preview Content/Dev.xcassets/Dev.imageset",
      "App/Assets.xcassets/Real.imageset",
    ] {
      try tree.png(folder + "/a.png", width: 2, height: 2)
      tree.contents(folder, [("a.png", "universal", "1x", nil)])
    }
    let catalog = AssetCatalog(root: tree.root)
    let previews = catalog.sets.filter(\.isPreview).map(\.name).sorted()
    #expect(previews == ["Dev", "Sample"])
    #expect(catalog.sets.first { $0.name == "Real" }?.isPreview == false)
    #expect(catalog.assets.count == 3)
  }

  /// home-assistant's `AppIcon.icon`: groups of layers naming files in `Assets/`.
  @Test func iconComposerDocumentsListTheirLayers() throws {
    let tree = Tree()
    let icon = "App/Resources/AppIcon.icon"
    try tree.png(icon + "/Assets/logo-frame.png", width: 8, height: 8)
    tree.text(icon + "/Assets/spare.svg", "<svg/>")
    tree.text(
      icon + "/icon.json",
      """
      {"fill": {"automatic-gradient": "srgb:0.1,0.7,0.9,1"},
       "groups": [
         {"layers": [{"image-name": "logo-1.svg", "name": "logo-1", "hidden": false}], "shadow": {"kind": "neutral"}},
         {"layers": [{"image-name": "logo-frame.png", "name": "logo-frame"}]}
       ],
       "supported-platforms": {"circles": ["watchOS"], "squares": "shared"}}
      """)
    tree.text("App/Broken.icon/icon.json", "{not json")
    let catalog = AssetCatalog(root: tree.root)
    let set = try #require(catalog.sets.first { $0.name == "AppIcon" })
    #expect(set.kind == .iconDocument)
    #expect(set.path == icon)
    let document = try #require(set.iconDocument)
    #expect(document.layers.map(\.imageName) == ["logo-1.svg", "logo-frame.png"])
    #expect(document.layers.map(\.group) == [0, 1])
    #expect(document.missingLayers.map(\.path) == [icon + "/Assets/logo-1.svg"])
    #expect(document.unusedFiles == ["spare.svg"])
    #expect(document.supportedPlatforms == ["circles": ["watchOS"], "squares": ["shared"]])
    #expect(document.problem == nil)
    #expect(set.files.isEmpty)
    #expect(document.files == ["logo-frame.png", "spare.svg"])
    // Its files are not loose assets.
    #expect(!catalog.assets.contains { $0.name.contains("logo") })
    let broken = try #require(catalog.sets.first { $0.name == "Broken" })
    #expect(!broken.isValid)
    #expect(broken.iconDocument?.problem != nil)
  }

  @Test func symbolicLinksInCatalogsAreFollowedOrReported() throws {
    let tree = Tree()
    try tree.png("Shared/Icons/mail.imageset/m.png", width: 2, height: 2)
    tree.contents("Shared/Icons/mail.imageset", [("m.png", "universal", "1x", nil)])
    try tree.png("A.xcassets/Real.imageset/r.png", width: 2, height: 2)
    tree.contents("A.xcassets/Real.imageset", [("r.png", "universal", "1x", nil)])
    tree.link("A.xcassets/Linked.imageset", to: "../A.xcassets/Real.imageset")
    tree.link("A.xcassets/Icons", to: "../Shared/Icons")
    tree.link("A.xcassets/Away.imageset", to: "/tmp")
    tree.link("A.xcassets/Group/Loop", to: "..")
    let catalog = AssetCatalog(root: tree.path("A.xcassets"))
    // The link and the folder it names are both read, each at its own place.
    #expect(catalog.asset(named: "Real") != nil)
    #expect(catalog.asset(named: "Linked")?.variants.first?.path == "Linked.imageset/r.png")
    let kinds = catalog.problems.map { "\($0.kind) \($0.path)" }.sorted()
    #expect(
      kinds == [
        "symlink-loop Group/Loop", "symlink-outside-root Away.imageset", "symlink-outside-root Icons",
      ])
    // Within a root that holds the target, a linked group is read as a group.
    let whole = AssetCatalog(root: tree.root)
    #expect(whole.asset(named: "mail") != nil)
    #expect(
      whole.sets.filter { $0.name == "mail" }.map(\.path) == ["A.xcassets/Icons/mail.imageset"],
      "outside a catalog the folder is plain files; through the link it is a set")
    #expect(!whole.problems.contains { $0.path == "A.xcassets/Icons" })
  }
}
