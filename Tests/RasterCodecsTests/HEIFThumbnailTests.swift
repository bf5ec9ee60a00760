import ImageCore
import TestSupport
import Testing

@testable import RasterCodecs

/// A HEIF drawn small is decoded from its thumbnail when one is large enough.
@Suite("HEIF thumbnails for images drawn small")
struct HEIFThumbnailTests {
  typealias Shape = HEIFDecoder.HandleShape

  @Test("the smallest thumbnail at least as large as the box, of the primary's shape, is chosen")
  func choice() {
    let primary = Shape(width: 4_000, height: 3_000, hasAlpha: false)
    let thumbnails = [
      Shape(width: 320, height: 240, hasAlpha: false), Shape(width: 1_024, height: 768, hasAlpha: false),
      Shape(width: 640, height: 480, hasAlpha: false),
    ]
    #expect(HEIFDecoder.thumbnailChoice(primary: primary, thumbnails: thumbnails, box: 300) == 0)
    #expect(HEIFDecoder.thumbnailChoice(primary: primary, thumbnails: thumbnails, box: 500) == 2)
    #expect(HEIFDecoder.thumbnailChoice(primary: primary, thumbnails: thumbnails, box: 1_024) == 1)
    // None large enough, no box, or no thumbnail: the primary.
    #expect(HEIFDecoder.thumbnailChoice(primary: primary, thumbnails: thumbnails, box: 1_025) == nil)
    #expect(HEIFDecoder.thumbnailChoice(primary: primary, thumbnails: thumbnails, box: nil) == nil)
    #expect(HEIFDecoder.thumbnailChoice(primary: primary, thumbnails: [], box: 100) == nil)
  }

  @Test("a thumbnail of another shape, without the primary's alpha, or not smaller is never drawn")
  func refused() {
    let primary = Shape(width: 1_000, height: 1_000, hasAlpha: true)
    #expect(
      HEIFDecoder.thumbnailChoice(
        primary: primary, thumbnails: [Shape(width: 400, height: 300, hasAlpha: true)], box: 100)
        == nil)
    #expect(
      HEIFDecoder.thumbnailChoice(
        primary: primary, thumbnails: [Shape(width: 400, height: 400, hasAlpha: false)], box: 100)
        == nil)
    #expect(
      HEIFDecoder.thumbnailChoice(
        primary: primary, thumbnails: [Shape(width: 1_000, height: 1_000, hasAlpha: true)], box: 100) == nil)
    #expect(
      HEIFDecoder.thumbnailChoice(
        primary: primary, thumbnails: [Shape(width: 400, height: 400, hasAlpha: true)], box: 100)
        == 0)
  }

  @Test(
    "a HEIC made by heif-enc -t 128 is decoded from its thumbnail within 100 px, whole within 200",
    .tags(.referenceTool))
  func madeWithThumbnail() throws {
    let folder = TemporaryFolder.make("heif-thumbnail")
    defer { TemporaryFolder.remove(folder) }
    let header = Array("P6\n512 512\n255\n".utf8)
    TestFiles.write(
      header + [UInt8](repeating: 0, count: 512 * 512 * 3).enumerated().map { $0.offset % 3 == 0 ? 210 : 40 },
      to: folder + "/in.ppm")
    let jpeg = try ReferenceTool.run("cjpeg", ["-outfile", "in.jpg", "in.ppm"], in: folder)
    #expect(jpeg.status == 0, "\(jpeg.err)")
    let heif = try ReferenceTool.run(
      "heif-enc", ["-t", "128", "-q", "60", "in.jpg", "-o", "out.heic"], in: folder)
    #expect(heif.status == 0, "\(heif.err)")
    let bytes = try Support.read(folder + "/out.heic")
    let small = try HEIFDecoder.decode(bytes, format: .heic, drawnWithin: 100)
    #expect(small.width == 128 && small.height == 128)
    let red = small[64, 64]
    #expect(red.0 > 180 && red.1 < 80 && red.2 < 80, "\(red)")
    let whole = try HEIFDecoder.decode(bytes, format: .heic, drawnWithin: 200)
    #expect(whole.width == 512 && whole.height == 512)
    #expect(try HEIFDecoder.decode(bytes, format: .heic).width == 512)
    // The preflight still holds every item, the primary included, to the limits: a
    // thumbnail saves the decode, it does not admit a larger file.
    let tight = DecodingLimits(
      maxWidth: 1_024, maxHeight: 1_024, maxPixels: 128 * 128, maxInputBytes: 1 << 20)
    let error = #expect(throws: ImageError.self) {
      try HEIFDecoder.decode(bytes, format: .heic, limits: tight, drawnWithin: 100)
    }
    #expect(error?.code == .limitExceeded)
    #expect(try HEIFDecoder.heldPixels(bytes, format: .heic, drawnWithin: 100) == 128 * 128)
    #expect(try HEIFDecoder.heldPixels(bytes, format: .heic, drawnWithin: 200) == 512 * 512)
  }
}
