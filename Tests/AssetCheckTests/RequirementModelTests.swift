import AssetCheck
import Foundation
import TestSupport
import Testing

/// One small tree of our own per class of image whose needs follow from how the platform
/// draws it, not from an `@Nx` family: the era of the target, launch images, icon files,
/// game art, stickers, masters, swatches, and icon slots of devices a project does not build.
extension Tree {
  /// The check with no `--require`: each target's devices decide, as a user's run does.
  fileprivate func modelCheck() -> CheckReport {
    AssetChecker.check(roots: [root], configuration: CheckConfiguration())
  }
}

@Suite("The requirement model: what each kind of image needs, and how sure")
struct RequirementModelTests {
  static func plist(_ entries: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0"><dict>\(entries)</dict></plist>

    """
  }

  /// An iPhone app target `App` whose Info.plist holds `info`, its resources the given files.
  static func app(
    _ tree: Tree, iOS: String, info: String, resources: [String], extra: [String: String] = [:]
  ) throws -> Tree {
    var settings = ["SDKROOT": "iphoneos", "IPHONEOS_DEPLOYMENT_TARGET": iOS, "TARGETED_DEVICE_FAMILY": "1"]
    settings["INFOPLIST_FILE"] = "Info.plist"
    settings.merge(extra) { $1 }
    let project = XcodeProjectFixture(targets: [.init(name: "App", settings: settings, resources: resources)])
    return tree.text("App.xcodeproj/project.pbxproj", project.text).text("Info.plist", plist(info))
  }

  static let storyboard = "<key>UILaunchStoryboardName</key><string>LaunchScreen</string>"

  // MARK: The target's era

  @Test("an iOS 6 app without a launch screen runs zoomed at 2x on 3x iPhones: no @3x is asked")
  func zoomedLegacyApp() throws {
    let tree = try Self.app(Tree(), iOS: "6.0", info: "", resources: ["gear@2x.png", "gear.png"])
      .png("gear.png", 22, 22).png("gear@2x.png", 44, 44)
    #expect(tree.modelCheck().findings(.missingScale).isEmpty)
    let native = try Self.app(
      Tree(), iOS: "6.0", info: Self.storyboard, resources: ["gear@2x.png", "gear.png"]
    )
    .png("gear.png", 22, 22).png("gear@2x.png", 44, 44)
    let found = native.modelCheck().findings(.missingScale)
    #expect(found.map(\.severity) == [.error])
    #expect(found.first?.message.contains("has a launch screen") == true)
  }

  @Test(
    "no Info.plist in the tree: whether the app runs natively on 3x iPhones is unknown, so @3x is a warning")
  func unknownLaunchScreen() throws {
    let tree = Tree()
    let project = XcodeProjectFixture(targets: [
      .init(
        name: "App", settings: ["SDKROOT": "iphoneos", "IPHONEOS_DEPLOYMENT_TARGET": "11.0"],
        resources: ["gear@2x.png"])
    ])
    try tree.text("App.xcodeproj/project.pbxproj", project.text).png("gear@2x.png", 44, 44)
    let found = tree.modelCheck().findings(.missingScale)
    #expect(found.map(\.severity) == [.warning])
    #expect(found.first?.message.contains("not in the tree") == true)
  }

  // MARK: Launch images

  @Test(
    "launch images exist at one scale each: nothing asks for Default-568h@3x; a 3x image under a 2x name is named"
  )
  func launchImages() throws {
    let tree = try Self.app(
      Tree(), iOS: "7.0", info: "",
      resources: ["Default-568h@2x.png", "Default-736h@2x.png", "Default@2x.png"]
    )
    .png("Default-568h@2x.png", 640, 1136).png("Default@2x.png", 640, 960).png(
      "Default-736h@2x.png", 1242, 2208)
    let report = tree.modelCheck()
    #expect(report.findings(.missingScale).isEmpty)
    let wrong = report.findings(.sizeMismatch)
    #expect(wrong.map(\.relativePath) == ["Default-736h@2x.png"])
    #expect(wrong.first?.message.contains("at 3x, under a @2x name") == true)
    #expect(wrong.first?.message.contains("Default-736h@3x.png") == true)
  }

  @Test("a 3.5-inch launch image without its @2x: Retina iPhones launching the app at 320×480 pt enlarge it")
  func launchImageWithoutRetinaCopy() throws {
    let tree = try Self.app(Tree(), iOS: "5.0", info: "", resources: ["Default.png"]).png(
      "Default.png", 320, 480)
    let found = tree.modelCheck().findings(.missingScale)
    #expect(found.map(\.relativePath) == ["Default.png", "Default.png"])
    #expect(found.contains { $0.severity == .error && $0.message.contains("add Default@2x.png") })
    // Without the 4-inch image, every iPhone of 4 inches or more letterboxes the app.
    #expect(found.contains { $0.severity == .warning && $0.message.contains("no Default-568h@2x.png") })
    let tall = try Self.app(
      Tree(), iOS: "5.0", info: "", resources: ["Default.png", "Default@2x.png", "Default-568h@2x.png"]
    )
    .png("Default.png", 320, 480).png("Default@2x.png", 640, 960).png("Default-568h@2x.png", 640, 1136)
    #expect(tall.modelCheck().findings(.missingScale).isEmpty)
  }

  // MARK: Icon files

  @Test(
    "files of CFBundleIconFiles are picked by pixel size: no @Nx siblings asked; a missing 120-px size warned"
  )
  func iconFiles() throws {
    let info =
      "<key>CFBundleIconFiles</key><array><string>Icon.png</string><string>Icon-72.png</string></array>"
    let tree = try Self.app(Tree(), iOS: "5.0", info: info, resources: ["Icon.png", "Icon-72.png"])
      .png("Icon.png", 57, 57).png("Icon-72.png", 72, 72)
    let found = tree.modelCheck().findings(.missingScale)
    #expect(found.allSatisfy { $0.severity == .warning && $0.message.contains("icon files") })
    #expect(found.contains { $0.message.contains("120×120") })
    #expect(!found.contains { $0.message.contains("@2x variant") || $0.message.contains("@3x variant") })
    // An iOS 5 app without a launch screen runs zoomed on 3x iPhones, but their home screen
    // draws its icon at 180 px all the same.
    #expect(found.contains { $0.message.contains("180×180") && $0.message.contains("natively or zoomed") })
  }

  // MARK: Game art

  @Test("a sprite sheet with its own data file, and cocos2d -hd pairs: notes, never errors")
  func gameArt() throws {
    let tree = try Tree().png("sheet.png", 64, 64).text("sheet.plist", "<plist/>")
      .png("hero.png", 20, 20).png("hero-hd.png", 40, 40)
    let report = tree.modelCheck()
    #expect(report.errorCount == 0)
    let found = report.findings(.missingScale)
    #expect(found.count == 3 && found.allSatisfy { $0.severity == .note })
    #expect(found.first { $0.asset == "sheet" }?.message.contains("sheet.plist holds its frames") == true)
    #expect(found.filter { $0.asset != "sheet" }.allSatisfy { $0.message.contains("cocos2d") })
  }

  // MARK: Stickers, swatches, masters

  @Test("sticker images, one-colour swatches and a 2048-px master alone in its 1x slot ask for no scale")
  func imagesWithoutScaleFamilies() throws {
    let tree = try Tree()
      .png("S.xcstickers/Pack.stickerpack/Cat.sticker/cat.png", 408, 408)
      .text(
        "S.xcstickers/Pack.stickerpack/Cat.sticker/Contents.json", #"{"properties":{"filename":"cat.png"}}"#
      )
      .png("A.xcassets/tint.imageset/tint.png", 1, 1, color: (0, 122, 255, 255))
      .contents("A.xcassets/tint.imageset", [slot("tint.png", scale: "1x"), slot(nil, scale: "2x")])
      .png("A.xcassets/poster.imageset/poster.png", 2048, 1024)
      .contents("A.xcassets/poster.imageset", [slot("poster.png", scale: "1x"), slot(nil, scale: "2x")])
    let report = tree.modelCheck()
    #expect(report.findings(.missingScale).isEmpty, "\(report.findings.map(\.message))")
    #expect(report.roots[0].skipped.contains { $0.path == "A.xcassets/poster.imageset" })
  }

  @Test("a 400-px image alone in its 1x slot is likely drawn resized: a note that says so")
  func largeSingleImage() throws {
    let tree = try Tree().png("A.xcassets/art.imageset/art.png", 400, 250)
      .contents("A.xcassets/art.imageset", [slot("art.png", scale: "1x"), slot(nil, scale: "2x")])
    let found = tree.modelCheck().findings(.missingScale)
    #expect(found.map(\.severity) == [.note])
    #expect(found.first?.message.contains("likely drawn resized") == true)
  }

  @Test(
    "a file of the same shape at another point size is a warning, an error when an image view that does not scale draws it"
  )
  func pointSizeOfAnImageDrawnAtItsOwnSize() throws {
    // 85 pt at 1x and 3x, 64 pt at 2x: the same shape, so a view that fits the image would hide it.
    func tree(mode: String) throws -> Tree {
      let view =
        "<imageView contentMode=\"\(mode)\" image=\"Logo\" translatesAutoresizingMaskIntoConstraints=\"NO\"/>"
      return try Self.app(
        Tree(), iOS: "12.0", info: Self.storyboard, resources: ["A.xcassets", "LaunchScreen.storyboard"]
      )
      .text(
        "LaunchScreen.storyboard", "<document><scenes><scene><view>\(view)</view></scene></scenes></document>"
      )
      .png("A.xcassets/Logo.imageset/a.png", 85, 85).png("A.xcassets/Logo.imageset/b.png", 128, 128)
      .png("A.xcassets/Logo.imageset/c.png", 255, 255)
      .contents(
        "A.xcassets/Logo.imageset",
        [slot("a.png", scale: "1x"), slot("b.png", scale: "2x"), slot("c.png", scale: "3x")])
    }
    let fitted = try tree(mode: "scaleAspectFit").modelCheck().findings(.sizeMismatch)
    #expect(fitted.map(\.severity) == [.warning])
    let centred = try tree(mode: "center").modelCheck().findings(.sizeMismatch)
    #expect(centred.map(\.severity) == [.error])
    #expect(
      centred.first?.message.contains(
        "LaunchScreen.storyboard draws it at its own size (contentMode center), so that screen shows it at 64×64 pt"
      ) == true)
  }

  // MARK: App icons

  @Test("watch slots an old template left in an iPhone app's icon set are not asked for")
  func slotsOfDevicesNotBuilt() throws {
    let set = "Assets.xcassets/AppIcon.appiconset"
    let tree = try Self.app(
      Tree(), iOS: "15.0", info: Self.storyboard, resources: ["Assets.xcassets"],
      extra: ["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon"]
    )
    .png(set + "/120.png", 120, 120).png(set + "/180.png", 180, 180).png(
      set + "/1024.png", 1024, 1024, alpha: false
    )
    .contents(
      set,
      [
        slot("120.png", idiom: "iphone", size: "60x60", scale: "2x"),
        slot("180.png", idiom: "iphone", size: "60x60", scale: "3x"),
        slot("1024.png", idiom: "ios-marketing", size: "1024x1024", scale: "1x"),
        slot(nil, idiom: "watch", size: "24x24", scale: "2x"),
        slot(nil, idiom: "watch-marketing", size: "1024x1024", scale: "1x"),
      ])
    #expect(tree.modelCheck().findings.filter { $0.severity != .note }.isEmpty)
  }

  @Test("an App Store icon whose every pixel is half transparent is transparent: an error that says so")
  func halfTransparentMarketingIcon() throws {
    let set = "Assets.xcassets/AppIcon.appiconset"
    let tree = try Tree().png(set + "/1024.png", 1024, 1024, color: (200, 40, 40, 128))
      .contents(set, [slot("1024.png", idiom: "ios-marketing", size: "1024x1024", scale: "1x")])
    let found = tree.modelCheck().findings(.marketingAlpha)
    #expect(found.map(\.severity) == [.error])
    #expect(found.first?.message.contains("is transparent") == true)
  }

  @Test(
    "an app whose settings live in an .xcconfig: its icon is taken to be AppIcon, as Xcode's templates name it"
  )
  func appIconNameFromAnAbsentXcconfig() throws {
    let set = "Assets.xcassets/AppIcon.appiconset"
    let tree = Tree()
    var project = XcodeProjectFixture(targets: [
      .init(name: "App", settings: ["SDKROOT": "iphoneos"], resources: ["Assets.xcassets"])
    ]).text
    // A configuration based on an .xcconfig file the tree does not hold.
    project = project.replacingOccurrences(
      of: "isa = XCBuildConfiguration; buildSettings = {\"SDKROOT\"",
      with: "isa = XCBuildConfiguration; baseConfigurationReference = C0; buildSettings = {\"SDKROOT\"")
    project = project.replacingOccurrences(
      of: "objects = {\n",
      with:
        "objects = {\n    C0 = {isa = PBXFileReference; path = App.xcconfig; sourceTree = \"<group>\"; };\n")
    try tree.text("App.xcodeproj/project.pbxproj", project)
      .png(set + "/1024.png", 1024, 1024)
      .contents(set, [slot("1024.png", idiom: "ios-marketing", size: "1024x1024", scale: "1x")])
    #expect(tree.modelCheck().findings(.opaqueAlpha).map(\.relativePath) == [set + "/1024.png"])
  }
}

@Suite("Peer cases in the check: Flutter's declared variant is bundled")
struct FlutterPeerCheckTests {
  @Test("a variant file declared alone is bundled under its own key: no flutter-unbundled")
  func declaredVariantIsBundled() throws {
    let tree = try Tree().text("pubspec.yaml", "name: app\nflutter:\n  assets:\n    - assets/x/3.0x/f.png\n")
      .png("assets/x/3.0x/f.png", 30, 30)
    #expect(AssetChecker.check(roots: [tree.root]).findings(.flutterUnbundled).isEmpty)
    let undeclared = try Tree().text("pubspec.yaml", "name: app\nflutter:\n  assets:\n    - assets/y/\n")
      .png("assets/x/3.0x/f.png", 30, 30).png("assets/y/g.png", 10, 10)
    #expect(AssetChecker.check(roots: [undeclared.root]).findings(.flutterUnbundled).count == 1)
  }
}

@Suite("A React Native app beside its Xcode project: Metro's images are checked by Metro's rules")
struct ReactNativeBesideXcodeTests {
  @Test(
    "app.json marks the app: its src/ images are Metro's, not 'in no target'; JPEG under .png is a warning")
  func metroImagesBesideAnXcodeProject() throws {
    let jpeg: [UInt8] =
      [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + Array(repeating: 0, count: 10) + [0xFF, 0xD9]
    let project = XcodeProjectFixture(targets: [
      .init(
        name: "App", settings: ["SDKROOT": "iphoneos", "IPHONEOS_DEPLOYMENT_TARGET": "15.0"], resources: [])
    ])
    let tree = try Tree().text("app.json", #"{"name": "App", "displayName": "App"}"#)
      .text("ios/App.xcodeproj/project.pbxproj", project.text)
      .png("src/assets/logo.png", 20, 20).png("src/assets/logo@2x.png", 40, 40)
      .bytes("src/assets/background.png", jpeg)
    let report = AssetChecker.check(roots: [tree.root])
    #expect(!report.roots[0].skipped.contains { $0.reason == "not-in-any-target" })
    let found = report.findings(.unreadable)
    #expect(found.map(\.relativePath) == ["src/assets/background.png"])
    #expect(found.first?.severity == .warning)
    #expect(found.first?.message.contains("aapt2") == true)
  }
}
