import ImageCore
import PNGCodec
import TestSupport
import Testing

/// The examples of `Sources/PNGCodec/PNGCodec.docc/GettingStarted.md`, run as written (with
/// paths made absolute and sizes made small), so the article cannot drift from the API.
@Suite("PNGCodec's getting-started article")
struct DocExampleTests {
  static let mail = TestPaths.inPackage("Assets/Demo/mail@2x.png")

  @Test func probeThenDecode() throws {
    let header = try PNGHeader.probe(contentsOf: Self.mail)
    let limits = DecodingLimits(
      maxWidth: 4_096, maxHeight: 4_096, maxPixels: 16 << 20, maxInputBytes: 16 << 20)
    let icon = try PNGDecoder.decode(contentsOf: Self.mail, limits: limits)
    #expect(icon.width == header.width && icon.height == header.height)
    #expect(!header.isCgBI)
    #expect(icon[0, 0] == (icon.pixels[0], icon.pixels[1], icon.pixels[2], icon.pixels[3]))
  }

  @Test("the limit message the article quotes")
  func limitMessage() {
    let limits = DecodingLimits(
      maxWidth: 4_096, maxHeight: 4_096, maxPixels: 16 << 20, maxInputBytes: 16 << 20)
    #expect {
      try limits.check(width: 60_000, height: 60_000)
    } throws: { error in
      (error as? ImageError)?.message
        == "60000×60000: its width 60000 exceeds the limit of 4096 pixels a side"
    }
  }

  @Test func writeThenStream() throws {
    let folder = TemporaryFolder.make("pngcodec-doc")
    defer { TemporaryFolder.remove(folder) }
    var icon = Bitmap(width: 2, height: 1, filling: (255, 0, 0, 255))
    icon[1, 0] = (0, 0, 255, 128)
    try PNGEncoder.write(icon, to: folder + "/icon@2x.png", options: PNGEncodingOptions(scale: 2))
    #expect(try PNGDecoder.decode(contentsOf: folder + "/icon@2x.png") == icon)

    let strips = (0..<3).map { Bitmap(width: 8, height: 2, filling: (UInt8($0 * 80), 0, 0, 255)) }
    var writer = try PNGStreamWriter(path: folder + "/sheet.png", width: 8, height: 6)
    for strip in strips { try writer.append(strip) }
    try writer.finish()
    let sheet = try PNGDecoder.decode(contentsOf: folder + "/sheet.png")
    #expect(sheet.height == 6 && sheet[0, 5] == (160, 0, 0, 255))
  }
}
