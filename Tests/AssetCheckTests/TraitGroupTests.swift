import AssetCheck
import TestSupport
import Testing

/// Slots that differ by appearance, size class or gamut are separate images, each checked
/// against its own scales (structures from duckduckgo-iOS's LogoText and AlertButton sets).
@Suite("Scale and size rules run within each trait group")
struct TraitGroupTests {
  static let dark = #""appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ], "#

  @Test func aDarkImageIsCheckedAgainstTheDarkScalesOnly() throws {
    let set = "A.xcassets/logo.imageset"
    let tree = try Tree()
      .png(set + "/l2.png", 20, 20).png(set + "/l3.png", 30, 30)
      .png(set + "/d2.png", 20, 20).png(set + "/d3.png", 45, 45)
      .text(
        set + "/Contents.json",
        """
        { "images" : [
          { "filename" : "l2.png", "idiom" : "universal", "scale" : "2x" },
          { "filename" : "l3.png", "idiom" : "universal", "scale" : "3x" },
          { \(TraitGroupTests.dark)"filename" : "d2.png", "idiom" : "universal", "scale" : "2x" },
          { \(TraitGroupTests.dark)"filename" : "d3.png", "idiom" : "universal", "scale" : "3x" }
        ] }
        """)
    let report = tree.check(require: [2, 3])
    let sizes = report.findings(.sizeMismatch)
    #expect(sizes.map(\.relativePath) == [set + "/d2.png"])
    #expect(sizes.first?.message.contains("(dark)") == true)
    #expect(sizes.first?.message.contains("expected 30×30 px") == true)
    #expect(report.findings(.catalogInvalid).isEmpty)
  }

  @Test func anEmptyDarkSlotIsMissingItsScaleWithTheTraitNamed() throws {
    let set = "A.xcassets/tint.imageset"
    let tree = try Tree()
      .png(set + "/light.png", 10, 10).png(set + "/dark.png", 10, 10)
      .text(
        set + "/Contents.json",
        """
        { "images" : [
          { "filename" : "light.png", "idiom" : "universal", "scale" : "1x" },
          { \(TraitGroupTests.dark)"filename" : "dark.png", "idiom" : "universal", "scale" : "1x" },
          { "idiom" : "universal", "scale" : "2x" },
          { \(TraitGroupTests.dark)"idiom" : "universal", "scale" : "2x" }
        ] }
        """)
    let messages = tree.check(require: [2]).findings(.missingScale).map(\.message)
    #expect(messages.count == 2)
    #expect(messages.contains { $0.contains("the universal 2x slot is empty") })
    #expect(messages.contains { $0.contains("the universal dark 2x slot is empty") })
  }

  @Test func sizeClassSlotsAreNotRepeatsAndSingleScaleSetsNeedNoScales() throws {
    let set = "A.xcassets/banner.imageset"
    let tree = try Tree()
      .png(set + "/regular.png", 100, 40).png(set + "/compact.png", 60, 20)
      .text(
        set + "/Contents.json",
        """
        { "images" : [
          { "filename" : "regular.png", "idiom" : "universal" },
          { "filename" : "compact.png", "idiom" : "universal", "height-class" : "compact" }
        ] }
        """)
    let report = tree.check(require: [2, 3])
    #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
  }
}
