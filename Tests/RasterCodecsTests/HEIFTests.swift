import ImageCore
import PNGCodec
import TestSupport
import Testing

@testable import RasterCodecs

@Suite("HEIC and AVIF decoding", .tags(.referenceTool))
struct HEIFTests {
  /// What heif-convert (libheif's own tool) makes of a fixture, read back as PNG.
  static func heifConvert(_ name: String) throws -> Bitmap {
    let output = try Support.temporaryFile([], suffix: ".png")
    defer { Support.remove(output) }
    _ = try ReferenceTool.output("heif-convert", [Support.fixtures + "/" + name, output])
    return try PNGDecoder.decode(Support.read(output))
  }

  private static func format(_ name: String) -> ImageFormat { name.hasSuffix(".avif") ? .avif : .heic }

  @Test(
    "matches heif-convert",
    arguments: ["photo.heic", "photo.avif", "alpha.heic", "alpha.avif", "rotated.heic"])
  func matchesHeifConvert(name: String) throws {
    let bytes = try Support.fixture(name)
    #expect(ImageFormat.sniff(bytes) == Self.format(name))
    let bitmap = try RasterDecoder.decode(bytes, format: Self.format(name))
    let reference = try Self.heifConvert(name)
    // The same libheif decode and YCbCr conversion: identical samples.
    #expect(Support.maxDifference(bitmap, reference) == 0)
    #expect(bitmap.isOpaque == !name.hasPrefix("alpha"))
  }

  @Test("irot and imir are applied", arguments: ["rotated.heic", "mirrored.heic", "rotated.avif"])
  func transformations(name: String) throws {
    let upright = try RasterDecoder.decode(
      Support.fixture(name.hasSuffix(".avif") ? "photo.avif" : "photo.heic"), format: Self.format(name))
    let turned = try RasterDecoder.decode(Support.fixture(name), format: Self.format(name))
    // Same coded image: the dark block in the stored top-left corner moves with the turn.
    let expected: (width: Int, height: Int, dark: (Int, Int))
    switch name {
    case "rotated.heic": expected = (16, 32, (2, 29))  // 90° anticlockwise: top-left to bottom-left
    case "rotated.avif": expected = (16, 32, (13, 2))  // 270° anticlockwise: top-left to top-right
    // imir axis 1 exchanges left and right (ISO/IEC 23008-12 as amended; libheif reads it so).
    default: expected = (32, 16, (29, 2))
    }
    #expect(turned.width == expected.width && turned.height == expected.height)
    #expect(turned[expected.dark.0, expected.dark.1].0 < 60, "\(turned[expected.dark.0, expected.dark.1])")
    #expect(upright[2, 2].0 < 60)
    #expect(upright[29, 13].0 > 150)
  }

  @Test("an ICC colr profile is converted to sRGB")
  func iccProfile() throws {
    let bitmap = try RasterDecoder.decode(Support.fixture("p3-patches.heic"), format: .heic)
    // heif-convert keeps the samples as coded (and tags the PNG): convert them here.
    let stored = try Self.heifConvert("p3-patches.heic")
    for patch in 0..<3 {
      let sample = stored[patch * 8 + 4, 4]
      let expected = ColorMath.p3ToSRGB(Int(sample.0), Int(sample.1), Int(sample.2))
      let got = bitmap[patch * 8 + 4, 4]
      let error = max(
        abs(Int(got.0) - expected.0), abs(Int(got.1) - expected.1), abs(Int(got.2) - expected.2))
      #expect(error <= 2, "patch \(patch): got \(got), expected \(expected)")
    }
    #expect(bitmap[4, 4].0 > stored[4, 4].0)
  }
}

@Suite("Hostile HEIC and AVIF input")
struct HostileHEIFTests {
  private func code(_ bytes: [UInt8], format: ImageFormat = .heic, limits: DecodingLimits = .default)
    -> ImageError.Code?
  {
    do {
      _ = try RasterDecoder.decode(bytes, format: format, limits: limits)
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
    "a file cut short is an error", arguments: ["photo.heic", "photo.avif", "alpha.heic"],
    [1, 2, 3, 4, 5, 6, 7])
  func truncated(name: String, eighths: Int) throws {
    let bytes = try Support.fixture(name)
    let length = bytes.count * eighths / 8
    let result = code(Array(bytes.prefix(length)), format: name.hasSuffix(".avif") ? .avif : .heic)
    #expect(
      result == .truncated || result == .corruptData,
      "\(name) cut at \(length): \(String(describing: result))")
  }

  @Test("garbage after the ftyp box is corrupt data")
  func garbage() throws {
    var generator = SplitMix(seed: 12)
    let header = Array(try Support.fixture("photo.heic").prefix(32))
    let bytes = header + (0..<2000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    let result = code(bytes)
    #expect(result == .corruptData || result == .truncated)
  }

  @Test("an empty input is an error")
  func empty() {
    #expect(code([]) == .corruptData)
  }

  @Test("an image over the limits is refused before decoding")
  func overLimits() throws {
    let small = DecodingLimits(maxWidth: 16, maxHeight: 16, maxPixels: 256, maxInputBytes: 1 << 20)
    #expect(code(try Support.fixture("photo.heic"), limits: small) == .limitExceeded)
    let pixels = DecodingLimits(maxWidth: 64, maxHeight: 64, maxPixels: 100, maxInputBytes: 1 << 20)
    #expect(code(try Support.fixture("photo.avif"), format: .avif, limits: pixels) == .limitExceeded)
  }

  @Test("a huge ispe is refused before decoding")
  func hugeIspe() throws {
    var bytes = try Support.fixture("photo.heic")
    // ispe: size, "ispe", version and flags, then width and height (32 bits each).
    let at = try #require((0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual("ispe".utf8) })
    for offset in [at + 8, at + 12] {
      bytes.replaceSubrange(offset..<offset + 4, with: [0x00, 0x00, 0xEA, 0x60])  // 60000
    }
    #expect(code(bytes) == .limitExceeded)
  }

  @Test("a zero ispe is an error or the coded size, never an empty image")
  func zeroIspe() throws {
    var bytes = try Support.fixture("photo.heic")
    let at = try #require((0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual("ispe".utf8) })
    bytes.replaceSubrange(at + 8..<at + 16, with: [UInt8](repeating: 0, count: 8))
    do {
      let bitmap = try RasterDecoder.decode(bytes, format: .heic)
      // libheif takes the size from the coded image when ispe says nothing.
      #expect(bitmap.width == 32 && bitmap.height == 16)
    } catch let error as ImageError {
      #expect(error.code == .corruptData)
    }
  }
}

@Suite("HEIF size mismatch")
struct HEIFSizeMismatchTests {
  @Test("an image larger than its ispe box says is refused, not returned")
  func ispeLies() throws {
    // ispe says 32 × 16; the AV1 stream codes 4096 × 4096. libheif 1.15 decodes the coded
    // size (the memory is spent: see the report); the decoder must not hand it back.
    do {
      let bitmap = try RasterDecoder.decode(Support.fixture("ispe-lies.avif"), format: .avif)
      #expect(bitmap.width <= 32 && bitmap.height <= 16, "\(bitmap.width)×\(bitmap.height)")
    } catch let error as ImageError {
      #expect(error.code == .corruptData && error.reason.contains("4096×4096"), "\(error)")
    }
  }
}
