import AssetCheck
import AssetIndex
import AssetResolver
import Foundation
import TestSupport
import Testing

/// Metro's rules, on a React Native package (its `package.json` names react-native) and on
/// a tree read with `--layout react-native`.
@Suite("Layout rules: React Native (Metro) names and scales")
struct LayoutReactNativeTests {
  static let manifest = #"{"name": "app", "dependencies": {"react-native": "0.76.0"}}"#

  static func app() throws -> Tree {
    try Tree().text("package.json", manifest)
      .png("assets/logo.png", 20, 10).png("assets/logo@2x.png", 40, 20).png("assets/logo@3x.png", 60, 30)
  }

  @Test func aCompleteAppHasNoFinding() throws {
    let report = try LayoutReactNativeTests.app().check()
    #expect(report.findings.isEmpty)
    #expect(report.roots[0].notes.contains { $0.hasPrefix("Metro assets (a React Native tree)") })
    #expect(report.fileCount == 3)
    // A JavaScript project that is not React Native is not Metro's.
    let web = try Tree().text("package.json", #"{"name": "site"}"#).png("img/logo@2x.png", 40, 20)
    #expect(web.check().roots[0].notes.isEmpty)
  }

  @Test func scalesAnIOSReleaseDrops() throws {
    let tree = try LayoutReactNativeTests.app().png("assets/logo@4x.png", 80, 40).png(
      "assets/logo@1.5x.png", 30, 15)
    let found = tree.check().findings(.metroDroppedScale)
    #expect(found.map(\.relativePath).sorted() == ["assets/logo@1.5x.png", "assets/logo@4x.png"])
    // Only @4x: nothing in 1–3, so Metro keeps the first scale above 3.
    let only = try Tree().text("package.json", LayoutReactNativeTests.manifest).png("a/b@4x.png", 8, 8)
      .png("a/b@5x.png", 10, 10)
    #expect(only.check().findings(.metroDroppedScale).map(\.relativePath) == ["a/b@5x.png"])
    // An Android-only file is not in an iOS bundle at all.
    let android = try LayoutReactNativeTests.app().png("assets/logo@4x.android.png", 80, 40)
    #expect(android.check().findings(.metroDroppedScale).isEmpty)
  }

  @Test func sizes() throws {
    let tree = try LayoutReactNativeTests.app().png("assets/logo@3x.png", 59, 33)
    let found = tree.check().findings(.metroSizeMismatch)
    #expect(found.map(\.relativePath) == ["assets/logo@3x.png"])
    #expect(found.first?.message.contains("60×30") == true)
    let near = try LayoutReactNativeTests.app().png("assets/logo@3x.png", 61, 29)
    #expect(near.check().findings.isEmpty)
  }

  @Test func suffixesMetroDoesNotRead() throws {
    let tree = try LayoutReactNativeTests.app().png("assets/star@2X.png", 4, 4).png(
      "assets/moon.ios@2x.png", 4, 4)
    let found = tree.check().findings(.metroSuffix)
    #expect(found.count == 2)
    #expect(found.contains { $0.message.contains("rename it to star@2x.png") })
    #expect(found.contains { $0.message.contains("moon@2x.ios.png") })
    let right = try LayoutReactNativeTests.app().png("assets/moon@2x.ios.png", 4, 4)
    #expect(right.check().findings.isEmpty)
  }

  @Test func layoutOptionReadsLooseFilesByMetro() throws {
    // No package.json: UIKit's rule wants a @2x; Metro's wants none.
    let tree = try Tree().png("images/favicon.png", 32, 32)
    #expect(tree.check().findings(.missingScale).count == 1)
    var configuration = CheckConfiguration(requiredScales: [2])
    configuration.layout = .reactNative
    let metro = AssetChecker.check(roots: [tree.root], configuration: configuration)
    #expect(metro.findings.isEmpty)
    #expect(metro.roots[0].requirements.isEmpty)
    #expect(metro.assetCount == 1)
  }

  @Test func appleLayoutTurnsTheOtherRulesOff() throws {
    let tree = try LayoutReactNativeTests.app().png("assets/logo@4x.png", 80, 40)
    var configuration = CheckConfiguration(requiredScales: [2])
    configuration.layout = .apple
    #expect(
      AssetChecker.check(roots: [tree.root], configuration: configuration).findings(.metroDroppedScale)
        .isEmpty)
  }
}
