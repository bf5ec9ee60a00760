import AssetCheck
import Foundation
import TestSupport
import Testing

/// How the check words what the codec's inspection found in a `.png` file: a damaged PNG
/// by its damage, other formats by the sniffer's name for them.
@Suite("unreadable: what the inspection of a .png file says")
struct InspectedFileTests {
  static func unreadable(_ bytes: [UInt8], deep: Bool = false) throws -> String? {
    let tree = Tree().bytes("icon.png", bytes)
    return tree.check(require: [1], deep: deep).findings(.unreadable).first?.message
  }

  static let advice =
    "; Xcode's PNG copy step and most tools reject it, so convert it to PNG (or give it its real extension)"

  @Test func damagedHeaderIsNamedByItsDamage() throws {
    let good = try Tree().png("a.png", 8, 8)
    var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: good.path("a.png"))))
    // A byte of IHDR's width: its CRC no longer matches.
    bytes[18] ^= 0x01
    for deep in [false, true] {
      let message = try #require(try Self.unreadable(bytes, deep: deep))
      #expect(message.hasPrefix("IHDR CRC mismatch"), "\(message)")
    }
  }

  @Test(
    arguments: [
      ([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF\u{0}".utf8), "JPEG"),
      (Array("RIFF\u{24}\u{0}\u{0}\u{0}WEBPVP8L".utf8), "WebP"),
      (Array("GIF89a".utf8) + [1, 0, 1, 0], "GIF"),
      (Array("\r\n%PDF-1.4\n".utf8), "PDF"),
      (Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), "SVG"),
      (Array("<?xml version=\"1.0\"?>\n<vector android:width=\"24dp\"/>".utf8), "XML"),
      ([0, 0, 1, 0, 1, 0, 16, 16], "ICO"),
      ([0, 0, 0, 24] + Array("ftypheic\u{0}\u{0}\u{0}\u{0}mif1heic".utf8), "HEIC"),
    ] as [([UInt8], String)])
  func otherFormat(bytes: [UInt8], kind: String) throws {
    #expect(try Self.unreadable(bytes) == "not a PNG: the file holds \(kind) data" + Self.advice)
  }

  @Test func bytesOfNoFormatKeepTheCodecsReason() throws {
    #expect(try Self.unreadable(Array("hello, world".utf8)) == "not a PNG (bad signature)")
  }
}
