import ImageCore
import ImageDecoding
import PNGCodec
import TestSupport
import Testing

@Suite("ImageDecoder: one sniff, then the decoder of the format")
struct DispatchTests {
  @Test("a PNG decodes through the PNG codec, pixel for pixel")
  func png() throws {
    let image = try ImageDecoder.decode(contentsOf: Fixture.path("rgb.png"))
    #expect(image.format == .png)
    #expect(image.mismatch == nil)
    #expect(image.pointSize == nil)
    #expect(image.bitmap == (try PNGDecoder.decode(contentsOf: Fixture.path("rgb.png"))))
    #expect(image.bitmap[0, 0] == (255, 0, 0, 255))
    #expect(image.bitmap[7, 5] == (0x33, 0x66, 0xCC, 255))
  }

  @Test("a CgBI file is named cgbi and read", .needsSharedData, .tags(.sharedData))
  func cgbi() throws {
    let path = TestPaths.testData("cgbi/basn6a08.png")
    let image = try ImageDecoder.decode(contentsOf: path)
    #expect(image.format == .cgbi)
    #expect(image.bitmap.width > 0)
  }

  @Test("a raster ignores the render size: its own pixels come back")
  func rasterIgnoresScale() throws {
    let once = try ImageDecoder.decode(contentsOf: Fixture.path("rgb.png"), size: .scale(3))
    #expect(once.bitmap.width == 8 && once.bitmap.height == 6)
  }

  @Test("probe reads a PNG's header, not its pixels")
  func probePNG() throws {
    let probe = try ImageDecoder.probe(contentsOf: Fixture.path("rgb.png"))
    #expect(probe.format == .png)
    #expect(probe.pixelWidth == 8 && probe.pixelHeight == 6)
    #expect(probe.pngHeader?.bitDepth == 2)
  }

  @Test("bytes of no known format: unknownFormat, worded by the extension")
  func unknown() {
    #expect {
      try ImageDecoder.decode(contentsOf: Fixture.path("garbage.png"))
    } throws: { error in
      let error = error as? ImageError
      return error?.code == .unknownFormat && error?.format == nil
        && error?.description
          == "\(Fixture.path("garbage.png")): \(ImageFormat.mismatch(nil, pathExtension: "png") ?? "")"
    }
    #expect {
      try ImageDecoder.decode(Array("plain text".utf8), pathExtension: "dat")
    } throws: { error in
      (error as? ImageError)?.reason.hasPrefix("its bytes are no image format IconGrid knows") == true
    }
  }

  @Test("an empty file says so")
  func empty() {
    #expect {
      try ImageDecoder.decode(contentsOf: Fixture.path("empty.png"))
    } throws: { error in
      (error as? ImageError)?.reason == "the file is empty"
    }
  }

  @Test("a missing file is notFound, with its path")
  func missing() {
    let path = Fixture.path("no-such.png")
    #expect {
      try ImageDecoder.decode(contentsOf: path)
    } throws: { error in
      let error = error as? ImageError
      return error?.code == .notFound && error?.path == path
    }
  }

  @Test("the input limit is checked before decoding")
  func inputLimit() {
    let limits = DecodingLimits(maxWidth: 100, maxHeight: 100, maxPixels: 10_000, maxInputBytes: 100)
    #expect {
      try ImageDecoder.decode(contentsOf: Fixture.path("rgb.png"), limits: limits)
    } throws: { error in
      (error as? ImageError)?.code == .limitExceeded
    }
  }

  @Test("a pixel limit on the header: refused before decoding, the code kept")
  func pixelLimit() {
    let limits = DecodingLimits(maxWidth: 4, maxHeight: 100, maxPixels: 10_000, maxInputBytes: 1 << 20)
    #expect {
      try ImageDecoder.decode(contentsOf: Fixture.path("rgb.png"), limits: limits)
    } throws: { error in
      let error = error as? ImageError
      return error?.code == .limitExceeded && error?.format == .png
    }
  }

  @Test(
    "a render size without pixels is refused",
    arguments: [RenderSize.scale(0), .scale(-1), .scale(.nan), .pixels(width: 0, height: 4)])
  func badSize(size: RenderSize) {
    #expect {
      try ImageDecoder.decode(contentsOf: Fixture.path("rgb.png"), size: size)
    } throws: { error in
      (error as? ImageError)?.code == .invalidArgument
    }
  }

  @Test("errors print as path: format: reason (library words): the format once, never twice")
  func wording() {
    let error = ImageError(.corruptData, "no pages", path: "a/Icon.pdf", format: .pdf)
    #expect(error.description == "a/Icon.pdf: a PDF (vector): no pages")
    #expect(error.message == "a PDF (vector): no pages")
    let worded = ImageError(
      .corruptData, "a PDF (vector) with no pages", format: .pdf, underlying: "poppler: x")
    #expect(worded.message == "a PDF (vector) with no pages (poppler: x)")
    #expect(ImageError(.notFound, "no such file").description == "no such file")
  }
}
