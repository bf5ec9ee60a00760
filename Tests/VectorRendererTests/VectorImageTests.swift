import ImageCore
import Testing
import VectorRenderer

@Suite("VectorImage: sizes, pixels and elements")
struct VectorImageTests {
  @Test("an SVG's size is its width and height in points, not its viewBox")
  func svgSize() throws {
    let image = try Fixture.image("badge.svg")
    #expect(image.format == .svg)
    #expect(image.pointSize == PointSize(width: 24, height: 16))
    #expect(image.pixelSize(scale: 1) == (24, 16))
    #expect(image.pixelSize(scale: 3) == (72, 48))
    #expect(image.externalReferences.isEmpty)
  }

  @Test("a PDF's size is its first page's box in points")
  func pdfSize() throws {
    let image = try Fixture.image("badge.pdf")
    #expect(image.format == .pdf)
    #expect(image.pointSize == PointSize(width: 24, height: 16))
    #expect(image.pixelSize(scale: 2) == (48, 32))
  }

  @Test(
    "pixel sizes round to nearest, halves up",
    arguments: [
      (83.5, 2.0, 167), (83.5, 3.0, 251), (24.5, 3.0, 74), (20, 3, 60), (0.2, 1, 1), (10.49, 1, 10),
    ] as [(Double, Double, Int)])
  func rounding(points: Double, scale: Double, pixels: Int) throws {
    let image = try Fixture.svg(
      "<svg xmlns='http://www.w3.org/2000/svg' width='\(points)' height='\(points)'><rect width='1' height='1'/></svg>"
    )
    #expect(image.pixelSize(scale: scale) == (pixels, pixels))
  }

  @Test("physical units are points at 72 per inch; a percentage size falls back to the viewBox")
  func units() throws {
    let inches = try Fixture.svg("<svg xmlns='http://www.w3.org/2000/svg' width='1in' height='2pt'/>")
    #expect(inches.pointSize == PointSize(width: 72, height: 2))
    let percent = try Fixture.svg(
      "<svg xmlns='http://www.w3.org/2000/svg' width='100%' viewBox='0 0 30 10'/>")
    #expect(percent.pointSize == PointSize(width: 30, height: 10))
  }

  @Test("an SVG with neither width/height nor viewBox is refused as unsupported")
  func sizeless() {
    #expect {
      _ = try Fixture.svg("<svg xmlns='http://www.w3.org/2000/svg'><rect width='5' height='5'/></svg>")
    } throws: { error in
      let error = error as? ImageError
      return error?.code == .unsupported && error?.reason.contains("viewBox") == true
        && error?.path == "inline.svg"
    }
  }

  @Test("the render draws the right colours in the right places")
  func svgPixels() throws {
    let bitmap = try Fixture.image("badge.svg").render(scale: 2)
    #expect(bitmap.width == 48 && bitmap.height == 32)
    // Inside the rectangle, away from the circle and the stroke: opaque #1E64C8.
    #expect(bitmap[40, 8] == (0x1E, 0x64, 0xC8, 255))
    // The corner outside the rounded rectangle is transparent.
    #expect(bitmap[0, 0] == (0, 0, 0, 0))
    // Half-transparent orange over blue: the mix, opaque.
    let mixed = bitmap[16, 16]
    #expect(mixed.3 == 255)
    #expect(abs(Int(mixed.0) - (0xFF + 0x1E) / 2) <= 2)
    #expect(abs(Int(mixed.1) - (0x80 + 0x64) / 2) <= 2)
    #expect(abs(Int(mixed.2) - (0x00 + 0xC8) / 2) <= 2)
  }

  @Test("a half-transparent colour comes out straight, not premultiplied")
  func straightAlpha() throws {
    let image = try Fixture.svg(
      "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'><rect width='4' height='4' fill='#C86432' fill-opacity='0.5'/></svg>"
    )
    let pixel = try image.render(scale: 1)[1, 1]
    #expect(abs(Int(pixel.3) - 128) <= 1)
    #expect(abs(Int(pixel.0) - 0xC8) <= 1 && abs(Int(pixel.1) - 0x64) <= 1 && abs(Int(pixel.2) - 0x32) <= 1)
  }

  @Test("svgz renders the same pixels as the plain SVG")
  func svgz() throws {
    let plain = try Fixture.image("badge.svg").render(scale: 3)
    let compressed = try Fixture.image("badge.svgz").render(scale: 3)
    #expect(plain == compressed)
  }

  @Test("render(width:height:) aspect-fits, centred, with transparent margins")
  func aspectFit() throws {
    let image = try Fixture.svg(
      "<svg xmlns='http://www.w3.org/2000/svg' width='20' height='10'><rect width='20' height='10' fill='#ff0000'/></svg>"
    )
    let bitmap = try image.render(width: 40, height: 40)
    #expect(bitmap.width == 40 && bitmap.height == 40)
    #expect(bitmap[20, 5] == (0, 0, 0, 0))
    #expect(bitmap[20, 9] == (0, 0, 0, 0))
    #expect(bitmap[20, 10] == (255, 0, 0, 255))
    #expect(bitmap[0, 29] == (255, 0, 0, 255))
    #expect(bitmap[20, 30] == (0, 0, 0, 0))
    #expect(bitmap.coveredPixels == 40 * 20)
  }

  @Test("a PDF renders page 1's pixels")
  func pdfPixels() throws {
    let bitmap = try Fixture.image("badge.pdf").render(scale: 2)
    #expect(bitmap.width == 48 && bitmap.height == 32)
    #expect(bitmap[40, 8] == (0x1E, 0x64, 0xC8, 255))
    #expect(bitmap[0, 0] == (0, 0, 0, 0))
  }

  @Test("one element of a symbol template renders on its own, fitted to its ink bounds")
  func element() throws {
    let image = try Fixture.image("template.symbols.svg")
    #expect(image.hasElement(id: "Regular-M"))
    #expect(!image.hasElement(id: "Bold-M"))
    #expect(try image.elementSize(id: "Regular-M") == PointSize(width: 40, height: 20))
    let glyph = try image.render(scale: 2, elementID: "Regular-M")
    #expect(glyph.width == 80 && glyph.height == 40)
    // The whole bar, opaque black, and nothing of the guides or the other weights.
    #expect(glyph.coveredPixels == 80 * 40)
    #expect(glyph[0, 0] == (0, 0, 0, 255) && glyph[79, 39] == (0, 0, 0, 255))
    let square = try image.render(width: 30, height: 10, elementID: "Regular-S")
    #expect(square.coveredPixels == 10 * 10)
    #expect(square[15, 5] == (0, 0, 0, 255) && square[5, 5] == (0, 0, 0, 0))
  }

  @Test("an unknown or empty element, or an element of a PDF, is a typed error")
  func elementErrors() throws {
    let image = try Fixture.image("template.symbols.svg")
    #expect(throws: ImageError.self) { try image.render(width: 10, height: 10, elementID: "Bold-M") }
    #expect { try image.elementSize(id: "Empty-L") } throws: { ($0 as? ImageError)?.code == .unsupported }
    #expect { try image.elementSize(id: "Bold-M") } throws: { ($0 as? ImageError)?.code == .invalidArgument }
    let pdf = try Fixture.image("badge.pdf")
    #expect { try pdf.render(scale: 1, elementID: "x") } throws: {
      ($0 as? ImageError)?.code == .invalidArgument
    }
  }

  @Test("bad scales and sizes are invalid arguments")
  func badArguments() throws {
    let image = try Fixture.image("badge.svg")
    for scale in [0, -1, Double.nan, Double.infinity] {
      #expect { try image.render(scale: scale) } throws: { ($0 as? ImageError)?.code == .invalidArgument }
    }
    #expect { try image.render(width: 0, height: 5) } throws: {
      ($0 as? ImageError)?.code == .invalidArgument
    }
  }

  @Test("a raster format is not a vector image")
  func raster() {
    #expect {
      _ = try VectorImage(bytes: [0x89, 0x50, 0x4E, 0x47], format: .png, path: "a.png")
    } throws: { ($0 as? ImageError)?.code == .unsupported }
  }

  @Test("a missing file is not-found, with its path")
  func missing() {
    #expect {
      _ = try VectorImage(contentsOf: "/nonexistent/icon.svg")
    } throws: { error in
      (error as? ImageError)?.code == .notFound && (error as? ImageError)?.path == "/nonexistent/icon.svg"
    }
  }
}
