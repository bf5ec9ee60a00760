import AssetReferences
import TestSupport
import Testing

/// Element texts of resource XML are trimmed on bytes, with the answers of `Character`s:
/// a `\r\n` pair and a space carrying a combining mark are one character, not a space.
@Suite("Source references: XML texts trimmed by characters")
struct XMLTextTrimmingTests {
  static func scan(_ text: String) -> AndroidReferences {
    AndroidScanTests.scan([("app/src/main/res/values/strings.xml", text)])
  }

  @Test func spacesTabsAndLineFeedsAreTrimmedAndCountedAsLines() {
    let references = XMLTextTrimmingTests.scan(
      "<resources>\n<item name=\"a\" type=\"drawable\">\n\n \t @drawable/logo \t\n</item>\n"
        + "<string name=\"b\">\tflag_de  </string>\n</resources>")
    #expect(AndroidScanTests.uses(references) == ["xml:drawable/logo@4"])
    #expect(references.strings.contains("flag_de"))
  }

  @Test func aSpaceWithACombiningMarkAndACarriageReturnLineFeedAreKept() {
    let references = XMLTextTrimmingTests.scan(
      "<resources>\n<string name=\"a\"> \u{301}flag_fr </string>\n<string name=\"b\">flag_es\r\n</string>\n"
        + "<string name=\"c\"> \r\n flag_it</string>\n</resources>")
    #expect(references.strings.contains(" \u{301}flag_fr"))
    #expect(references.strings.contains("flag_es\r\n"))
    #expect(references.strings.contains("\r\n flag_it"))
    #expect(!references.strings.contains("flag_fr") && !references.strings.contains("flag_es"))
  }
}
