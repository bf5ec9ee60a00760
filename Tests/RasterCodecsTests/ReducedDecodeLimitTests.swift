import ImageCore
import TestSupport
import Testing

@testable import RasterCodecs

/// The limits weigh what a decode holds: a large file drawn small passes when its decoder
/// reduces it as it goes, and is refused when the decoder holds it whole anyway.
@Suite("Decoding limits on the reduced size", .tags(.referenceTool))
struct ReducedDecodeLimitTests {
  /// A 1,000 × 1,000 pixel budget: a 1,000 × 1,000 file is at it, anything larger beyond.
  static let limits = DecodingLimits(
    maxWidth: 16_384, maxHeight: 16_384, maxPixels: 1_000_000, maxInputBytes: 1 << 26)

  /// A file `tool` makes from a small flat PPM (`arguments` name `in.ppm` and `out`).
  static func made(_ tool: String, _ arguments: [String], side: Int = 64) throws -> [UInt8] {
    let folder = TemporaryFolder.make("reduced-limit")
    defer { TemporaryFolder.remove(folder) }
    let header = Array("P6\n\(side) \(side)\n255\n".utf8)
    TestFiles.write(header + [UInt8](repeating: 150, count: side * side * 3), to: folder + "/in.ppm")
    let run = try ReferenceTool.run(tool, arguments, in: folder)
    #expect(run.status == 0, "\(tool) \(arguments): \(run.err)")
    return try Support.read(folder + "/out")
  }

  @Test("an 8,000 × 8,000 lossy WebP drawn within 240 px decodes under the default 32-megapixel limit")
  func largeLossyWebP() throws {
    let bytes = try Self.made(
      "cwebp", ["-quiet", "-q", "10", "-m", "0", "-resize", "8000", "8000", "in.ppm", "-o", "out"])
    let header = try #require(RasterHeader.read(bytes, format: .webp))
    #expect(header.width == 8_000 && header.height == 8_000 && header.reducesMemory)
    #expect(header.heldPixels(drawnWithin: 240) == 240 * 240)
    let bitmap = try WebPDecoder.decode(bytes, drawnWithin: 240)
    #expect(bitmap.width == 240 && bitmap.height == 240)
    // At its own size it is twice the limit.
    let error = #expect(throws: ImageError.self) { try WebPDecoder.decode(bytes) }
    #expect(error?.code == .limitExceeded)
    #expect(error?.reason.contains("32-megapixel limit") == true)
  }

  @Test("a lossless WebP is held whole however small it is drawn, so the limit counts its own size")
  func losslessHeldWhole() throws {
    let bytes = try Self.made(
      "cwebp", ["-quiet", "-lossless", "-resize", "2000", "2000", "in.ppm", "-o", "out"])
    let header = try #require(RasterHeader.read(bytes, format: .webp))
    #expect(!header.reducesMemory && header.heldPixels(drawnWithin: 100) == 4_000_000)
    let error = #expect(throws: ImageError.self) {
      try WebPDecoder.decode(bytes, limits: Self.limits, drawnWithin: 100)
    }
    #expect(error?.code == .limitExceeded)
  }

  @Test("a sequential JPEG drawn small is held at ⅛ and passes; a progressive one holds every coefficient")
  func sequentialAndProgressiveJPEG() throws {
    let sequential = try Self.made("cjpeg", ["-outfile", "out", "in.ppm"], side: 2_000)
    let progressive = try Self.made("cjpeg", ["-progressive", "-outfile", "out", "in.ppm"], side: 2_000)
    let plain = try #require(RasterHeader.read(sequential, format: .jpeg))
    let whole = try #require(RasterHeader.read(progressive, format: .jpeg))
    #expect(plain.reducesMemory && !whole.reducesMemory)
    #expect(plain.heldPixels(drawnWithin: 250) == 250 * 250)
    #expect(whole.heldPixels(drawnWithin: 250) == 4_000_000)
    let bitmap = try JPEGDecoder.decode(sequential, limits: Self.limits, drawnWithin: 250)
    #expect(bitmap.width == 250 && bitmap.height == 250)
    for bytes in [sequential, progressive] {
      let error = #expect(throws: ImageError.self) { try JPEGDecoder.decode(bytes, limits: Self.limits) }
      #expect(error?.code == .limitExceeded)
    }
    let error = #expect(throws: ImageError.self) {
      try JPEGDecoder.decode(progressive, limits: Self.limits, drawnWithin: 250)
    }
    #expect(error?.code == .limitExceeded)
  }

  @Test("the sides are still checked on the file's own size, whatever a reduced decode holds")
  func sidesBoundTheWork() throws {
    let bytes = try Self.made("cjpeg", ["-outfile", "out", "in.ppm"], side: 2_000)
    var narrow = Self.limits
    narrow.maxWidth = 1_024
    let error = #expect(throws: ImageError.self) {
      try JPEGDecoder.decode(bytes, limits: narrow, drawnWithin: 250)
    }
    #expect(error?.code == .limitExceeded)
    #expect(error?.reason.contains("width 2000") == true)
  }

  @Test("a JPEG's EXIF orientation that turns it swaps its upright sides")
  func orientationFromHead() throws {
    let bytes = try Support.fixture("orientation-6.jpg")
    let header = try #require(RasterHeader.read(bytes, format: .jpeg))
    let decoded = try JPEGDecoder.decode(bytes)
    #expect(header.swapsSides)
    #expect(header.uprightSize == (decoded.width, decoded.height))
  }
}
