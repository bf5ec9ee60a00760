import AssetCheck
import Foundation
import TestSupport
import Testing

/// Android lint's icon checks, each on a small `res/` tree that has the problem and on a
/// near miss that does not, plus the build's resource-name rule.
@Suite("Layout rules: Android resources, at parity with lint's icon checks")
struct LayoutAndroidTests {
  /// A `res/` tree with every density lint requires, `icon.png` at 24 dp in each.
  static func complete() throws -> Tree {
    let tree = Tree()
    for (folder, pixels) in [("mdpi", 24), ("hdpi", 36), ("xhdpi", 48), ("xxhdpi", 72)] {
      try tree.png("app/src/main/res/drawable-\(folder)/icon.png", pixels, pixels)
    }
    return tree
  }

  func findings(_ tree: Tree, _ rule: Rule) -> [Finding] { tree.check().findings(rule) }

  @Test func aCompleteTreeHasNoFinding() throws {
    let report = try LayoutAndroidTests.complete().check()
    #expect(report.findings.isEmpty)
    #expect(report.roots[0].notes.first?.hasPrefix("app/src/main/res: Android resources") == true)
    #expect(report.fileCount == 4)
  }

  @Test func densitiesNamesTheMissingDrawable() throws {
    let tree = try LayoutAndroidTests.complete().png("app/src/main/res/drawable-hdpi/star.png", 36, 36)
    let found = findings(tree, .androidDensities)
    #expect(
      found.map(\.relativePath).sorted()
        == [
          "app/src/main/res/drawable-mdpi", "app/src/main/res/drawable-xhdpi",
          "app/src/main/res/drawable-xxhdpi",
        ])
    #expect(found.allSatisfy { $0.message.contains("star.png (found in drawable-hdpi)") })
  }

  @Test func densitiesIgnoresNoDpiAndXXXHDPI() throws {
    let tree = try LayoutAndroidTests.complete()
      .png("app/src/main/res/drawable-nodpi/wall.png", 30, 30)
      .png("app/src/main/res/drawable-xxxhdpi/icon.png", 96, 96)
      .png("app/src/main/res/drawable-xxxhdpi/only.png", 96, 96)
    // `only` is in xxxhdpi alone: the required folders lack it, xxxhdpi itself is not required.
    let found = findings(tree, .androidDensities)
    #expect(found.count == 4)
    #expect(found.allSatisfy { $0.message.contains("only.png") && !$0.message.contains("wall") })
  }

  @Test func missingDensityFolder() throws {
    let tree = try Tree().png("res/drawable-mdpi/a.png", 10, 10).png("res/drawable-xhdpi/a.png", 20, 20)
    let found = findings(tree, .androidDensityFolder)
    #expect(found.map(\.relativePath) == ["res"])
    #expect(found.first?.message.contains("no drawable-hdpi, drawable-xxhdpi") == true)
    // Only mipmaps (or only drawable/): lint has no density folder to compare with.
    let mipmaps = try Tree().png("res/mipmap-mdpi/ic_launcher.png", 48, 48)
    #expect(findings(mipmaps, .androidDensityFolder).isEmpty)
  }

  @Test func dipSizeFindsTheOddDensity() throws {
    let tree = try LayoutAndroidTests.complete().png("app/src/main/res/drawable-xxhdpi/icon.png", 48, 48)
    let found = findings(tree, .androidDipSize)
    #expect(found.map(\.relativePath) == ["app/src/main/res/drawable-xxhdpi/icon.png"])
    #expect(found.first?.message.contains("to 72×72 px (24×24 dp)") == true)
  }

  @Test func dipSizeToleratesRounding() throws {
    // 37 px at hdpi is 25 dp: within lint's tenth of the mean.
    let tree = try LayoutAndroidTests.complete().png("app/src/main/res/drawable-hdpi/icon.png", 37, 37)
    #expect(findings(tree, .androidDipSize).isEmpty)
  }

  @Test func dipSizeReadsTheDpInTheName() throws {
    let tree = try Tree().png("res/drawable-xhdpi/ic_x_24dp.png", 36, 36)
    #expect(findings(tree, .androidDipSize).first?.message.contains("the name says 24 dp") == true)
    let right = try Tree().png("res/drawable-xhdpi/ic_x_24dp.png", 48, 48)
    #expect(findings(right, .androidDipSize).isEmpty)
  }

  @Test func aLayerListItemOfItsOwnSizeDecidesThePixelsEachDensityNeeds() throws {
    // A splash drawn at 100×100 dp by a layer-list: the files' own dp sizes never reach a
    // screen (they differ, as exported splash art often does), only whether each density has
    // 100 dp of pixels.
    let splash = """
      <layer-list xmlns:android="http://schemas.android.com/apk/res/android">
        <item android:drawable="@color/white"/>
        <item android:width="100dp" android:height="100dp" android:gravity="center"
          android:drawable="@drawable/splash"/>
      </layer-list>
      """
    let enough = try Tree().text("res/drawable/launch_background.xml", splash)
      .png("res/drawable-mdpi/splash.png", 128, 128).png("res/drawable-hdpi/splash.png", 150, 150)
      .png("res/drawable-xhdpi/splash.png", 200, 200).png("res/drawable-xxhdpi/splash.png", 300, 300)
    #expect(findings(enough, .androidDipSize).isEmpty)
    // xxhdpi needs 300 px for 100 dp: a 200 px file there is enlarged on those screens.
    let short = try Tree().text("res/drawable/launch_background.xml", splash)
      .png("res/drawable-mdpi/splash.png", 100, 100).png("res/drawable-xxhdpi/splash.png", 200, 200)
    let found = findings(short, .androidDipSize)
    #expect(found.map(\.relativePath) == ["res/drawable-xxhdpi/splash.png"])
    #expect(found.first?.message.contains("at 100×100 dp, which takes 300×300 px") == true)
    #expect(found.first?.severity == .warning)
  }

  @Test func duplicatesAcrossNamesAndConfigurations() throws {
    let tree = try LayoutAndroidTests.complete()
      .png("app/src/main/res/drawable-mdpi/copy.png", 24, 24)
      .png("app/src/main/res/drawable-hdpi/copy.png", 36, 36, color: (1, 2, 3, 255))
      .png("app/src/main/res/drawable-xhdpi/copy.png", 48, 48, color: (1, 2, 3, 255))
      .png("app/src/main/res/drawable-xxhdpi/copy.png", 72, 72, color: (1, 2, 3, 255))
    // drawable-mdpi/copy.png is icon.png's bytes under another name.
    let names = findings(tree, .androidDuplicate)
    #expect(names.count == 1)
    #expect(names.first?.message.contains("drawable-mdpi/copy.png") == true)
    #expect(findings(tree, .androidDuplicateConfig).isEmpty)
    let config = try Tree().png("res/drawable-hdpi/a.png", 30, 30).png("res/drawable-xhdpi/a.png", 30, 30)
    #expect(
      findings(config, .androidDuplicateConfig).first?.message.contains("drawable-hdpi, drawable-xhdpi")
        == true)
  }

  @Test func duplicatesSpareMaterialIconNames() throws {
    let tree = try Tree().png("res/drawable-hdpi/ic_a_48dp.png", 72, 72)
      .png("res/drawable-xxxhdpi/ic_a_18dp.png", 72, 72)
    #expect(findings(tree, .androidDuplicate).isEmpty)
  }

  @Test func noDpiAndADensityFolder() throws {
    let tree = try LayoutAndroidTests.complete().png("app/src/main/res/drawable-nodpi/icon.png", 10, 10)
    let found = findings(tree, .androidNoDpi)
    // Where lint puts IconNoDpi: on the density folders' copy, not the nodpi file.
    #expect(found.map(\.relativePath) == ["app/src/main/res/drawable-hdpi/icon.png"])
    #expect(found.first?.message.contains("drawable-nodpi") == true)
    let apart = try LayoutAndroidTests.complete().png("app/src/main/res/drawable-nodpi/wall.png", 10, 10)
    #expect(findings(apart, .androidNoDpi).isEmpty)
  }

  @Test func mixedNinePatch() throws {
    let tree = try Tree().png("res/drawable-hdpi/bar.png", 9, 9).png("res/drawable-hdpi/bar.9.png", 9, 9)
    #expect(findings(tree, .androidMixedNinePatch).count == 1)
    let apart = try Tree().png("res/drawable-hdpi/bar.9.png", 9, 9).png("res/drawable-xhdpi/bar.9.png", 9, 9)
    #expect(findings(apart, .androidMixedNinePatch).isEmpty)
  }

  @Test func xmlAndBitmap() throws {
    let tree = try LayoutAndroidTests.complete().text("app/src/main/res/drawable/icon.xml", "<shape/>")
    #expect(findings(tree, .androidXMLAndBitmap).first?.message.contains("drawable/icon.xml") == true)
    // An XML drawable of a version folder (an adaptive icon in mipmap-anydpi-v26) is meant to.
    let versioned = try LayoutAndroidTests.complete().text(
      "app/src/main/res/drawable-v26/icon.xml", "<shape/>")
    #expect(findings(versioned, .androidXMLAndBitmap).isEmpty)
  }

  @Test func bitmapInDensitylessFolder() throws {
    let tree = try Tree().png("res/drawable/photo.png", 10, 10).text("res/drawable/shape.xml", "<shape/>")
    #expect(findings(tree, .androidLocation).map(\.relativePath) == ["res/drawable/photo.png"])
  }

  @Test(
    "an app for Android 1.5 (minSdkVersion 3) had no density folders: drawable/ is its place, as lint says")
  func bitmapInDensitylessFolderBeforeAPI4() throws {
    let manifest = #"<manifest><uses-sdk android:minSdkVersion="3" android:targetSdkVersion="4"/></manifest>"#
    let old = try Tree().png("app/res/drawable/photo.png", 10, 10).text("app/AndroidManifest.xml", manifest)
    #expect(findings(old, .androidLocation).isEmpty)
    let newer = try Tree().png("app/res/drawable/photo.png", 10, 10)
      .text("app/AndroidManifest.xml", manifest.replacingOccurrences(of: "\"3\"", with: "\"4\""))
    #expect(findings(newer, .androidLocation).map(\.relativePath) == ["app/res/drawable/photo.png"])
  }

  @Test("a res/ of WebP bitmaps and XML drawables only is read as Android all the same")
  func webPAndXMLOnly() throws {
    let webp: [UInt8] =
      Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8L".utf8) + [13, 0, 0, 0, 0x2F, 0, 0, 0, 0]
    let tree = Tree().bytes("app/src/main/res/drawable-hdpi/star.webp", webp)
      .text("app/src/main/res/drawable/shape.xml", "<shape/>")
    let report = tree.check()
    #expect(report.roots[0].notes.contains { $0.hasPrefix("app/src/main/res: Android resources") })
    #expect(report.findings(.missingScale).isEmpty)
  }

  @Test func extensionThatLies() throws {
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array(repeating: 0, count: 14) + [0xFF, 0xD9]
    let tree = try Tree().png("res/drawable-hdpi/ok.png", 3, 3).bytes("res/drawable-hdpi/photo.png", jpeg)
      .bytes("res/drawable-hdpi/fine.jpg", jpeg)
    let found = findings(tree, .androidExtension)
    #expect(found.map(\.relativePath) == ["res/drawable-hdpi/photo.png"])
    #expect(found.first?.message.contains("JPEG") == true)
  }

  @Test(arguments: [
    ("mipmap-mdpi", 48), ("mipmap-hdpi", 72), ("mipmap-xxxhdpi", 192), ("drawable-xxhdpi", 144),
  ])
  func launcherIconSizes(_ folder: String, _ pixels: Int) throws {
    let right = try Tree().png("res/\(folder)/ic_launcher.png", pixels, pixels)
    #expect(findings(right, .androidLauncherSize).isEmpty)
    let wrong = try Tree().png("res/\(folder)/ic_launcher.png", pixels + 2, pixels + 2)
    #expect(findings(wrong, .androidLauncherSize).first?.message.contains("\(pixels)×\(pixels) px") == true)
  }

  @Test(arguments: ["Icon.png", "my-icon.png", "2x.png", "new.png", "a b.png"])
  func resourceNamesTheBuildRefuses(_ name: String) throws {
    let tree = try Tree().png("res/drawable-hdpi/\(name)", 3, 3)
    #expect(findings(tree, .androidResourceName).count == 1)
  }

  @Test func resourceNamesTheBuildTakes() throws {
    let tree = try Tree().png("res/drawable-hdpi/ic_ok_2.png", 3, 3).png("res/drawable-hdpi/bar.9.png", 3, 3)
      .text("res/raw/notes_v2.txt", "x")
    #expect(findings(tree, .androidResourceName).isEmpty)
  }

  @Test func lintIdsAreAliases() throws {
    #expect(Rule.named("IconDensities") == .androidDensities)
    #expect(Rule.named("IconExpectedSize") == .androidLauncherSize)
    let tree = try LayoutAndroidTests.complete().png("app/src/main/res/drawable-hdpi/star.png", 36, 36)
    let report = AssetChecker.check(
      roots: [tree.root],
      configuration: CheckConfiguration(requiredScales: [2], ignoredRules: ["IconDensities"]))
    #expect(report.findings(.androidDensities).isEmpty)
  }

  @Test func aBaselineInLintsIdsSuppresses() throws {
    let tree = try LayoutAndroidTests.complete()
      .png("app/src/main/res/drawable-hdpi/star.png", 36, 36, color: (9, 9, 9, 255))
    let report = tree.check()
    let entries = report.findings(.androidDensities).map { finding in
      #"{"rule": "IconDensities", "path": "\#(finding.path)", "asset": null}"#
    }
    tree.text("baseline.json", #"{"version": 1, "findings": [\#(entries.joined(separator: ", "))]}"#)
    let filtered = try Baseline(contentsOf: tree.path("baseline.json")).filter(report)
    #expect(filtered.findings.isEmpty)
    #expect(filtered.suppressed == 3)
  }

  @Test func notesAndFindingsReachJSONAndJUnit() throws {
    let tree = try LayoutAndroidTests.complete().png("app/src/main/res/drawable-hdpi/star.png", 36, 36)
    let report = tree.check()
    let json = report.rendered(as: .json)
    #expect(json.contains(#""note": "app/src/main/res: Android resources"#))
    #expect(json.contains(#""rule": "android-densities""#))
    let junit = report.rendered(as: .junit, options: RenderOptions(strict: true))
    #expect(junit.contains(#"<failure type="android-densities""#))
  }
}
