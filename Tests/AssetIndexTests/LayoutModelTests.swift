import AssetIndex
import Testing

/// The parsed path types of each layout: Flutter variant folders, `pubspec.yaml`'s assets,
/// Metro names and Android resource paths.
@Suite struct LayoutModelTests {
  @Test(arguments: [
    ("assets/images/2.0x/close.png", "assets/images/close.png", 2.0 as Double?),
    ("assets/images/1.5x/close.png", "assets/images/close.png", 1.5),
    ("assets/images/3x/close.png", "assets/images/close.png", 3.0),
    ("assets/images/1.0x/close.png", "assets/images/close.png", 1.0),
    ("assets/images/close.png", "assets/images/close.png", nil),
    // One level only: the outer folder is part of the main path.
    ("assets/3.0x/2.0x/close.png", "assets/3.0x/close.png", 2.0),
    ("assets/2.0X/close.png", "assets/2.0X/close.png", nil),
    ("assets/@2x/close.png", "assets/@2x/close.png", nil),
    ("2.0x/close.png", "close.png", 2.0),
  ])
  func flutterVariantFolders(path: String, main: String, ratio: Double?) {
    let parsed = FlutterPath(path)
    #expect(parsed.mainPath == main)
    #expect(parsed.folderRatio == ratio)
    #expect(parsed.isMain == (ratio == nil))
  }

  @Test func flutterNearMissFolders() {
    #expect(FlutterPath.isNearMissRatioFolder("2.0X"))
    #expect(FlutterPath.isNearMissRatioFolder("@2x"))
    #expect(FlutterPath.isNearMissRatioFolder("x2"))
    #expect(FlutterPath.isNearMissRatioFolder("2.0x-dark"))
    #expect(!FlutterPath.isNearMissRatioFolder("2.0x"))
    #expect(!FlutterPath.isNearMissRatioFolder("images"))
    #expect(FlutterPath.ratio(ofFolder: "x") == nil)
    #expect(FlutterPath.ratio(ofFolder: ".5x") == nil)
    #expect(FlutterPath.ratio(ofFolder: "0x") == nil)
  }

  @Test func pubspecAssetsBlock() throws {
    let text = """
      name: demo # a comment
      dependencies:
        flutter:
          sdk: flutter
        assets: not-this-one
      flutter:
        uses-material-design: true
        assets:
          - assets/images/
          - "assets/quoted file.png"   # a comment after
          - 'assets/single.png'

          - path: assets/flavoured/
            flavors:
              - premium
        fonts:
          - family: Foo
      assets:
        - top-level/
      """
    let assets = try PubspecAssets(parsing: text)
    #expect(assets.hasFlutterBlock)
    #expect(
      assets.entries == [
        "assets/images/", "assets/quoted file.png", "assets/single.png", "assets/flavoured/",
      ])
    #expect(assets.declares("assets/images/close.png"))
    #expect(assets.declares("assets/images/2.0x/close.png"))
    #expect(!assets.declares("assets/images/icons/close.png"))
    #expect(assets.declares("assets/single.png"))
    #expect(assets.declares("assets/3.0x/single.png"))
    #expect(!assets.declares("top-level/a.png"))
  }

  @Test func pubspecFlowListAndNoFlutterBlock() throws {
    let flow = try PubspecAssets(parsing: "flutter:\n  assets: [a/, b.png]\n")
    #expect(flow.entries == ["a/", "b.png"])
    let none = try PubspecAssets(parsing: "name: x\nversion: 1.0.0\n")
    #expect(!none.hasFlutterBlock)
    #expect(none.entries.isEmpty)
  }

  @Test(arguments: [
    ("flutter:\n  assets:\n    - &anchor a/\n", 3),
    ("flutter:\n  assets:\n    - \"open\n", 3),
    ("flutter:\n  assets: a/\n", 2),
    ("flutter:\n  assets:\n    - a/\n      more\n", 4),
    ("flutter:\n\tassets:\n", 2),
  ])
  func pubspecRefusesWhatItDoesNotRead(text: String, line: Int) {
    #expect(throws: PubspecAssets.Problem.self) { try PubspecAssets(parsing: text) }
    do {
      _ = try PubspecAssets(parsing: text)
    } catch {
      #expect(error.line == line)
    }
  }

  @Test(arguments: [
    ("icon.png", "icon", 1.0, false, nil as String?),
    ("icon@2x.png", "icon", 2.0, true, nil),
    ("icon@2.5x.ios.png", "icon", 2.5, true, "ios"),
    ("icon@3x.android.png", "icon", 3.0, true, "android"),
    ("icon.native.png", "icon", 1.0, false, "native"),
    ("my.icon@2x.png", "my.icon", 2.0, true, nil),
    ("icon@2X.png", "icon@2X", 1.0, false, nil),
  ])
  func metroNames(file: String, base: String, scale: Double, suffixed: Bool, platform: String?) {
    let name = MetroName(file)
    #expect(name.base == base)
    #expect(name.scale == scale)
    #expect(name.hasScaleSuffix == suffixed)
    #expect(name.platform == platform)
    #expect(name.fileExtension == "png")
  }

  @Test func metroIgnoredSuffixes() {
    #expect(MetroName("icon@2X.png").ignoredSuffix == "@2X")
    #expect(MetroName("icon@2x-dark.png").ignoredSuffix == "@2x-dark")
    #expect(MetroName("icon@2x.png").ignoredSuffix == nil)
    #expect(MetroName("user@home.png").ignoredSuffix == nil)
  }

  @Test func androidResourcePaths() throws {
    let path = try AndroidResourcePath("app/src/main/res/drawable-hdpi-v11/foo.9.png")
    #expect(path.type == "drawable")
    #expect(path.qualifiers == ["hdpi", "v11"])
    #expect(path.density == .hdpi)
    #expect(path.density?.scale == 1.5)
    #expect(path.apiLevel == 11)
    #expect(path.name == "foo")
    #expect(path.isNinePatch)
    #expect(path.fileExtension == "png")
    #expect(path.otherQualifiers.isEmpty)

    let plain = try AndroidResourcePath("res/drawable/ic_note.xml")
    #expect(plain.density == nil)
    #expect(plain.effectiveDensity == .mdpi)
    #expect(!plain.isNinePatch)
    #expect(plain.fileExtension == "xml")

    let night = try AndroidResourcePath("res/mipmap-en-rGB-night-xxxhdpi/ic_launcher.png")
    #expect(night.density == .xxxhdpi)
    #expect(night.otherQualifiers == ["en", "rGB", "night"])
    #expect(try AndroidResourcePath("res/drawable-420dpi/a.png").density?.dpi == 420)
    #expect(try AndroidResourcePath("res/drawable-nodpi/a.png").density == .noDPI)
    #expect(try AndroidResourcePath("res/drawable-anydpi-v26/a.xml").density == .anyDPI)
    #expect(try AndroidResourcePath("res/drawable-sw600dp-land-xhdpi/a.png").density == .xhdpi)
  }

  @Test(arguments: [
    "res/drawable-v11-hdpi/a.png",  // version before density: out of AAPT's order
    "res/drawable-hdpi-night/a.png",
    "res/drawable-superhdpi/a.png",
    "res/pictures-hdpi/a.png",
    "a.png",
  ])
  func androidPathsAAPTRefuses(path: String) {
    #expect(throws: AndroidResourcePath.Problem.self) { try AndroidResourcePath(path) }
  }

  @Test func androidResourceNames() throws {
    #expect(try AndroidResourcePath("res/drawable/ic_note_2.png").hasValidName)
    #expect(try !AndroidResourcePath("res/drawable/ic-note.png").hasValidName)
    #expect(try !AndroidResourcePath("res/drawable/IcNote.png").hasValidName)
    #expect(try !AndroidResourcePath("res/drawable/2note.png").hasValidName)
  }

  @Test func densities() {
    #expect(AndroidDensity.named("xxhdpi") == .xxhdpi)
    #expect(AndroidDensity.named("420") == AndroidDensity(dpi: 420))
    #expect(AndroidDensity.named("420dpi")?.scale == 2.625)
    #expect(AndroidDensity.named("fast") == nil)
    #expect(AndroidDensity.named("0") == nil)
    #expect(AndroidDensity.forScale(2.625).dpi == 420)
    #expect(AndroidDensity.tvdpi.description == "tvdpi")
    #expect(AndroidDensity(dpi: 420).description == "420dpi")
  }

  @Test func layoutNames() {
    #expect(Layout.named("React-Native") == .reactNative)
    #expect(Layout.named("android") == .android)
    #expect(Layout.named("windows") == nil)
    #expect(Layout.allCases.map(\.description) == ["apple", "flutter", "react-native", "android"])
  }
}
