import AssetIndex
import AssetResolver
import TestSupport
import Testing

/// Layout detection and the assets of each layout, on small trees shaped like the real
/// ones (`../shared/testdata/real/`): a Flutter package with an example app, a React Native
/// app without its package.json, an Android module with flavours.
@Suite struct LayoutCatalogTests {
  /// rflutter_alert's shape: a package with 2.0x/ and 3.0x/ folders, an example app with
  /// an iOS runner and an Android res/ folder.
  static func flutterTree() throws -> Tree {
    let tree = Tree()
    tree.text("pubspec.yaml", "name: pkg\nflutter:\n  assets:\n    - assets/images/\n")
    try tree.png("assets/images/close.png", width: 15, height: 14)
    try tree.png("assets/images/2.0x/close.png", width: 30, height: 28)
    try tree.png("assets/images/3.0x/close.png", width: 45, height: 42)
    try tree.png("assets/other/undeclared.png", width: 2, height: 2)
    tree.text(
      "example/pubspec.yaml",
      "name: example\nflutter:\n  uses-material-design: true\n  assets:\n    - assets/\n")
    try tree.png("example/assets/success.png", width: 4, height: 4)
    try tree.png(
      "example/ios/Runner/Assets.xcassets/LaunchImage.imageset/LaunchImage.png", width: 1, height: 1)
    for bucket in ["mdpi", "hdpi", "xhdpi"] {
      try tree.png("example/android/app/src/main/res/mipmap-\(bucket)/ic_launcher.png", width: 4, height: 4)
    }
    return tree
  }

  @Test func flutterPackageWithExampleApp() throws {
    let tree = try Self.flutterTree()
    let catalog = LayoutCatalog(root: tree.root)
    #expect(
      catalog.regions.map { "\($0.folder)=\($0.layout)" } == [
        "=flutter", "example=flutter", "example/android/app/src/main/res=android", "example/ios=apple",
      ])
    #expect(catalog.regions[0].reason == "pubspec.yaml beside N.0x/ variant folders")
    #expect(catalog.problems.isEmpty)
    let close = try #require(catalog.assets(named: "assets/images/close.png").first)
    #expect(close.layout == .flutter)
    #expect(close.isDeclared == true)
    #expect(close.candidates.map(\.scale) == [1, 2, 3])
    #expect(close.choose(for: TraitRequest(scale: 2.4)).winner?.path == "assets/images/2.0x/close.png")
    #expect(catalog.assets(named: "assets/other/undeclared.png").first?.isDeclared == false)
    #expect(catalog.assets(named: "assets/success.png").first?.region == "example")
    let launcher = try #require(catalog.assets(named: "mipmap/ic_launcher").first)
    #expect(launcher.candidates.map(\.label) == ["mdpi", "hdpi", "xhdpi"])
    // The runner's catalog is Apple's: not a layout asset.
    #expect(catalog.assets.allSatisfy { !$0.candidates.contains { $0.path.contains("LaunchImage") } })
  }

  @Test func aRootInsideAFlutterPackageKeepsItsKeys() throws {
    let tree = try Self.flutterTree()
    let catalog = LayoutCatalog(root: tree.path("assets/images"))
    #expect(catalog.regions.map(\.layout) == [.flutter])
    #expect(catalog.assets.map(\.name) == ["assets/images/close.png"])
    #expect(catalog.assets[0].isDeclared == true)
  }

  /// ignite's shape in the test data: images only, no package.json, app.json, ios/ or android/.
  @Test func reactNativeAppKnownByItsAssetsFolder() throws {
    let tree = Tree()
    try tree.png("boilerplate/assets/images/logo.png", width: 2, height: 1)
    try tree.png("boilerplate/assets/images/logo@2x.png", width: 4, height: 2)
    try tree.png("boilerplate/assets/images/logo@3x.png", width: 6, height: 3)
    try tree.png("boilerplate/assets/images/app-icon-web-favicon.png", width: 48, height: 48)
    let catalog = LayoutCatalog(root: tree.root)
    #expect(catalog.regions.map { "\($0.folder)=\($0.layout)" } == ["=apple", "boilerplate=react-native"])
    #expect(
      catalog.assets.map(\.name) == ["assets/images/app-icon-web-favicon.png", "assets/images/logo.png"])
    // The index sets the same files aside, so UIKit's rule does not call the favicon incomplete.
    let apple = AssetCatalog(root: tree.root)
    #expect(apple.assets.isEmpty)
    #expect(apple.skipped.count == 4)
    #expect(apple.skipped.allSatisfy { $0.reason == .reactNativeAsset })
  }

  @Test func anXcodeProjectKeepsAssetsFoldersApple() throws {
    let tree = Tree()
    try tree.png("App/assets/logo.png", width: 2, height: 2)
    try tree.png("App/assets/logo@2x.png", width: 4, height: 4)
    tree.text("App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = {}; }\n")
    #expect(LayoutCatalog(root: tree.root).regions.map(\.layout) == [.apple])
    let swiftPackage = Tree()
    swiftPackage.text("Package.swift", "// swift-tools-version: 6.0\n")
    try swiftPackage.png("Sources/App/assets/logo@2x.png", width: 4, height: 4)
    #expect(LayoutCatalog(root: swiftPackage.root).regions.map(\.layout) == [.apple])
    #expect(AssetCatalog(root: swiftPackage.root).assets.map(\.name) == ["Sources/App/assets/logo"])
  }

  @Test func reactNativeMarkersAndPlatformSuffixes() throws {
    let tree = Tree()
    tree.text("app/package.json", #"{"dependencies": {"react-native": "0.74.0"}}"#)
    try tree.png("app/src/img/a@2x.png", width: 4, height: 4)
    try tree.png("app/ios/App/tab@2x.png", width: 4, height: 4)
    try tree.png("other/assets/b.ios.png", width: 2, height: 2)
    try tree.png("other/assets/b.android.png", width: 2, height: 2)
    let catalog = LayoutCatalog(root: tree.root)
    #expect(
      catalog.regions.map { "\($0.folder)=\($0.layout)" } == [
        "=apple", "app=react-native", "app/ios=apple", "other=react-native",
      ])
    #expect(catalog.regions[1].reason == "package.json names react-native")
    let b = try #require(catalog.assets(named: "assets/b.png").first)
    #expect(b.candidates.map(\.platform) == ["android", "ios"])
    #expect(
      b.choose(for: TraitRequest(scale: 2, platform: "android")).winner?.path
        == "other/assets/b.android.png")
  }

  /// Omni-Notes' shape: flavours with their own res/, v11 twins, nodpi, an adaptive icon.
  @Test func androidModuleWithFlavours() throws {
    let tree = Tree()
    tree.text("omniNotes/build.gradle", "// gradle\n")
    for flavour in ["main", "beta"] {
      try tree.png("omniNotes/src/\(flavour)/res/mipmap-hdpi/ic_launcher.png", width: 72, height: 72)
    }
    tree.text("omniNotes/src/main/res/mipmap-anydpi-v26/ic_launcher.xml", "<adaptive-icon/>\n")
    try tree.png("omniNotes/src/main/res/drawable-hdpi/ic_stat.png", width: 24, height: 38)
    try tree.png("omniNotes/src/main/res/drawable-hdpi-v11/ic_stat.png", width: 36, height: 36)
    try tree.png("omniNotes/src/main/res/drawable-nodpi/logo.png", width: 512, height: 512)
    try tree.png("omniNotes/src/main/res/drawable-v11-hdpi/bad.png", width: 2, height: 2)
    let catalog = LayoutCatalog(root: tree.root)
    #expect(
      catalog.regions.map { "\($0.folder)=\($0.layout)" } == [
        "=apple", "omniNotes/src/beta/res=android", "omniNotes/src/main/res=android",
      ])
    #expect(catalog.assets(named: "mipmap/ic_launcher").count == 2)
    let main = try #require(catalog.assets(named: "omniNotes/src/main/res:mipmap/ic_launcher").first)
    #expect(main.choose(for: TraitRequest(density: .xxhdpi)).winner?.label == "anydpi-v26")
    let stat = try #require(catalog.assets(named: "drawable/ic_stat").first)
    #expect(stat.choose(for: TraitRequest(density: .hdpi)).winner?.label == "hdpi-v11")
    #expect(catalog.problems.map(\.path) == ["omniNotes/src/main/res/drawable-v11-hdpi/bad.png"])
    let inside = LayoutCatalog(root: tree.path("omniNotes/src/main/res/drawable-hdpi"))
    #expect(inside.regions.map(\.layout) == [.android])
    #expect(inside.assets.map(\.name) == ["drawable/ic_stat"])
  }

  @Test func layoutOverrideReadsTheWholeRoot() throws {
    let tree = Tree()
    try tree.png("img/a.png", width: 2, height: 2)
    try tree.png("img/a@2x.png", width: 4, height: 4)
    let metro = LayoutCatalog(root: tree.root, layout: .reactNative)
    #expect(
      metro.regions == [LayoutRegion(folder: "", layout: .reactNative, reason: "--layout react-native")])
    #expect(metro.assets.map(\.name) == ["img/a.png"])
    let flutter = LayoutCatalog(root: tree.root, layout: .flutter)
    #expect(flutter.assets.map(\.name) == ["img/a.png", "img/a@2x.png"])
    #expect(flutter.assets[0].isDeclared == nil)
  }

  @Test func anUnreadablePubspecIsAProblemNotACrash() throws {
    let tree = Tree()
    tree.text("pubspec.yaml", "flutter:\n  assets:\n    - &x assets/\n")
    try tree.png("assets/2.0x/a.png", width: 2, height: 2)
    let catalog = LayoutCatalog(root: tree.root)
    #expect(catalog.problems.count == 1)
    #expect(catalog.problems.first?.path == "pubspec.yaml")
    #expect(catalog.problems.first?.message.contains("line 3") == true)
    #expect(catalog.assets.first?.isDeclared == nil)
  }

  @Test func theLibraryResolvesByTheLayoutsRule() throws {
    let tree = try Self.flutterTree()
    let library = try AssetLibrary(root: tree.root)
    let resolution = try library.resolve(named: "assets/images/close.png", for: TraitRequest(scale: 2))
    #expect(resolution.path == "assets/images/2.0x/close.png")
    #expect(resolution.pixelWidth == 30)
    let image = try library.image(
      named: "assets/images/close.png", for: TraitRequest(scale: 3.5), layout: nil)
    #expect(image.bitmap.width == 45)
    #expect(image.resolution.selection?.enlargement.map { abs($0 - 3.5 / 3) < 1e-9 } == true)
    #expect(throws: ResolveError.self) {
      try library.resolve(named: "nope.png", for: TraitRequest(scale: 1))
    }
  }
}
