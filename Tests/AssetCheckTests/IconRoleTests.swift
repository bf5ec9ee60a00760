import AssetCheck
import Foundation
import TestSupport
import Testing

@testable import AssetCheck

@Suite("App icon roles and what a project names")
struct IconRoleTests {
  @Test func aSettingWithAVariableNamesEverySetItCanExpandTo() {
    #expect(IconRole.matches("AppIcon", setting: "AppIcon${BUNDLE_ID_SUFFIX}"))
    #expect(IconRole.matches("AppIcon.dev", setting: "AppIcon${BUNDLE_ID_SUFFIX}"))
    #expect(IconRole.matches("WatchIcon.beta", setting: "WatchIcon$(SUFFIX)"))
    #expect(!IconRole.matches("WatchIcon", setting: "AppIcon${BUNDLE_ID_SUFFIX}"))
    #expect(IconRole.matches("BlueIcon", setting: "$(COLOR)Icon"))
    #expect(!IconRole.matches("Icon", setting: "App$(X)Icon"))
  }

  @Test func aTargetNamingAMissingAppIconSetIsAnError() throws {
    // The project reader's fixture: its app target names AppIcon; take the set away.
    let fixture = TestPaths.inPackage("Tests/AssetIndexTests/Fixtures/Projects/Multi")
    let tree = Tree()
    try FileManager.default.removeItem(atPath: tree.root)
    try FileManager.default.copyItem(atPath: fixture, toPath: tree.root)
    // Its App target names AppIcon and no catalog of it has one.
    let missing = AssetChecker.check(roots: [tree.root]).findings(.appIconMissing)
    #expect(missing.contains { $0.message.hasPrefix("target App names app icon set \"AppIcon\"") })
    #expect(missing.allSatisfy { $0.message.contains("ASSETCATALOG_COMPILER_APPICON_NAME") })
    try tree.png("App/Assets.xcassets/AppIcon.appiconset/icon.png", 1024, 1024, alpha: false)
      .text(
        "App/Assets.xcassets/AppIcon.appiconset/Contents.json",
        #"{"images":[{"filename":"icon.png","idiom":"universal","platform":"ios","size":"1024x1024"}]}"#)
    let after = AssetChecker.check(roots: [tree.root]).findings(.appIconMissing)
    #expect(!after.contains { $0.message.hasPrefix("target App names") }, "\(after.map(\.message))")
  }

  @Test func largeSingleImagesAndAndroidProjectFilesAreNotAskedForScales() throws {
    let tree = try Tree().png("art/master.png", 1024, 1024).png("icons/tab.png", 24, 24)
    let report = tree.check()
    #expect(report.findings(.missingScale).map(\.relativePath) == ["icons/tab.png"])
    #expect(
      report.roots[0].skipped.contains { $0.path == "art/master.png" && $0.reason == "large-single-image" })
    tree.text("build.gradle", "// an Android project")
    #expect(tree.check().findings.isEmpty)
    #expect(
      tree.check().roots[0].skipped.contains { $0.path == "icons/tab.png" && $0.reason == "android-project" })
  }
}
