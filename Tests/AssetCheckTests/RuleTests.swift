import AssetCheck
import Foundation
import IconGridSupport
import ImageCore
import TestSupport
import Testing

@Suite("Rules: each fires on its fixture and stays quiet on a near miss")
struct RuleTests {
  // MARK: missing-scale

  @Test func missingScaleOnLooseFiles() throws {
    let tree = try Tree().png("tabs/home.png", 20, 20)
    let found = tree.check().findings(.missingScale)
    #expect(found.map(\.relativePath) == ["tabs/home.png"])
    #expect(found.first?.asset == "tabs/home")
    #expect(found.first?.message.contains("home@2x.png") == true)
  }

  @Test func missingScaleNearMiss() throws {
    let tree = try Tree().png("tabs/home.png", 20, 20).png("tabs/home@2x.png", 40, 40)
    #expect(tree.check().findings.isEmpty)
    #expect(tree.check(require: [2, 3]).findings(.missingScale).count == 1)
  }

  @Test func iPadVariantsNeedNoThreeX() throws {
    let tree = try Tree().png("icon~ipad.png", 20, 20).png("icon@2x~ipad.png", 40, 40)
    #expect(tree.check(require: [2, 3]).findings.isEmpty)
    let iphone = try Tree().png("icon~iphone.png", 20, 20).png("icon@2x~iphone.png", 40, 40)
    #expect(
      iphone.check(require: [2, 3]).findings(.missingScale).map(\.message).first?.contains("@3x~iphone")
        == true)
  }

  @Test func missingScaleNamesTheMisspeltFile() throws {
    let tree = try Tree().png("icon.png", 20, 20).png("icon@2X.png", 40, 40)
    let report = tree.check()
    #expect(report.findings(.missingScale).first?.message.contains("icon@2X.png") == true)
    #expect(report.findings(.suffixCase).count == 1)
  }

  @Test func missingScaleInImageSet() throws {
    let tree = try Tree().png("A.xcassets/star.imageset/star.png", 10, 10)
      .contents(
        "A.xcassets/star.imageset",
        [slot("star.png", scale: "1x"), slot(nil, scale: "2x"), slot(nil, scale: "3x")])
    let found = tree.check().findings(.missingScale)
    #expect(found.map(\.relativePath) == ["A.xcassets/star.imageset/Contents.json"])
    #expect(found.first?.message.contains("2x slot is empty") == true)
    #expect(found.first?.asset == "star")
  }

  @Test func imageSetNearMissAndVectorExemption() throws {
    let tree = try Tree().png("A.xcassets/star.imageset/star@2x.png", 20, 20)
      .contents("A.xcassets/star.imageset", [slot(nil, scale: "1x"), slot("star@2x.png", scale: "2x")])
      .text("A.xcassets/logo.imageset/logo.pdf", minimalPDF)
      .contents("A.xcassets/logo.imageset", [slot("logo.pdf", scale: nil)])
    #expect(tree.check().findings.isEmpty)
  }

  @Test func emptyAppIconSlot() throws {
    let tree = try Tree().png("A.xcassets/AppIcon.appiconset/icon-120.png", 120, 120)
      .png("A.xcassets/AppIcon.appiconset/store.png", 1024, 1024, alpha: false)
      .contents(
        "A.xcassets/AppIcon.appiconset",
        [
          slot("icon-120.png", idiom: "iphone", size: "60x60", scale: "2x"),
          slot(nil, idiom: "iphone", size: "60x60", scale: "3x"),
          slot("store.png", idiom: "ios-marketing", size: "1024x1024", scale: "1x"),
        ])
    #expect(tree.check().findings.isEmpty)
    let found = tree.check(require: [2, 3]).findings(.missingScale)
    #expect(found.first?.message.contains("iphone 60x60 @3x slot is empty") == true)
  }

  @Test func anAppIconWithoutItsAppStoreImageOrRequiredSlotsSaysWhichOnes() throws {
    let tree = try Tree().png("A.xcassets/AppIcon.appiconset/icon-120.png", 120, 120)
      .contents(
        "A.xcassets/AppIcon.appiconset",
        [
          slot("icon-120.png", idiom: "iphone", size: "60x60", scale: "2x"),
          slot(nil, idiom: "ipad", size: "76x76", scale: "2x"),
        ])
    let messages = tree.check().findings(.missingScale).map(\.message)
    #expect(messages.contains { $0.contains("has no ios-marketing 1024x1024 @1x slot") })
    #expect(
      messages.contains { $0.contains("the ipad 76x76 @2x slot is empty") && $0.contains("152×152 px") })
    // A set with iPad slots needs the iPad Pro's too; an iPhone-only set (emptyAppIconSlot)
    // is asked for none.
    #expect(messages.contains { $0.contains("has no ipad 83.5x83.5 @2x slot") && $0.contains("167×167 px") })
  }

  // MARK: size-mismatch

  @Test func sizeMismatchFromHighestScale() throws {
    let tree = try Tree().png("icon.png", 20, 20).png("icon@2x.png", 38, 38).png("icon@3x.png", 60, 60)
    let found = tree.check(require: [2, 3]).findings(.sizeMismatch)
    #expect(found.map(\.relativePath) == ["icon@2x.png"])
    #expect(found.first?.message.contains("38×38") == true)
    #expect(found.first?.message.contains("40×40") == true)
  }

  @Test func sizeWithinOnePixelIsFine() throws {
    let tree = try Tree().png("icon.png", 33, 33).png("icon@2x.png", 67, 67).png("icon@3x.png", 100, 100)
    #expect(tree.check(require: [2, 3]).findings.isEmpty)
  }

  // MARK: unreadable

  @Test func jpegNamedPNG() throws {
    let tree = try Tree().bytes("photo.png", [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0, count: 60))
      .png("photo@2x.png", 20, 20)
    let found = tree.check().findings(.unreadable)
    #expect(found.map(\.relativePath) == ["photo.png"])
    #expect(found.first?.message.contains("JPEG") == true)
  }

  @Test(
    .needsSharedData, .tags(.sharedData),
    arguments: ["pngsuite/xhdn0g08.png", "pngsuite/xs2n0g01.png", "pngsuite/xc9n2c08.png"])
  func badHeaders(_ file: String) throws {
    let tree = try Tree().copy(testData: file, to: "bad.png")
    #expect(tree.check(require: [1]).findings(.unreadable).count == 1)
  }

  @Test func truncatedAndEmpty() throws {
    let tree = Tree().bytes("empty.png", []).bytes("cut.png", [137, 80, 78, 71, 13, 10, 26, 10, 0, 0])
    #expect(tree.check(require: [1]).findings(.unreadable).count == 2)
  }

  @Test(.needsSharedData, .tags(.sharedData)) func deepFindsDamageAfterTheHeader() throws {
    // xcsn0g01: IDAT CRC wrong; the header is fine.
    let tree = try Tree().copy(testData: "pngsuite/xcsn0g01.png", to: "icon.png")
    #expect(tree.check(require: [1]).findings.isEmpty)
    let deep = tree.check(require: [1], deep: true).findings(.unreadable)
    #expect(deep.count == 1)
    #expect(deep.first?.message.hasPrefix("does not decode") == true)
  }

  // MARK: cgbi

  @Test(.needsSharedData, .tags(.sharedData)) func cgbiIsReportedWithTheFix() throws {
    let tree = try Tree().copy(testData: "cgbi/basn6a08.png", to: "icon.png")
      .copy(testData: "pngsuite/basn6a08.png", to: "plain.png")
    let found = tree.check(require: [1]).findings(.cgbi)
    #expect(found.map(\.relativePath) == ["icon.png"])
    #expect(found.first?.message.contains("pngcrush -revert-iphone-optimizations") == true)
    #expect(tree.check(require: [1], deep: true).findings(.cgbi).count == 1)
  }

  // MARK: case-conflict

  @Test func namesDifferingOnlyInCase() throws {
    let tree = try Tree().png("Icon.png", 10, 10).png("icon.png", 10, 10, color: (1, 2, 3, 255))
    let found = tree.check(require: [1]).findings(.caseConflict)
    #expect(found.count == 1)
    #expect(found.first?.message.contains("differ only in case") == true)
  }

  @Test func caseConflictNearMissAndInsideSets() throws {
    let clean = try Tree().png("icon.png", 10, 10).png("icon-large.png", 10, 10, color: (1, 2, 3, 255))
    #expect(clean.check(require: [1]).findings.isEmpty)
    let set = try Tree().png("A.xcassets/a.imageset/a.png", 10, 10).png("A.xcassets/a.imageset/A.png", 10, 10)
      .contents("A.xcassets/a.imageset", [slot("a.png", scale: "1x")])
    #expect(set.check(require: [1]).findings(.caseConflict).count == 1)
  }

  // MARK: suffix-case

  @Test(arguments: ["icon@2X.png", "icon~iPad.png", "icon~ipad@2x.png"])
  func misspeltSuffixes(_ name: String) throws {
    let tree = try Tree().png(name, 20, 20)
    let found = tree.check(require: [1]).findings(.suffixCase)
    #expect(found.map(\.relativePath) == [name])
    #expect(found.first?.message.contains("rename it to") == true)
  }

  @Test func wellSpeltSuffixes() throws {
    let tree = try Tree().png("icon~ipad.png", 20, 20).png("icon@2x~ipad.png", 40, 40)
    #expect(tree.check().findings.isEmpty)
  }

  // MARK: catalog-invalid, catalog-missing-file, catalog-unassigned

  @Test func invalidContentsJSON() throws {
    let tree = try Tree().png("A.xcassets/a.imageset/a.png", 10, 10)
      .text("A.xcassets/a.imageset/Contents.json", "{ \"images\": [ ")
      .png("A.xcassets/b.imageset/b.png", 10, 10)
    let found = tree.check(require: [1]).findings(.catalogInvalid)
    #expect(
      Set(found.map(\.relativePath)) == [
        "A.xcassets/a.imageset/Contents.json", "A.xcassets/b.imageset/Contents.json",
      ])
  }

  @Test func slotNamingAMissingFile() throws {
    let tree = try Tree().png("A.xcassets/a.imageset/a.png", 10, 10)
      .contents("A.xcassets/a.imageset", [slot("a.png", scale: "1x"), slot("A@2x.png", scale: "2x")])
    let found = tree.check(require: [1]).findings(.catalogMissingFile)
    #expect(found.map(\.relativePath) == ["A.xcassets/a.imageset/A@2x.png"])
    let near = try Tree().png("A.xcassets/a.imageset/a.png", 10, 10)
      .contents("A.xcassets/a.imageset", [slot("a.png", scale: "1x")])
    #expect(near.check(require: [1]).findings.isEmpty)
  }

  @Test func missingFileThatDiffersInCaseSaysSo() throws {
    let tree = try Tree().png("A.xcassets/a.imageset/Star.png", 10, 10)
      .contents("A.xcassets/a.imageset", [slot("star.png", scale: "1x")])
    let report = tree.check(require: [1])
    #expect(report.findings(.catalogMissingFile).first?.message.contains("differs only in case") == true)
    #expect(report.findings(.catalogUnassigned).isEmpty)
  }

  @Test("an unassigned file ships in no bundle: a note, which fails no check, not even a strict one")
  func unassignedFileIsANote() throws {
    let tree = try Tree().png("A.xcassets/a.imageset/a.png", 10, 10).png(
      "A.xcassets/a.imageset/old.png", 10, 10
    )
    .contents("A.xcassets/a.imageset", [slot("a.png", scale: "1x")])
    let report = tree.check(require: [1])
    #expect(report.findings(.catalogUnassigned).map(\.relativePath) == ["A.xcassets/a.imageset/old.png"])
    #expect(report.findings(.catalogUnassigned).first?.severity == .note)
    #expect(!report.fails(strict: false))
    #expect(!report.fails(strict: true))
    #expect(report.summaryLine.hasSuffix("0 errors, 0 warnings, 1 note"))
  }

  // MARK: appicon-size, marketing-alpha

  @Test func appIconPixelsMustBeSizeTimesScale() throws {
    let tree = try Tree().png("A.xcassets/AppIcon.appiconset/a.png", 166, 166)
      .png("A.xcassets/AppIcon.appiconset/b.png", 120, 120)
      .contents(
        "A.xcassets/AppIcon.appiconset",
        [
          slot("a.png", idiom: "ipad", size: "83.5x83.5", scale: "2x"),
          slot("b.png", idiom: "iphone", size: "60x60", scale: "2x"),
        ])
    let found = tree.check().findings(.appIconSize)
    #expect(found.map(\.relativePath) == ["A.xcassets/AppIcon.appiconset/a.png"])
    #expect(found.first?.message.contains("167×167") == true)
  }

  @Test func marketingIconWithAlpha() throws {
    let tree = try Tree().png(
      "A.xcassets/AppIcon.appiconset/store.png", 1024, 1024, color: (40, 90, 200, 100)
    )
    .contents(
      "A.xcassets/AppIcon.appiconset",
      [slot("store.png", idiom: "ios-marketing", size: "1024x1024", scale: "1x")])
    #expect(tree.check().findings(.marketingAlpha).count == 1)
    #expect(
      tree.check().findings(.marketingAlpha).first?.message.contains(
        "1048576 of 1048576 pixels are not opaque, the lowest alpha 100") == true)
    // An alpha channel whose every pixel is opaque is not transparency: a warning that says so.
    let opaqueChannel = try Tree().png("A.xcassets/AppIcon.appiconset/store.png", 1024, 1024)
      .contents(
        "A.xcassets/AppIcon.appiconset",
        [slot("store.png", idiom: "ios-marketing", size: "1024x1024", scale: "1x")])
    #expect(opaqueChannel.check().findings(.marketingAlpha).isEmpty)
    let warning = try #require(opaqueChannel.check().findings(.opaqueAlpha).first)
    #expect(warning.message.contains("every pixel is opaque"))
    let opaque = try Tree().png("A.xcassets/AppIcon.appiconset/store.png", 1024, 1024, alpha: false)
      .contents(
        "A.xcassets/AppIcon.appiconset",
        [slot("store.png", idiom: "ios-marketing", size: "1024x1024", scale: "1x")])
    #expect(opaque.check().findings.isEmpty)
  }

  @Test(.needsSharedData, .tags(.sharedData)) func singleSizeIconWithTransparencyChunk() throws {
    // tbrn2c08: RGB with a tRNS chunk, so the colour type alone says "no alpha".
    let tree = try Tree().copy(
      testData: "pngsuite/tbrn2c08.png", to: "A.xcassets/AppIcon.appiconset/icon.png"
    )
    .text(
      "A.xcassets/AppIcon.appiconset/Contents.json",
      #"{"images":[{"filename":"icon.png","idiom":"universal","platform":"ios","size":"1024x1024"}]}"#)
    let found = tree.check().findings(.marketingAlpha)
    #expect(found.first?.message.contains("pixels are not opaque") == true)
  }

  @Test func darkAndTintedAppearancesMayBeTransparent() throws {
    // Xcode 16's single-size icon: default, dark and tinted 1024-pt slots.
    let contents = """
      {"images":[
        {"filename":"light.png","idiom":"universal","platform":"ios","size":"1024x1024"},
        {"appearances":[{"appearance":"luminosity","value":"dark"}],"filename":"dark.png",
         "idiom":"universal","platform":"ios","size":"1024x1024"},
        {"appearances":[{"appearance":"luminosity","value":"tinted"}],"filename":"tinted.png",
         "idiom":"universal","platform":"ios","size":"1024x1024"}
      ],"info":{"author":"xcode","version":1}}
      """
    let set = "A.xcassets/AppIcon.appiconset"
    let tree = try Tree().png(set + "/light.png", 1024, 1024, alpha: false)
      .png(set + "/dark.png", 1024, 1024, color: (0, 0, 0, 0)).png(
        set + "/tinted.png", 1024, 1024, color: (9, 9, 9, 0)
      )
      .text(set + "/Contents.json", contents)
    #expect(tree.check().findings.isEmpty)
    try tree.png(set + "/light.png", 1024, 1024, color: (40, 90, 200, 60))
    #expect(tree.check().findings(.marketingAlpha).map(\.relativePath) == [set + "/light.png"])
  }

  // MARK: duplicate

  @Test func identicalFilesInDifferentAssets() throws {
    let tree = try Tree().png("a.png", 16, 16).png("b.png", 16, 16).png(
      "c.png", 16, 16, color: (9, 9, 9, 255))
    let found = tree.check(require: [1]).findings(.duplicate)
    #expect(found.map(\.relativePath) == ["b.png"])
    // Two copies cost bytes; no device shows a wrong picture.
    #expect(found.first?.severity == .note)
  }

  @Test func pixelIdenticalButDifferentBytesNeedsDeep() throws {
    let tree = try Tree().png("a.png", 16, 16, compression: 9).png("b.png", 16, 16, compression: 0)
    #expect(tree.check(require: [1]).findings(.duplicate).isEmpty)
    #expect(tree.check(require: [1], deep: true).findings(.duplicate).map(\.relativePath) == ["b.png"])
  }

  /// A PNG with a `tEXt` chunk before IEND, as ImageMagick ends its files with timestamps.
  private static func withTrailingText(_ png: [UInt8], _ text: String) -> [UInt8] {
    let data = Array("date:modify\u{0}\(text)".utf8)
    let type = Array("tEXt".utf8)
    let length = UInt32(data.count)
    let crc = CRC32.checksum(type + data)
    let chunk =
      [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + type + data
      + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) }
    return Array(png.dropLast(12)) + chunk + Array(png.suffix(12))
  }

  @Test func largeFilesAreComparedByTheirWholeBytes() throws {
    // Over the 4 KiB head read (uncompressed 48 × 48 RGBA), so the files are fingerprinted by
    // their head and tail, then reread whole.
    let tree = try Tree().png("big.png", 48, 48, compression: 0)
    let bytes = try FileIO.readAll(tree.path("big.png"), limit: 1 << 20)
    #expect(bytes.count > 8_192)
    tree.bytes("copy.png", bytes)
      .bytes("stamped-a.png", Self.withTrailingText(bytes, "2026-12-06T10:00:00"))
      .bytes("stamped-b.png", Self.withTrailingText(bytes, "2026-12-06T10:00:01"))
    var other = bytes
    other[other.count / 2] ^= 0xFF
    tree.bytes("middle.png", other)
    let found = tree.check(require: [1]).findings(.duplicate)
    // Same size, same head, tails differing only in a timestamp: not byte-identical.
    #expect(found.map(\.relativePath) == ["copy.png"])
    #expect(found.first?.message.contains("big.png") == true)
  }

  @Test func sameImageWithinOneAssetIsNoDuplicate() throws {
    let tree = try Tree().png("A.xcassets/a.imageset/a.png", 80, 80)
      .png("A.xcassets/a.imageset/b.png", 80, 80)
      .contents(
        "A.xcassets/a.imageset",
        [
          slot("a.png", idiom: "iphone", scale: "2x"),
          slot("b.png", idiom: "ipad", scale: "2x"),
        ])
    #expect(tree.check().findings(.duplicate).isEmpty)
  }

  // MARK: configuration

  @Test func ignoredRulesAreDropped() throws {
    let tree = try Tree().png("a.png", 16, 16)
    let report = AssetChecker.check(
      roots: [tree.root], configuration: CheckConfiguration(ignoredRules: ["missing-scale"]))
    #expect(report.findings.isEmpty)
    #expect(report.assetCount == 1)
    #expect(report.fileCount == 1)
  }
}

@Suite("unreadable: cheap checks beyond the header")
struct HeaderOnlyTests {
  @Test func truncatedSmallFileIsFoundWithoutDecoding() throws {
    let whole = try Tree().png("a.png", 16, 16)
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: whole.path("a.png"))))
    let tree = Tree().bytes("cut.png", Array(bytes.dropLast(20))).bytes("tail.png", bytes + [1, 2, 3])
    let found = tree.check(require: [1]).findings(.unreadable)
    #expect(found.map(\.relativePath) == ["cut.png"])
    #expect(found.first?.message.hasPrefix("truncated") == true)
  }

  @Test func gitLFSPointer() throws {
    let tree = Tree().text(
      "icon.png", "version https://git-lfs.github.com/spec/v1\noid sha256:0123\nsize 2048\n")
    #expect(tree.check(require: [1]).findings(.unreadable).first?.message.contains("git lfs pull") == true)
  }
}
