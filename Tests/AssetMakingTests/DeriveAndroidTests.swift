import AssetCheck
import AssetIndex
import AssetMaking
import AssetResolver
import Foundation
import ImageCore
import PNGCodec
import TestSupport
import Testing

/// Android `res/` trees in a few pixels: what derive makes for lint's IconDensities and
/// IconMissingDensityFolder, and what it leaves alone.
@Suite("derive: Android density folders")
struct DeriveAndroidTests {
  static let res = "app/src/main/res"

  private func plan(_ tree: Tree, _ options: DeriveOptions = DeriveOptions()) throws -> DerivePlan {
    try DerivePlan.plan(roots: [tree.root], options: options)
  }

  private func densityFindings(_ tree: Tree) -> [Finding] {
    AssetChecker.check(roots: [tree.root]).findings.filter {
      $0.rule == .androidDensities || $0.rule == .androidDensityFolder
    }
  }

  /// Every folder lint requires, `icon.png` at 24 dp in each, and `star` in xxxhdpi and hdpi only.
  static func tree() throws -> Tree {
    let tree = Tree()
    for (folder, pixels) in [("mdpi", 24), ("hdpi", 36), ("xhdpi", 48), ("xxhdpi", 72)] {
      try tree.png("\(res)/drawable-\(folder)/icon.png", pixels, pixels)
    }
    try tree.png("\(res)/drawable-xxxhdpi/star.png", 72, 40, color: (200, 30, 30, 255))
    try tree.png("\(res)/drawable-hdpi/star.png", 27, 15)
    return tree
  }

  @Test func makesEachMissingDensityFromTheDensestSourceRoundingAsAndroid() throws {
    let tree = try DeriveAndroidTests.tree()
    let steps = try plan(tree).steps
    #expect(
      steps.map(\.target) == [
        "\(Self.res)/drawable-mdpi/star.png", "\(Self.res)/drawable-xhdpi/star.png",
        "\(Self.res)/drawable-xxhdpi/star.png",
      ])
    #expect(steps.allSatisfy { $0.source == "\(Self.res)/drawable-xxxhdpi/star.png" && $0.status == .make })
    #expect(steps.allSatisfy { $0.sourceDensity == .xxxhdpi && $0.placement == .androidResource })
    // 72×40 px at 640 dpi: 18×10 at 160, 36×20 at 320, 54×30 at 480.
    #expect(steps.map { [$0.targetWidth!, $0.targetHeight!] } == [[18, 10], [36, 20], [54, 30]])
    #expect(steps.map(\.targetDensity) == [.mdpi, .xhdpi, .xxhdpi])
  }

  @Test func writeMakesTheFilesAndCheckFindsNothingMissingAfter() throws {
    let tree = try DeriveAndroidTests.tree()
    #expect(densityFindings(tree).count == 3)
    let made = try plan(tree).execute(options: DeriveOptions())
    #expect(made.made.count == 3 && made.contentsFiles.isEmpty)
    let image = try PNGDecoder.decode(contentsOf: tree.path("\(Self.res)/drawable-xxhdpi/star.png"))
    #expect(image.width == 54 && image.height == 30)
    #expect(image[20, 10] == (200, 30, 30, 255))
    #expect(densityFindings(tree).isEmpty)
    #expect(AssetChecker.check(roots: [tree.root]).findings.isEmpty)
    #expect(try plan(tree).steps.isEmpty)
  }

  @Test func appleOnlyOptionsLeaveAndroidAloneWithANote() throws {
    let tree = try DeriveAndroidTests.tree()
    for options in [DeriveOptions(source: .scale(2)), DeriveOptions(scales: [1])] {
      let plan = try plan(tree, options)
      #expect(plan.steps.isEmpty)
      #expect(plan.notes.contains { $0.contains("3 density folders lacking drawables were left alone") })
    }
  }

  @Test func halvesRoundUpAsBitmapFactoryDoes() throws {
    // 25 px at xhdpi is 18.75 px at hdpi (19), 12.5 at mdpi (13, as int(12.5 + 0.5)).
    let tree = try Tree().png("res/drawable-xhdpi/a.png", 25, 25).png("res/drawable-hdpi/b.png", 30, 30)
      .png("res/drawable-xhdpi/b.png", 40, 40).png("res/drawable-mdpi/b.png", 20, 20)
      .png("res/drawable-xxhdpi/b.png", 60, 60)
    let steps = try plan(tree).steps.filter { $0.asset == "a" }
    #expect(
      steps.map(\.target) == [
        "res/drawable-hdpi/a.png", "res/drawable-mdpi/a.png", "res/drawable-xxhdpi/a.png",
      ])
    #expect(steps.map(\.targetWidth) == [19, 13, 38])
    #expect(steps[2].status == .cannot("would enlarge: the densest source is drawable-xhdpi/a.png"))
  }

  @Test func missingDensityFolderIsMadeWithItsFiles() throws {
    let tree = try Tree().png("res/drawable-mdpi/a.png", 10, 10).png("res/drawable-xhdpi/a.png", 20, 20)
      .png("res/drawable-xxhdpi/a.png", 30, 30)
    let steps = try plan(tree).steps
    #expect(steps.map(\.target) == ["res/drawable-hdpi/a.png"])
    #expect(steps.first?.targetWidth == 15)
    _ = try plan(tree).execute(options: DeriveOptions())
    #expect(try PNGHeader.probe(contentsOf: tree.path("res/drawable-hdpi/a.png")).width == 15)
    #expect(densityFindings(tree).isEmpty)
  }

  @Test func aFailedWriteRemovesTheFolderItMade() throws {
    let tree = try Tree().png("res/drawable-mdpi/a.png", 10, 10).png("res/drawable-xxhdpi/a.png", 30, 30)
      .png("res/drawable-xhdpi/b.png", 20, 20).png("res/drawable-mdpi/b.png", 10, 10)
      .png("res/drawable-xxhdpi/b.png", 30, 30)
    let made = try plan(tree)
    // The plan is made; then a source is damaged before writing.
    tree.bytes("res/drawable-xxhdpi/b.png", Array("not a png".utf8))
    #expect(throws: MakingError.self) { try made.execute(options: DeriveOptions()) }
    #expect(!FileManager.default.fileExists(atPath: tree.path("res/drawable-hdpi")))
    #expect(!FileManager.default.fileExists(atPath: tree.path("res/drawable-xhdpi/a.png")))
  }

  @Test func otherQualifiersAndMipmapsAreNotRequiredSoNotMade() throws {
    let tree = try Tree().png("res/drawable-mdpi/a.png", 10, 10).png("res/drawable-hdpi/a.png", 15, 15)
      .png("res/drawable-xhdpi/a.png", 20, 20).png("res/drawable-xxhdpi/a.png", 30, 30)
      .png("res/drawable-xxhdpi-v11/note.png", 30, 30).png("res/drawable-xhdpi-v11/note.png", 20, 20)
      .png("res/mipmap-xxxhdpi/ic_launcher.png", 192, 192).png("res/mipmap-mdpi/ic_launcher.png", 48, 48)
    let plan = try plan(tree)
    #expect(plan.steps.isEmpty)
    #expect(densityFindings(tree).isEmpty)
    let note = try #require(plan.notes.first { $0.hasPrefix(tree.path("res")) })
    #expect(note.contains("drawable-xhdpi-v11, drawable-xxhdpi-v11, mipmap-mdpi, … left alone"))
  }

  @Test func sourcesComeOnlyFromFoldersWithTheSameOtherQualifiers() throws {
    // The -v11 copy is the densest `a`, but a plain drawable-mdpi is made from plain folders.
    let tree = try Tree().png("res/drawable-hdpi/a.png", 15, 15).png("res/drawable-xhdpi/a.png", 20, 20)
      .png("res/drawable-xxhdpi/a.png", 30, 30).png("res/drawable-mdpi/b.png", 10, 10)
      .png("res/drawable-xxxhdpi-v11/a.png", 40, 40)
    let step = try #require(try plan(tree).steps.first { $0.asset == "a" })
    #expect(step.target == "res/drawable-mdpi/a.png")
    #expect(step.source == "res/drawable-xxhdpi/a.png" && step.targetWidth == 10)
  }

  @Test func ninePatchXMLAndNoDpiAreReportedNotMade() throws {
    let tree = try Tree().png("res/drawable-mdpi/a.png", 10, 10).png("res/drawable-hdpi/a.png", 15, 15)
      .png("res/drawable-xhdpi/a.png", 20, 20).png("res/drawable-xxhdpi/a.png", 30, 30)
      .png("res/drawable-xhdpi/bar.9.png", 12, 12)
      .text(
        "res/drawable-xhdpi/shape.xml",
        "<shape xmlns:android=\"http://schemas.android.com/apk/res/android\"/>"
      )
      .png("res/drawable-xhdpi/wall.png", 20, 20).png("res/drawable-nodpi/wall.png", 20, 20)
      .png("res/drawable-nodpi/only.png", 20, 20)
    let steps = try plan(tree).steps
    #expect(steps.allSatisfy { $0.status != .make })
    #expect(Set(steps.map(\.asset)) == ["bar", "shape", "wall"])
    let bar = try #require(steps.first { $0.asset == "bar" })
    #expect(bar.target == "res/drawable-hdpi/bar.9.png")
    guard case .cannot(let why) = bar.status else { return #expect(Bool(false)) }
    #expect(why.contains("is a nine-patch: its 1-px border"))
    #expect(
      steps.first { $0.asset == "shape" }?.status
        == .cannot("drawable-xhdpi/shape.xml is an XML drawable: there is nothing to resample"))
    #expect(
      steps.first { $0.asset == "wall" }.map { "\($0.status)".contains("also drawable-nodpi/wall.png") }
        == true)
  }

  @Test func aWebPSourceIsWrittenAsPNGWithNoPairInOneFolder() throws {
    let webp = try Data(
      contentsOf: URL(fileURLWithPath: TestPaths.inPackage("Tests/RasterCodecsTests/Fixtures/lossless.webp")))
    let tree = try Tree().png("res/drawable-mdpi/a.png", 10, 10).png("res/drawable-hdpi/a.png", 15, 15)
      .png("res/drawable-xhdpi/a.png", 20, 20).png("res/drawable-xxhdpi/a.png", 30, 30)
      .bytes("res/drawable-xxhdpi/pic.webp", Array(webp))
      .png("res/drawable-mdpi/pic.png", 4, 4)
    let steps = try plan(tree).steps
    let targets = steps.map(\.target)
    #expect(targets == ["res/drawable-hdpi/pic.png", "res/drawable-xhdpi/pic.png"])
    #expect(steps.allSatisfy { $0.source == "res/drawable-xxhdpi/pic.webp" && $0.status == .make })
    _ = try plan(tree).execute(options: DeriveOptions())
    let made = try PNGHeader.probe(contentsOf: tree.path("res/drawable-xhdpi/pic.png"))
    #expect(made.width == steps[1].targetWidth && made.colorType.hasAlpha)
    #expect(!FileManager.default.fileExists(atPath: tree.path("res/drawable-xhdpi/pic.webp")))
  }

  @Test func aFileOfTheSameNameWithAnotherExtensionBlocksTheStep() throws {
    let tree = try Tree().png("res/drawable-mdpi/a.png", 10, 10).png("res/drawable-xhdpi/a.png", 20, 20)
      .png("res/drawable-hdpi/a.png", 15, 15).png("res/drawable-xxhdpi/a.png", 30, 30)
      .png("res/drawable-xxhdpi/b.png", 30, 30).bytes("res/drawable-xhdpi/b.bmp", [0x42, 0x4D])
    let steps = try plan(tree).steps.filter { $0.target == "res/drawable-xhdpi/b.png" }
    #expect(
      steps.first?.status
        == .cannot(
          "drawable-xhdpi/b.bmp has that name: two files of one name in a folder are a duplicate resource"))
  }

  @Test func flutterAndReactNativeRootsSayTheyHaveNoRequiredScales() throws {
    let flutter = try Tree().text("pubspec.yaml", "name: app\nflutter:\n  assets:\n    - assets/\n")
      .png("assets/logo.png", 10, 10).png("assets/3.0x/logo.png", 30, 30)
    let flutterPlan = try plan(flutter)
    #expect(flutterPlan.steps.isEmpty)
    #expect(
      flutterPlan.notes.contains {
        $0.hasPrefix(flutter.root + ": ") && $0.contains("check requires no Flutter scale")
      })
    let metro = try Tree().png("app/assets/logo@3x.png", 30, 30).png("app/assets/logo.png", 10, 10)
    let metroPlan = try plan(metro)
    #expect(metroPlan.steps.isEmpty)
    #expect(metroPlan.notes.contains { $0.contains("check requires no Metro scale") })
  }
}
