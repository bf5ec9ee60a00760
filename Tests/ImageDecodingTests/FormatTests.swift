import ImageCore
import ImageDecoding
import PNGCodec
import TestSupport
import Testing

@Suite("Every format through the one entry point: rasters decoded, vectors rendered at the size asked")
struct FormatTests {
  /// The largest difference of any channel between two bitmaps of one size.
  private func maxDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
    zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
  }

  private var reference: Bitmap { get throws { try PNGDecoder.decode(contentsOf: Fixture.path("rgb.png")) } }

  @Test("lossless WebP and GIF decode to the PNG's pixels exactly", arguments: ["rgb.webp", "rgb.gif"])
  func lossless(file: String) throws {
    let image = try ImageDecoder.decode(contentsOf: Fixture.path(file))
    #expect(image.format == (file.hasSuffix("webp") ? .webp : .gif))
    #expect(image.mismatch == nil && image.pointSize == nil)
    #expect(image.bitmap == (try reference))
  }

  @Test(
    "JPEG and HEIC decode as djpeg and heif-convert do (references in Fixtures; each channel within 2)",
    arguments: [("rgb.jpg", "jpg-reference.png"), ("rgb.heic", "heic-reference.png")])
  func lossy(file: String, reference: String) throws {
    let image = try ImageDecoder.decode(contentsOf: Fixture.path(file))
    #expect(image.format == (file.hasSuffix("jpg") ? .jpeg : .heic))
    let expected = try PNGDecoder.decode(contentsOf: Fixture.path(reference))
    #expect(image.bitmap.width == expected.width && image.bitmap.height == expected.height)
    #expect(maxDifference(image.bitmap, expected) <= 2)
  }

  @Test("a WebP saved as .png decodes as WebP and says so")
  func webpAsPNG() throws {
    let image = try ImageDecoder.decode(contentsOf: Fixture.path("webp-as.png"))
    #expect(image.format == .webp)
    #expect(image.mismatch == "WebP data in a .png file")
    #expect(image.bitmap == (try reference))
  }

  @Test("a PDF, an SVG and an SVGZ render at points × scale", arguments: [1, 2, 3])
  func vectorScale(scale: Int) throws {
    for file in ["square.pdf", "square.svg", "square.svgz"] {
      let image = try ImageDecoder.decode(contentsOf: Fixture.path(file), size: .scale(Double(scale)))
      #expect(image.format == (file.hasSuffix("pdf") ? .pdf : .svg))
      #expect(image.pointSize == PointDimensions(width: 20, height: 10))
      #expect(image.bitmap.width == 20 * scale && image.bitmap.height == 10 * scale)
      // The left half red, the right half blue, away from the edges.
      #expect(image.bitmap[2 * scale, 5 * scale] == (255, 0, 0, 255))
      #expect(image.bitmap[17 * scale, 5 * scale] == (0, 0, 255, 255))
    }
  }

  @Test("SVG and SVGZ render identically; the PDF within 2 of the SVG (different renderers)")
  func vectorAgreement() throws {
    let svg = try ImageDecoder.decode(contentsOf: Fixture.path("square.svg"), size: .scale(2)).bitmap
    let svgz = try ImageDecoder.decode(contentsOf: Fixture.path("square.svgz"), size: .scale(2)).bitmap
    let pdf = try ImageDecoder.decode(contentsOf: Fixture.path("square.pdf"), size: .scale(2)).bitmap
    #expect(svg == svgz)
    #expect(maxDifference(svg, pdf) <= 2)
  }

  @Test("a vector into an exact pixel size")
  func vectorPixels() throws {
    let image = try ImageDecoder.decode(
      contentsOf: Fixture.path("square.svg"), size: .pixels(width: 40, height: 40))
    #expect(image.bitmap.width == 40 && image.bitmap.height == 40)
  }

  @Test("the render size is checked against the limits before rendering")
  func vectorLimits() {
    let limits = DecodingLimits(maxWidth: 100, maxHeight: 100, maxPixels: 10_000, maxInputBytes: 1 << 20)
    #expect {
      try ImageDecoder.decode(contentsOf: Fixture.path("square.pdf"), size: .scale(6), limits: limits)
    } throws: { error in
      let error = error as? ImageError
      return error?.code == .limitExceeded && error?.format == .pdf
        && error?.reason.hasPrefix("rendering 20x10 pt at @6x") == true
    }
    #expect(throws: Never.self) {
      try ImageDecoder.decode(contentsOf: Fixture.path("square.pdf"), size: .scale(5), limits: limits)
    }
  }

  @Test("probe gives a vector's point size and render size without rendering")
  func probeVector() throws {
    let probe = try ImageDecoder.probe(contentsOf: Fixture.path("square.svg"), size: .scale(3))
    #expect(probe.format == .svg && probe.pointSize == PointDimensions(width: 20, height: 10))
    #expect(probe.pixelWidth == 60 && probe.pixelHeight == 30)
    #expect(probe.pngHeader == nil && probe.glyph == nil)
  }

  @Test("a symbol template is drawn as its Regular-M glyph alone, at the glyph's size")
  func symbolGlyph() throws {
    let image = try ImageDecoder.decode(contentsOf: Fixture.path("plus.symbols.svg"), size: .scale(2))
    #expect(image.glyph == "Regular-M")
    #expect(image.pointSize == PointDimensions(width: 30, height: 12))
    #expect(image.bitmap.width == 60 && image.bitmap.height == 24)
    // The white bar fills it; no guide (green) and no other weight is drawn.
    #expect(image.bitmap[30, 12] == (255, 255, 255, 255))
    #expect(
      !stride(from: 0, to: image.bitmap.pixels.count, by: 4).contains {
        image.bitmap.pixels[$0 + 1] == 255 && image.bitmap.pixels[$0] == 0
      })
  }

  @Test("a damaged vector is corrupt, named by its format")
  func damaged() throws {
    let tree = Tree()
    tree.text("broken.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect")
    tree.bytes("broken.pdf", Array("%PDF-1.4\n1 0 obj <<".utf8))
    for name in ["broken.svg", "broken.pdf"] {
      #expect {
        try ImageDecoder.decode(contentsOf: tree.path(name))
      } throws: { error in
        let error = error as? ImageError
        return error?.code == .malformed && error?.path == tree.path(name)
          && error?.description.hasPrefix(
            "\(tree.path(name)): \(name.hasSuffix("pdf") ? "a PDF" : "an SVG") (vector): ")
            == true
      }
    }
  }
}
