import AssetCheck
import Foundation
import TestSupport
import Testing

/// The Flutter rules, each on a small project that has the problem and on a near miss.
@Suite("Layout rules: Flutter variant folders and pubspec.yaml")
struct LayoutFlutterTests {
  static let pubspec = "name: demo\nflutter:\n  assets:\n    - assets/images/\n"

  /// A package with `close.png` at 1x, 2.0x and 3.0x, declared by its folder.
  static func package(_ pubspec: String = pubspec) throws -> Tree {
    try Tree().text("pubspec.yaml", pubspec)
      .png("assets/images/close.png", 15, 14)
      .png("assets/images/2.0x/close.png", 30, 28)
      .png("assets/images/3.0x/close.png", 45, 42)
  }

  @Test func aCompletePackageHasNoFinding() throws {
    let report = try LayoutFlutterTests.package().check()
    #expect(report.findings.isEmpty)
    #expect(report.fileCount == 3)
    #expect(
      report.roots[0].notes.contains {
        $0.hasPrefix(".: Flutter assets: pubspec.yaml declares assets/images/")
      })
  }

  @Test func undeclaredFolderIsNeverBundled() throws {
    let tree = try LayoutFlutterTests.package("name: demo\nflutter:\n  assets:\n    - assets/other/\n")
      .png("assets/other/a.png", 4, 4)
    let found = tree.check().findings(.flutterUnbundled)
    #expect(
      found.map(\.relativePath).sorted() == ["assets/images/2.0x/close.png", "assets/images/3.0x/close.png"])
    #expect(found.first?.message.contains("add - assets/images/") == true)
  }

  @Test func aVariantWithoutItsMainFileInADeclaredFolder() throws {
    let tree = try Tree().text("pubspec.yaml", LayoutFlutterTests.pubspec)
      .png("assets/images/2.0x/open.png", 30, 30).png("assets/images/keep.png", 3, 3)
    let found = tree.check().findings(.flutterUnbundled)
    #expect(found.map(\.relativePath) == ["assets/images/2.0x/open.png"])
    #expect(found.first?.message.contains("assets/images/open.png does not exist") == true)
    // Declared as a file, the variants are bundled without a main file.
    let file = try Tree().text("pubspec.yaml", "flutter:\n  assets:\n    - assets/images/open.png\n")
      .png("assets/images/2.0x/open.png", 30, 30)
    #expect(file.check().findings.isEmpty)
  }

  @Test func declaredAssetMissing() throws {
    let tree = try LayoutFlutterTests.package(
      LayoutFlutterTests.pubspec + "    - assets/icons/\n    - assets/logo.png\n")
    let found = tree.check().findings(.flutterMissingAsset)
    #expect(found.map(\.asset) == ["assets/icons/", "assets/logo.png"])
  }

  @Test func variantSizes() throws {
    let tree = try LayoutFlutterTests.package().png("assets/images/3.0x/close.png", 44, 40)
    let found = tree.check().findings(.flutterSizeMismatch)
    #expect(found.map(\.relativePath) == ["assets/images/3.0x/close.png"])
    #expect(found.first?.message.contains("45×42") == true)
    // One pixel off either way is rounding.
    let near = try LayoutFlutterTests.package().png("assets/images/3.0x/close.png", 44, 43)
    #expect(near.check().findings.isEmpty)
  }

  @Test func theMidpointTrap() throws {
    // {1x, 3x}: an iPhone at 2 gets the 1x file enlarged (Flutter's rule), not the 3x one.
    let tree = try Tree().text("pubspec.yaml", LayoutFlutterTests.pubspec).text("ios/Runner/Info.plist", "x")
      .png("assets/images/star.png", 10, 10).png("assets/images/3.0x/star.png", 30, 30)
    let found = tree.check().findings(.flutterMidpoint)
    #expect(found.count == 1)
    #expect(found.first?.message.contains("at 2 Flutter draws the 1x file enlarged 2×") == true)
    // With a 2.0x variant there is no trap at 2 or 3.
    let fixed = try Tree().text("pubspec.yaml", LayoutFlutterTests.pubspec).text("ios/Runner/Info.plist", "x")
      .png("assets/images/star.png", 10, 10).png("assets/images/2.0x/star.png", 20, 20)
      .png("assets/images/3.0x/star.png", 30, 30)
    #expect(fixed.check().findings.isEmpty)
  }

  @Test func midpointRatiosFollowTheRunners() throws {
    // {1, 2, 3, 4} at 3.5 (a 560-dpi Android phone): Flutter takes 3x; an iOS-only app never draws at 3.5.
    func project(_ runner: String) throws -> Tree {
      try Tree().text("pubspec.yaml", LayoutFlutterTests.pubspec).text(runner, "x")
        .png("assets/images/star.png", 10, 10).png("assets/images/2.0x/star.png", 20, 20)
        .png("assets/images/3.0x/star.png", 30, 30).png("assets/images/4.0x/star.png", 40, 40)
    }
    #expect(
      try project("android/app/build.gradle").check().findings(.flutterMidpoint).first?.message.contains(
        "at 3.5") == true)
    #expect(try project("ios/Runner/Info.plist").check().findings(.flutterMidpoint).isEmpty)
  }

  @Test func foldersFlutterDoesNotRead() throws {
    let tree = try LayoutFlutterTests.package()
      .png("assets/images/2.0X/close.png", 30, 28)
      .png("assets/images/2.0x/3.0x/close.png", 45, 42)
    let found = tree.check().findings(.flutterVariantFolder)
    #expect(found.map(\.relativePath).sorted() == ["assets/images/2.0X", "assets/images/2.0x/3.0x"])
    let plain = try LayoutFlutterTests.package().png("assets/images/icons/close.png", 30, 28)
    #expect(plain.check().findings(.flutterVariantFolder).isEmpty)
  }
}
