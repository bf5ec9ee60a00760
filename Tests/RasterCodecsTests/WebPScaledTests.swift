import Foundation
import ImageCore
import TestSupport
import Testing

@testable import RasterCodecs

@Suite("WebP decoding at the drawn size", .tags(.referenceTool))
struct WebPScaledTests {
  /// What `dwebp -resize` (libwebp's own tool, the same rescaler) makes of a fixture.
  private func dwebp(_ name: String, width: Int, height: Int) throws -> Bitmap {
    try Support.parseNetpbm(
      ReferenceTool.output(
        "dwebp",
        ["-quiet", "-pam", "-resize", "\(width)", "\(height)", Support.fixtures + "/" + name, "-o", "-"]))
  }

  @Test("a lossy photo drawn within 300 px decodes at 300 × 225, as dwebp -resize does")
  func lossyMatchesDwebp() throws {
    let bitmap = try WebPDecoder.decode(Support.fixture("large-detail.webp"), drawnWithin: 300)
    #expect(bitmap.width == 300 && bitmap.height == 225)
    #expect(Support.maxDifference(bitmap, try dwebp("large-detail.webp", width: 300, height: 225)) == 0)
  }

  @Test("the reduced decode is within 40 dB PSNR and 16 levels of the full decode averaged 8 × 8")
  func closeToFullDecode() throws {
    let bytes = try Support.fixture("large-detail.webp")
    let full = try WebPDecoder.decode(bytes)
    let reduced = try WebPDecoder.decode(bytes, drawnWithin: 300)
    #expect(full.width == 2400 && full.height == 1800)
    // Full decode, then resampled by exact area coverage (8:1 on both axes: block means).
    var squaredError = 0.0
    var maxError = 0
    for y in 0..<225 {
      for x in 0..<300 {
        for channel in 0..<3 {
          var sum = 0
          for dy in 0..<8 {
            for dx in 0..<8 { sum += Int(full.pixels[((y * 8 + dy) * 2400 + x * 8 + dx) * 4 + channel]) }
          }
          let difference = Int(reduced.pixels[(y * 300 + x) * 4 + channel]) - (sum + 32) / 64
          squaredError += Double(difference * difference)
          maxError = max(maxError, abs(difference))
        }
      }
    }
    let psnr = 10 * log10(255 * 255 / (squaredError / Double(300 * 225 * 3)))
    #expect(psnr >= 40, "PSNR \(psnr) dB, largest error \(maxError)")
    #expect(maxError <= 16)
  }

  @Test("a 5,000 × 5,000 WebP drawn within 256 px is decoded at 256 × 256, never at full size")
  func largeFileStaysSmall() throws {
    let bytes = try Support.fixture("large-quadrants.webp")
    // A simple lossy file: the VP8 key frame's 14-bit width and height follow its start code.
    #expect(Array(bytes[12..<16]) == Array("VP8 ".utf8) && Array(bytes[23..<26]) == [0x9D, 0x01, 0x2A])
    #expect(Int(bytes[26]) | Int(bytes[27] & 0x3F) << 8 == 5_000)
    #expect(Int(bytes[28]) | Int(bytes[29] & 0x3F) << 8 == 5_000)
    let bitmap = try WebPDecoder.decode(bytes, drawnWithin: 256)
    // The bitmap is the only output buffer libwebp writes (a lossy file is rescaled row by
    // row), so its size is the decode's: 256 KB of RGBA where the full image is 100 MB.
    #expect(bitmap.width == 256 && bitmap.height == 256)
    #expect(bitmap.pixels.count == 256 * 256 * 4)
    #expect(Support.maxDifference(bitmap, try dwebp("large-quadrants.webp", width: 256, height: 256)) == 0)
    let quadrants: [((Int, Int), (Int, Int, Int))] = [
      ((64, 64), (200, 100, 50)), ((192, 64), (50, 160, 220)), ((64, 192), (240, 230, 40)),
      ((192, 192), (128, 128, 128)),
    ]
    for ((x, y), colour) in quadrants {
      let got = bitmap[x, y]
      let error = max(abs(Int(got.0) - colour.0), abs(Int(got.1) - colour.1), abs(Int(got.2) - colour.2))
      #expect(error <= 6, "pixel \(x),\(y): \(got)")
    }
  }

  @Test("a lossless file with alpha is rescaled in premultiplied alpha, as dwebp -resize does")
  func losslessWithAlpha() throws {
    let bitmap = try WebPDecoder.decode(Support.fixture("lossless.webp"), drawnWithin: 8)
    #expect(bitmap.width == 8 && bitmap.height == 7)
    #expect(Support.maxDifference(bitmap, try dwebp("lossless.webp", width: 8, height: 7)) == 0)
    #expect(!bitmap.isOpaque)
  }

  @Test(
    "a lossy file with alpha and an animation keep their own size",
    arguments: ["lossy.webp", "animated.webp"])
  func keptWhole(name: String) throws {
    let bytes = try Support.fixture(name)
    #expect(try WebPDecoder.decode(bytes, drawnWithin: 8) == WebPDecoder.decode(bytes))
  }

  @Test("a box over half the image's long side decodes it whole")
  func smallReduction() throws {
    let bytes = try Support.fixture("lossless.webp")
    #expect(try WebPDecoder.decode(bytes, drawnWithin: 13) == WebPDecoder.decode(bytes))
  }

  @Test("the decoded size keeps the aspect, the short side at least 1 pixel")
  func decodedSize() {
    let size = { (width: Int, height: Int, box: Int) in
      WebPDecoder.decodedSize(
        width: width, height: height, box: box, isLossless: false, hasAlpha: false, isAnimated: false)
    }
    #expect(size(5_000, 5_000, 256) == (256, 256))
    #expect(size(4_000, 3_000, 100) == (100, 75))
    #expect(size(3_000, 4_000, 100) == (75, 100))
    #expect(size(10_000, 3, 100) == (100, 1))
    #expect(size(199, 100, 100) == (199, 100))
    #expect(size(200, 100, 100) == (100, 50))
    #expect(
      WebPDecoder.decodedSize(
        width: 800, height: 800, box: 100, isLossless: false, hasAlpha: true, isAnimated: false)
        == (800, 800))
    #expect(
      WebPDecoder.decodedSize(
        width: 800, height: 800, box: 100, isLossless: true, hasAlpha: true, isAnimated: false)
        == (100, 100))
    #expect(
      WebPDecoder.decodedSize(
        width: 800, height: 800, box: nil, isLossless: true, hasAlpha: false, isAnimated: false)
        == (800, 800))
  }
}
