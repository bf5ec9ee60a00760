import AssetIndex
import TestSupport
import Testing

/// Android resource folders and Flutter projects are not UIKit loose files: they are
/// recorded as skipped, with the reason, and kept out of the assets.
@Suite struct OtherLayoutTests {
  /// An Android module (Omni-Notes' shape) and a Flutter package with an example app
  /// (rflutter_alert's shape) beside an iOS folder of ordinary loose files.
  static func tree() throws -> Tree {
    let tree = Tree()
    for folder in ["drawable-hdpi", "drawable-xhdpi-v11", "mipmap-xxhdpi", "raw"] {
      try tree.png("app/src/main/res/\(folder)/ic_note.png", width: 2, height: 2)
    }
    try tree.png("app/src/main/assets/drawable-hdpi/not-android.png", width: 2, height: 2)
    tree.text("flutter_pkg/pubspec.yaml", "name: flutter_pkg\n")
    try tree.png("flutter_pkg/assets/images/close.png", width: 2, height: 2)
    try tree.png("flutter_pkg/assets/images/2.0x/close.png", width: 4, height: 4)
    try tree.png("flutter_pkg/assets/images/3.0x/close.png", width: 6, height: 6)
    try tree.png("flutter_pkg/ios/Runner/launch@2x.png", width: 4, height: 4)
    tree.text("flutter_pkg/ios/Runner/Info.plist", Self.infoPlist)
    try tree.png("ios/mail@2x.png", width: 4, height: 4)
    tree.text("ios/Info.plist", Self.infoPlist)
    return tree
  }

  static let infoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>CFBundleName</key><string>App</string></dict></plist>

    """

  @Test func androidAndFlutterFilesAreSkippedWithTheirReason() throws {
    let tree = try Self.tree()
    let catalog = AssetCatalog(root: tree.root)
    let byReason = Dictionary(grouping: catalog.skipped, by: \.reason).mapValues { $0.map(\.path) }
    #expect(
      byReason[.androidResource] == [
        "app/src/main/res/drawable-hdpi/ic_note.png", "app/src/main/res/drawable-xhdpi-v11/ic_note.png",
        "app/src/main/res/mipmap-xxhdpi/ic_note.png", "app/src/main/res/raw/ic_note.png",
      ])
    #expect(
      byReason[.flutterAsset] == [
        "flutter_pkg/assets/images/2.0x/close.png", "flutter_pkg/assets/images/3.0x/close.png",
        "flutter_pkg/assets/images/close.png",
      ])
    // A Flutter project's iOS runner and an app folder's loose files stay; a drawable folder
    // outside `res` and outside every app folder (an Info.plist's folder) is no bundle's.
    #expect(catalog.assets.map(\.name) == ["flutter_pkg/ios/Runner/launch", "ios/mail"])
    #expect(byReason[.outsideAppFolders] == ["app/src/main/assets/drawable-hdpi/not-android.png"])
    #expect(catalog.problems.isEmpty)
    #expect(catalog.unshippedFiles.isEmpty)
  }

  @Test func aRootInsideAnAndroidOrFlutterFolderIsSkippedWhole() throws {
    let tree = try Self.tree()
    let drawable = AssetCatalog(root: tree.path("app/src/main/res/drawable-hdpi"))
    #expect(drawable.assets.isEmpty)
    #expect(drawable.skipped == [SkippedFile(path: "ic_note.png", reason: .androidResource)])
    let images = AssetCatalog(root: tree.path("flutter_pkg/assets/images"))
    #expect(images.assets.isEmpty)
    #expect(images.skipped.map(\.path) == ["2.0x/close.png", "3.0x/close.png", "close.png"])
    #expect(images.skipped.allSatisfy { $0.reason == .flutterAsset })
    let runner = AssetCatalog(root: tree.path("flutter_pkg/ios/Runner"))
    #expect(runner.assets.map(\.name) == ["launch"])
    #expect(runner.skipped.isEmpty)
  }

  /// Without an Xcode project, an Android project's or a JavaScript project's loose files
  /// (store art, web images) are not UIKit's; its ios/ app folder still is, and loose files
  /// outside every app folder are no bundle's.
  @Test func androidAndJavaScriptProjectsSetTheirLooseFilesAside() throws {
    let tree = Tree()
    tree.text("android-app/build.gradle", "// gradle\n")
    try tree.png("android-app/fastlane/icon.png", width: 2, height: 2)
    tree.text("web/package.json", "{}\n")
    try tree.png("web/public/favicon.png", width: 2, height: 2)
    try tree.png("web/ios/App/tab@2x.png", width: 4, height: 4)
    tree.text("web/ios/App/Info.plist", Self.infoPlist)
    try tree.png("loose/mail.png", width: 2, height: 2)
    let catalog = AssetCatalog(root: tree.root)
    let byReason = Dictionary(grouping: catalog.skipped, by: \.reason).mapValues { $0.map(\.path) }
    #expect(byReason[.androidProject] == ["android-app/fastlane/icon.png"])
    #expect(byReason[.javascriptProject] == ["web/public/favicon.png"])
    #expect(byReason[.outsideAppFolders] == ["loose/mail.png"])
    #expect(catalog.assets.map(\.name).sorted() == ["web/ios/App/tab"])
  }

  /// With no Apple app anywhere (no project, Info.plist, catalog or Package.swift), an
  /// Android tree's loose images (store art, screenshots) are no UIKit assets at all; a
  /// documentation folder's never are.
  @Test func aTreeWithoutAnAppleAppHasNoUIKitLooseFiles() throws {
    let tree = Tree()
    tree.text("app/src/main/AndroidManifest.xml", "<manifest/>\n")
    try tree.png("app/src/main/res/drawable-hdpi/a.png", width: 2, height: 2)
    try tree.png("assets/logo.png", width: 2, height: 2)
    try tree.png("fastlane/metadata/android/en-US/images/icon.png", width: 2, height: 2)
    let catalog = AssetCatalog(root: tree.root)
    let byReason = Dictionary(grouping: catalog.skipped, by: \.reason).mapValues { $0.map(\.path) }
    #expect(byReason[.noAppleApp] == ["assets/logo.png"])
    #expect(byReason[.documentation] == ["fastlane/metadata/android/en-US/images/icon.png"])
    #expect(catalog.assets.isEmpty)
    // A plain folder of icons, with no project of any kind, is checked as it always was.
    let plain = Tree()
    try plain.png("icons/mail.png", width: 2, height: 2)
    #expect(AssetCatalog(root: plain.root).assets.map(\.name) == ["icons/mail"])
    // ... but for its documentation folders, set aside there too.
    try plain.png("Docs/shots/home.png", width: 2, height: 2)
    let documented = AssetCatalog(root: plain.root)
    #expect(documented.assets.map(\.name) == ["icons/mail"])
    #expect(documented.skipped == [SkippedFile(path: "Docs/shots/home.png", reason: .documentation)])
  }

  /// Without an Apple app, a React Native app is known by its files alone: `@Nx` files in an
  /// `assets` folder (the app is the folder above it) and `.ios.`/`.android.` files anywhere.
  /// Names only like those (`Assets`, `assetsmore`, `.IOS.`) stay UIKit's loose files.
  @Test func reactNativeFilesAreKnownByTheirFolderAndSuffix() throws {
    let tree = Tree()
    try tree.png("rn/assets/img/logo.png", width: 2, height: 2)
    try tree.png("rn/assets/img/logo@2x.png", width: 4, height: 4)
    try tree.png("web/img/b.ios.png", width: 2, height: 2)
    try tree.png("web/img/b.android.png", width: 2, height: 2)
    try tree.png("icons/Assets/mail@2x.png", width: 4, height: 4)
    try tree.png("icons/assetsmore/a@2x.png", width: 4, height: 4)
    try tree.png("icons/x.IOS.png", width: 2, height: 2)
    let catalog = AssetCatalog(root: tree.root)
    let byReason = Dictionary(grouping: catalog.skipped, by: \.reason).mapValues { $0.map(\.path) }
    #expect(
      byReason[.reactNativeAsset] == [
        "rn/assets/img/logo.png", "rn/assets/img/logo@2x.png", "web/img/b.android.png", "web/img/b.ios.png",
      ])
    #expect(catalog.assets.map(\.name) == ["icons/Assets/mail", "icons/assetsmore/a", "icons/x.IOS"])
    // A platform suffix alone, with no `assets` folder in the tree, makes an app of its folder.
    let suffixed = Tree()
    try suffixed.png("img/b.android.png", width: 2, height: 2)
    try suffixed.png("icons/mail.png", width: 2, height: 2)
    let metro = AssetCatalog(root: suffixed.root)
    #expect(metro.skipped == [SkippedFile(path: "img/b.android.png", reason: .reactNativeAsset)])
    #expect(metro.assets.map(\.name) == ["icons/mail"])
  }
}
