import ImageCore
import PNGCodec
import TestSupport
import Testing

/// `icongrid sheet` with rasters far larger than they are drawn: a file its decoder reduces
/// is drawn, one that cannot be reduced is refused by the decoding limit, by name.
@Suite("icongrid sheet: large rasters", .tags(.referenceTool))
struct SheetLargeRasterTests {
  /// CRC-32 (PNG's polynomial) of `bytes`.
  static func crc(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return ~crc
  }

  /// A PNG header stating `side` × `side` RGBA pixels, with no pixel data: refused before
  /// any is read.
  static func hugePNG(side: Int) -> [UInt8] {
    func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    let body = Array("IHDR".utf8) + be32(side) + be32(side) + [8, 6, 0, 0, 0]
    let iend = Array("IEND".utf8)
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + body + be32(Int(crc(body))) + be32(0)
      + iend + be32(Int(crc(iend)))
  }

  /// A catalog image set holding `file` at 2x.
  static func imageSet(_ tree: Tree, _ name: String, file: String) {
    tree.contents("Assets.xcassets/\(name).imageset", [slot(file, scale: "2x")])
  }

  @Test(
    "an 8,000 × 8,000 WebP is drawn (decoded at its drawn size); a 9,000 × 9,000 PNG is refused naming the limit"
  )
  func largeWebPDrawnHugePNGRefused() throws {
    let tree = Tree("sheet-large-raster")
    let header = Array("P6\n64 64\n255\n".utf8)
    tree.bytes(
      "in.ppm",
      header + [UInt8](repeating: 0, count: 64 * 64 * 3).enumerated().map { $0.offset % 3 == 2 ? 200 : 30 })
    Self.imageSet(tree, "photo", file: "photo.webp")
    let made = try ReferenceTool.run(
      "cwebp",
      [
        "-quiet", "-q", "10", "-m", "0", "-resize", "8000", "8000", "in.ppm", "-o",
        "Assets.xcassets/photo.imageset/photo.webp",
      ],
      in: tree.root)
    #expect(made.status == 0, "\(made.err)")
    tree.bytes("Assets.xcassets/huge.imageset/huge.png", Self.hugePNG(side: 9_000))
    Self.imageSet(tree, "huge", file: "huge.png")
    tree.delete(tree.path("in.ppm"))
    let output = tree.path("sheet.png")
    let run = icongrid(["sheet", tree.path("Assets.xcassets"), "-o", output, "--no-labels", "--columns", "2"])
    #expect(run.status == 0, "\(run.err)")
    #expect(!run.err.contains("'photo'"), "\(run.err)")
    #expect(run.err.contains("icon 'huge' cannot be read"), "\(run.err)")
    #expect(run.err.contains("9000×9000 exceeds the 32-megapixel limit"), "\(run.err)")
    // The photo's tile is its colour (blue), not a placeholder.
    let sheet = try PNGDecoder.decode(contentsOf: output)
    var blue = 0
    for y in 0..<sheet.height {
      for x in 0..<sheet.width {
        let pixel = sheet[x, y]
        if pixel.2 > 170, pixel.0 < 60, pixel.1 < 60 { blue += 1 }
      }
    }
    #expect(blue > 60 * 60 * 2, "\(blue) blue pixels")
  }
}
