import Foundation
import ImageCore
import TestSupport
import Testing

@testable import RasterCodecs

@Suite("JPEG decoding", .tags(.referenceTool))
struct JPEGTests {
  /// What djpeg (libjpeg-turbo's own tool) makes of a fixture.
  private func djpeg(_ name: String) throws -> Bitmap {
    try Support.parseNetpbm(ReferenceTool.output("djpeg", ["-pnm", Support.fixtures + "/" + name]))
  }

  @Test("matches djpeg exactly", arguments: ["photo.jpg", "progressive.jpg", "upright.jpg", "gray.jpg"])
  func matchesDjpeg(name: String) throws {
    let bitmap = try RasterDecoder.decode(Support.fixture(name), format: .jpeg)
    let reference = try djpeg(name)
    #expect(bitmap.width == 32 && bitmap.height == 16)
    // Same library, same IDCT and upsampling: the samples are identical.
    #expect(Support.maxDifference(bitmap, reference) == 0)
    #expect(bitmap.isOpaque)
  }

  @Test("a grayscale JPEG is expanded to equal R, G and B")
  func grayscaleIsExpanded() throws {
    let bitmap = try RasterDecoder.decode(Support.fixture("gray.jpg"), format: .jpeg)
    for pixel in stride(from: 0, to: bitmap.pixels.count, by: 4) {
      #expect(
        bitmap.pixels[pixel] == bitmap.pixels[pixel + 1] && bitmap.pixels[pixel] == bitmap.pixels[pixel + 2])
    }
  }

  @Test("EXIF orientation is applied as jpegtran turns the same file", arguments: 2...8)
  func orientation(value: Int) throws {
    let bitmap = try RasterDecoder.decode(Support.fixture("orientation-\(value).jpg"), format: .jpeg)
    let reference = try djpeg("turned-\(value).jpg")
    #expect(bitmap.width == reference.width && bitmap.height == reference.height)
    #expect(bitmap.width == (value >= 5 ? 16 : 32))
    // jpegtran turns the DCT blocks; the integer IDCT's two passes round differently, so
    // a turned block decodes within a level or two of the turned pixels.
    let difference = try #require(Support.maxDifference(bitmap, reference))
    #expect(difference <= 3, "orientation \(value): differs by \(difference)")
  }

  @Test("orientation 1 leaves the image as stored")
  func orientationUp() throws {
    let bitmap = try RasterDecoder.decode(Support.fixture("orientation-1.jpg"), format: .jpeg)
    #expect(Support.maxDifference(bitmap, try djpeg("upright.jpg")) == 0)
  }

  @Test("a Display P3 profile is converted to sRGB")
  func displayP3() throws {
    let bitmap = try RasterDecoder.decode(Support.fixture("p3-patches.jpg"), format: .jpeg)
    let untagged = try RasterDecoder.decode(Support.fixture("srgb-patches.jpg"), format: .jpeg)
    // The same samples, tagged P3, must come out as the sRGB the P3 colour really is,
    // computed here from the primaries, independently of lcms2.
    for (patch, p3) in [(0, (200, 100, 50)), (1, (50, 160, 220)), (2, (128, 128, 128))] {
      let x = patch * 8 + 4
      let y = 4
      let stored = untagged[x, y]
      let expected = ColorMath.p3ToSRGB(Int(stored.0), Int(stored.1), Int(stored.2))
      let got = bitmap[x, y]
      let error = max(
        abs(Int(got.0) - expected.0), abs(Int(got.1) - expected.1), abs(Int(got.2) - expected.2))
      #expect(error <= 2, "P3 \(p3): got \(got), expected \(expected)")
      #expect(got.3 == 255)
    }
    // P3's orange is more saturated than sRGB can say with the same numbers: red rises.
    #expect(bitmap[4, 4].0 > untagged[4, 4].0)
  }

  @Test(
    "Adobe CMYK is converted to RGB",
    arguments: [(0, (200, 100, 50)), (1, (50, 160, 220)), (3, (240, 230, 40))])
  func adobeCMYK(patch: Int, rgb: (Int, Int, Int)) throws {
    let bitmap = try RasterDecoder.decode(Support.fixture("cmyk-adobe.jpg"), format: .jpeg)
    #expect(bitmap.width == 32 && bitmap.height == 8)
    let got = bitmap[patch * 8 + 4, 4]
    // Pillow wrote the CMYK as 255 − RGB with no black; JPEG loss on flat patches is small.
    let error = max(abs(Int(got.0) - rgb.0), abs(Int(got.1) - rgb.1), abs(Int(got.2) - rgb.2))
    #expect(error <= 4, "got \(got), expected \(rgb)")
  }

  @Test("EXIF parsing ignores blocks that are not EXIF or are cut short")
  func exifParsing() {
    #expect(Orientation.fromEXIF(Array("Exif".utf8)) == nil)
    #expect(Orientation.fromEXIF(Array("Exif\0\0MM\0\u{2A}\0\0\0\u{08}\0\u{01}".utf8)) == nil)
    #expect(Orientation.fromEXIF(Array("JFIF\0\0MM\0\u{2A}".utf8)) == nil)
  }
}

/// Display P3 to sRGB from the colour spaces' definitions (IEC 61966-2-1 and SMPTE EG 432-1:
/// both D65 with the sRGB transfer curve), for checking the ICC conversion.
enum ColorMath {
  static func linear(_ value: Int) -> Double {
    let v = Double(value) / 255
    return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
  }

  static func encode(_ linear: Double) -> Int {
    let v = min(max(linear, 0), 1)
    let e = v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
    return Int((e * 255).rounded())
  }

  /// The RGB → XYZ matrix of the primaries, white D65.
  static func matrix(_ primaries: [(Double, Double)]) -> [[Double]] {
    let white = (0.3127, 0.3290)
    let columns = primaries.map { xy in [xy.0 / xy.1, 1, (1 - xy.0 - xy.1) / xy.1] }
    let w = [white.0 / white.1, 1, (1 - white.0 - white.1) / white.1]
    let m = (0..<3).map { row in (0..<3).map { column in columns[column][row] } }
    let s = solve(m, w)
    return (0..<3).map { row in (0..<3).map { column in m[row][column] * s[column] } }
  }

  static func solve(_ m: [[Double]], _ b: [Double]) -> [Double] {
    let inverse = invert(m)
    return (0..<3).map { row in (0..<3).reduce(0) { $0 + inverse[row][$1] * b[$1] } }
  }

  static func invert(_ m: [[Double]]) -> [[Double]] {
    let a = m[0][0]
    let b = m[0][1]
    let c = m[0][2]
    let d = m[1][0]
    let e = m[1][1]
    let f = m[1][2]
    let g = m[2][0]
    let h = m[2][1]
    let i = m[2][2]
    let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return [
      [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
      [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
      [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
    ]
  }

  static func p3ToSRGB(_ r: Int, _ g: Int, _ b: Int) -> (Int, Int, Int) {
    let p3 = matrix([(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)])
    let srgb = invert(matrix([(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)]))
    let rgb = [linear(r), linear(g), linear(b)]
    let xyz = (0..<3).map { row in (0..<3).reduce(0) { $0 + p3[row][$1] * rgb[$1] } }
    let out = (0..<3).map { row in (0..<3).reduce(0) { $0 + srgb[row][$1] * xyz[$1] } }
    return (encode(out[0]), encode(out[1]), encode(out[2]))
  }
}

@Suite("JPEG decoding at the drawn size", .tags(.referenceTool))
struct JPEGScaledTests {
  @Test("a box a quarter of the image decodes at ¼, as djpeg -scale 1/4 does")
  func quarter() throws {
    let bitmap = try JPEGDecoder.decode(Support.fixture("photo.jpg"), drawnWithin: 8)
    let reference = try Support.parseNetpbm(
      ReferenceTool.output("djpeg", ["-pnm", "-scale", "1/4", Support.fixtures + "/photo.jpg"]))
    #expect(bitmap.width == 8 && bitmap.height == 4)
    #expect(Support.maxDifference(bitmap, reference) == 0)
  }

  @Test("a box over half the image's long side decodes it whole, as without a box")
  func whole() throws {
    let bytes = try Support.fixture("photo.jpg")
    #expect(try JPEGDecoder.decode(bytes, drawnWithin: 17) == JPEGDecoder.decode(bytes))
  }

  @Test("the reduction keeps the long side at or above the box", arguments: [1, 7, 8, 9, 16, 100])
  func reduction(box: Int) {
    let denominator = JPEGDecoder.reductionDenominator(longSide: 5_000, box: box * 50)
    #expect((5_000 + denominator - 1) / denominator >= box * 50)
    #expect(denominator == 8 || (5_000 + denominator * 2 - 1) / (denominator * 2) < box * 50)
  }

  @Test("the orientation is applied to the reduced image")
  func oriented() throws {
    let bitmap = try JPEGDecoder.decode(Support.fixture("orientation-6.jpg"), drawnWithin: 8)
    #expect(bitmap.width == 4 && bitmap.height == 8)
  }
}
