import AssetReferences
import Foundation
import TestSupport
import Testing

/// Localized strings as uses: `.strings` in each encoding Xcode writes, `.stringsdict`,
/// string catalogs and binary property lists.
@Suite("Source references: localized strings")
struct StringsScanTests {
  /// The uses of a tree holding one file, as `name@line`, each checked to be lenient.
  static func uses(_ path: String, _ bytes: [UInt8]) -> (uses: [String], unreadable: [String]) {
    let tree = Tree().bytes(path, bytes)
    let references = withExtendedLifetime(tree) { SourceReferences.scan(root: tree.root) }
    #expect(references.uses.allSatisfy { !$0.isStrict && $0.kind == .literal })
    return (
      references.uses.map { "\($0.name)@\($0.line)" },
      references.unreadable.map { "\($0.path) (\($0.reason))" }
    )
  }

  static let table = """
    /* The banner of the welcome screen. */
    "welcome.banner" = "banner_summer";
    // A sentence is a value like any other; a format string is text to fill in, not a name.
    "greeting" = "Hello there";
    "count" = "%d items";
    welcome.icon = "icon@2x.png";

    """

  static func utf16(_ text: String, littleEndian: Bool, mark: Bool = true) -> [UInt8] {
    var bytes: [UInt8] = mark ? (littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]) : []
    for unit in text.utf16 {
      let pair = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
      bytes += littleEndian ? pair : pair.reversed()
    }
    return bytes
  }

  @Test(arguments: [
    ("UTF-8", Array(table.utf8)),
    ("UTF-8 with a byte-order mark", [0xEF, 0xBB, 0xBF] + Array(table.utf8)),
    ("UTF-16LE", utf16(table, littleEndian: true)),
    ("UTF-16BE", utf16(table, littleEndian: false)),
    ("UTF-16LE without a mark", utf16(table, littleEndian: true, mark: false)),
  ])
  func textTablesGiveTheirValues(_ encoding: String, _ bytes: [UInt8]) {
    let result = StringsScanTests.uses("App/en.lproj/Localizable.strings", bytes)
    // Values only, with their lines; keys, comments and format strings are not read.
    #expect(result.uses == ["banner_summer@2", "Hello there@4", "icon@6"], "\(encoding)")
    #expect(result.unreadable.isEmpty, "\(encoding)")
  }

  @Test func binaryTablesGiveTheirValues() throws {
    let data = try PropertyListSerialization.data(
      fromPropertyList: ["welcome.banner": "banner_binary", "count": "%d items"], format: .binary, options: 0)
    let result = StringsScanTests.uses("App/de.lproj/Localizable.strings", Array(data))
    #expect(result.uses == ["banner_binary@1"])
    #expect(result.unreadable.isEmpty)
  }

  @Test func binaryPropertyListsAreRead() throws {
    let data = try PropertyListSerialization.data(
      fromPropertyList: ["Icons": ["tab_home", "tab_search"], "Version": 3], format: .binary, options: 0)
    let result = StringsScanTests.uses("App/Tabs.plist", Array(data))
    #expect(result.uses == ["tab_home@1", "tab_search@1"])
  }

  @Test func stringsDictionariesGiveTheirValues() {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
        <key>badge</key>
        <dict>
          <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
          <key>n</key>
          <dict><key>one</key><string>badge_one</string><key>other</key><string>badge_many</string></dict>
        </dict>
      </dict></plist>

      """
    let result = StringsScanTests.uses("App/en.lproj/Localizable.stringsdict", Array(text.utf8))
    #expect(result.uses.contains("badge_one@7"))
    #expect(result.uses.contains("badge_many@7"))
    #expect(!result.uses.contains { $0.hasPrefix("NSStringLocalizedFormatKey") || $0.hasPrefix("badge@") })
  }

  @Test func stringCatalogsGiveEveryUnitValue() {
    let json = """
      {"sourceLanguage":"en","version":"1.0","strings":{
        "welcome.banner":{"localizations":{
          "en":{"stringUnit":{"state":"translated","value":"banner_en"}},
          "fr":{"stringUnit":{"state":"translated","value":"banner_fr"}}}},
        "files":{"localizations":{"en":{"variations":{"plural":{
          "one":{"stringUnit":{"state":"translated","value":"file_single"}},
          "other":{"stringUnit":{"state":"translated","value":"%lld files"}}}}}}}}}
      """
    let result = StringsScanTests.uses("App/Localizable.xcstrings", Array(json.utf8))
    #expect(result.uses.sorted() == ["banner_en@1", "banner_fr@1", "file_single@1"])
  }

  @Test(arguments: [
    ("App/en.lproj/Bad.strings", Array("bplist00".utf8) + [0, 1, 2], "bad-binary-plist"),
    ("App/en.lproj/Bad.strings", [0x22, 0xC3, 0x28, 0x22, 0x3D, 0x22, 0xFF, 0x22, 0x3B], "not-text"),
    ("App/Bad.xcstrings", Array("{\"strings\": {".utf8), "bad-json"),
    ("App/en.lproj/Bad.stringsdict", Array("bplist00".utf8), "bad-binary-plist"),
  ])
  func filesThatCannotBeReadAreListed(_ path: String, _ bytes: [UInt8], _ reason: String) {
    let result = StringsScanTests.uses(path, bytes)
    #expect(result.uses.isEmpty)
    #expect(result.unreadable == ["\(path) (\(reason))"])
  }
}
