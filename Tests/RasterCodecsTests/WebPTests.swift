import ImageCore
import TestSupport
import Testing

@testable import RasterCodecs

@Suite("WebP decoding", .tags(.referenceTool))
struct WebPTests {
  /// What dwebp (libwebp's own tool) makes of a fixture, as PAM (RGBA).
  private func dwebp(_ name: String) throws -> Bitmap {
    try Support.parseNetpbm(
      ReferenceTool.output("dwebp", ["-quiet", "-pam", Support.fixtures + "/" + name, "-o", "-"]))
  }

  @Test("lossless and lossy files match dwebp exactly", arguments: ["lossless.webp", "lossy.webp"])
  func matchesDwebp(name: String) throws {
    let bitmap = try RasterDecoder.decode(Support.fixture(name), format: .webp)
    #expect(bitmap.width == 24 && bitmap.height == 20)
    #expect(Support.maxDifference(bitmap, try dwebp(name)) == 0)
    #expect(!bitmap.isOpaque)
  }

  @Test("a lossless file keeps the exact samples, alpha straight")
  func losslessSamples() throws {
    let bitmap = try RasterDecoder.decode(Support.fixture("lossless.webp"), format: .webp)
    for (x, y) in [(0, 0), (5, 7), (13, 3), (23, 19)] {
      let expected = (UInt8(x * 10), UInt8(y * 12), UInt8(128), UInt8(x < 12 ? 255 : 40 + y * 10))
      #expect(bitmap[x, y] == expected, "pixel \(x),\(y)")
    }
  }

  @Test("an animated file yields its first frame on the canvas")
  func animatedFirstFrame() throws {
    let bitmap = try RasterDecoder.decode(Support.fixture("animated.webp"), format: .webp)
    #expect(bitmap.width == 24 && bitmap.height == 20)
    // Frame one is opaque red, frame two translucent blue.
    #expect(bitmap.pixels.count == 24 * 20 * 4)
    for index in stride(from: 0, to: bitmap.pixels.count, by: 4) {
      #expect(Array(bitmap.pixels[index..<index + 4]) == [220, 40, 40, 255])
    }
  }

  @Test("an ICCP chunk is converted to sRGB")
  func iccProfile() throws {
    let bitmap = try RasterDecoder.decode(Support.fixture("p3-patches.webp"), format: .webp)
    let untagged = try RasterDecoder.decode(Support.fixture("srgb-patches.webp"), format: .webp)
    for patch in 0..<3 {
      let stored = untagged[patch * 8 + 4, 4]
      let expected = ColorMath.p3ToSRGB(Int(stored.0), Int(stored.1), Int(stored.2))
      let got = bitmap[patch * 8 + 4, 4]
      let error = max(
        abs(Int(got.0) - expected.0), abs(Int(got.1) - expected.1), abs(Int(got.2) - expected.2))
      #expect(error <= 2, "patch \(patch): got \(got), expected \(expected)")
    }
    #expect(untagged[4, 4] == (200, 100, 50, 255))
  }
}

@Suite("Hostile WebP input")
struct HostileWebPTests {
  private func code(_ bytes: [UInt8], limits: DecodingLimits = .default) -> ImageError.Code? {
    do {
      _ = try RasterDecoder.decode(bytes, format: .webp, limits: limits)
      return nil
    } catch let error as ImageError {
      #expect(!error.reason.isEmpty)
      return error.code
    } catch {
      Issue.record("not a ImageError: \(error)")
      return nil
    }
  }

  @Test(
    "a file cut short is truncated",
    arguments: ["lossless.webp", "lossy.webp", "animated.webp", "p3-patches.webp"], [13, 30, 60])
  func truncated(name: String, length: Int) throws {
    let bytes = try Support.fixture(name)
    #expect(code(Array(bytes.prefix(length))) == .truncated)
  }

  @Test("a file cut short whose RIFF size was made to match is corrupt", arguments: [20, 40, 60])
  func cutAndRelabelled(length: Int) throws {
    var bytes = Array(try Support.fixture("lossy.webp").prefix(length))
    let size = bytes.count - 8
    bytes[4] = UInt8(size & 0xFF)
    bytes[5] = UInt8(size >> 8)
    bytes[6] = 0
    bytes[7] = 0
    #expect(code(bytes) == .corruptData)
  }

  @Test("garbage after the RIFF WEBP header is corrupt data")
  func garbage() {
    var generator = SplitMix(seed: 11)
    let body = (0..<2000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    let size = body.count + 4
    let bytes: [UInt8] =
      Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8), 0, 0] + Array("WEBP".utf8) + body
    #expect(code(bytes) == .corruptData)
  }

  @Test("an empty input is an error")
  func empty() {
    #expect(code([]) == .corruptData)
  }

  @Test("a canvas over the limits is refused before decoding")
  func overLimits() throws {
    // VP8X holds canvas width − 1 and height − 1 as 24-bit little-endian numbers.
    var bytes = try Support.fixture("p3-patches.webp")
    #expect(Array(bytes[12..<16]) == Array("VP8X".utf8))
    for offset in [24, 27] {
      bytes[offset] = 0xFF
      bytes[offset + 1] = 0xFF
      bytes[offset + 2] = 0x00
    }
    #expect(code(bytes) == .limitExceeded)
    let small = DecodingLimits(maxWidth: 16, maxHeight: 16, maxPixels: 256, maxInputBytes: 1 << 20)
    #expect(code(try Support.fixture("lossless.webp"), limits: small) == .limitExceeded)
  }

  @Test("a canvas that disagrees with its image is refused")
  func canvasMismatch() throws {
    var bytes = try Support.fixture("p3-patches.webp")
    // A canvas of 1 × 1 is the smallest VP8X can say; claim it against a 32 × 8 image.
    for offset in 24..<30 { bytes[offset] = 0 }
    #expect(code(bytes) == .corruptData)
  }
}
