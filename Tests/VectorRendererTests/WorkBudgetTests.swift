import Foundation
import IconGridSupport
import ImageCore
import PNGCodec
import Testing

@testable import VectorRenderer

/// SVGs that stay within the element and byte limits but would keep librsvg and cairo busy
/// for seconds to minutes, or crash them: each is refused with a typed error naming what is
/// over, before librsvg draws. (The times, with `rsvg-convert` and through `VectorImage`,
/// are in README's "Hostile vector files".)
@Suite("VectorImage: work budgets")
struct WorkBudgetTests {
  /// A deterministic stream of coordinates in 0..<1024 (a linear congruential generator).
  private struct Coordinates {
    var state: UInt64 = 1
    mutating func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % 1024)
    }
    mutating func path(_ count: Int) -> String {
      "M0 0 " + (0..<count).map { _ in "\(next()) \(next())" }.joined(separator: " ")
    }
  }

  private static func document(_ body: String) -> String {
    """
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
    width="1024" height="1024" viewBox="0 0 1024 1024">\(body)</svg>
    """
  }

  /// Expects `body` to be refused with ``ImageError/Code/limitExceeded`` whose reason
  /// contains `words`, when opened or when rendered at 1024 × 1024.
  private static func expectRefused(
    _ body: String, saying words: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(sourceLocation: sourceLocation) {
      let image = try Fixture.svg(document(body))
      _ = try image.render(width: 1024, height: 1024)
    } throws: { error in
      let error = error as? ImageError
      return error?.code == .limitExceeded && error?.reason.contains(words) == true
        && error?.path == "inline.svg"
    }
  }

  @Test("a path of long random segments is refused by how many rows they cross, filled or stroked")
  func randomPaths() {
    var coordinates = Coordinates()
    for count in [10_000, 120_000] {
      Self.expectRefused("<path d=\"\(coordinates.path(count))\"/>", saying: "pixel rows")
    }
    Self.expectRefused(
      "<path d=\"\(coordinates.path(10_000))\" fill=\"none\" stroke=\"#000\"/>", saying: "pixel rows")
    let points = coordinates.path(100_000).dropFirst(5)
    Self.expectRefused("<polyline points=\"\(points)\" fill=\"none\" stroke=\"#000\"/>", saying: "pixel rows")
    let arcs = (0..<50_000).map { _ in "A 500 500 0 1 1 \(coordinates.next()) \(coordinates.next())" }
    Self.expectRefused("<path d=\"M0 0 \(arcs.joined(separator: " "))\"/>", saying: "pixel rows")
  }

  @Test("a path of a million short segments is refused; one of 1,000 random segments renders")
  func shortSegmentsAndTheBoundary() throws {
    let zigzag = (0..<1_000_000).map { $0 % 2 == 0 ? "l2 2" : "l-2 1" }.joined(separator: " ")
    Self.expectRefused("<path d=\"M0 0 \(zigzag)\" fill=\"none\" stroke=\"#000\"/>", saying: "pixel rows")
    var coordinates = Coordinates()
    let image = try Fixture.svg(Self.document("<path d=\"\(coordinates.path(1_000))\"/>"))
    #expect(try image.render(width: 64, height: 64).coveredPixels > 0)
  }

  @Test("a transform cannot hide a path's reach: a tiny path scaled up 1,000 times is measured scaled")
  func scaledPath() throws {
    var coordinates = Coordinates()
    let tiny = coordinates.path(4_000).split(separator: " ").map { word in
      Int(word).map { String(Double($0) / 1000) } ?? String(word)
    }.joined(separator: " ")
    let plain = try Fixture.svg(Self.document("<path d=\"\(tiny)\"/>"))
    _ = try plain.render(width: 1024, height: 1024)
    Self.expectRefused(
      "<g transform=\"scale(1000)\"><path d=\"\(tiny)\"/></g>", saying: "pixel rows")
    Self.expectRefused(
      "<g transform=\"matrix(0 1000 1000 0 0 0)\"><path d=\"\(tiny)\"/></g>", saying: "pixel rows")
  }

  @Test("one complex symbol used 5,000 times is counted 5,000 times")
  func manyUses() {
    var coordinates = Coordinates()
    let symbol = "<defs><symbol id=\"s\"><path d=\"\(coordinates.path(2_000))\"/></symbol></defs>"
    let uses = String(repeating: "<use xlink:href=\"#s\"/>", count: 5_000)
    Self.expectRefused(symbol + uses, saying: "pixel rows")
  }

  /// Documents beyond the paint budget, by name (the names keep the test's report short).
  private static let paintBombs: [String: String] = [
    // 200 blurs of one full-surface rectangle (over 15 s in rsvg-convert)
    "200 blurs": "<filter id=\"f\" x=\"0\" y=\"0\" width=\"1\" height=\"1\">"
      + String(repeating: "<feGaussianBlur stdDeviation=\"50\"/>", count: 200)
      + "</filter><rect width=\"1024\" height=\"1024\" filter=\"url(#f)\"/>",
    "one blur on 500 rectangles": "<filter id=\"f\"><feGaussianBlur stdDeviation=\"50\"/></filter>"
      + String(repeating: "<rect width=\"1024\" height=\"1024\" filter=\"url(#f)\"/>", count: 500),
    "100,000 octaves of turbulence":
      "<filter id=\"f\" x=\"0\" y=\"0\" width=\"1\" height=\"1\"><feTurbulence baseFrequency=\"0.05\" "
      + "numOctaves=\"100000\"/></filter><rect width=\"1024\" height=\"1024\" filter=\"url(#f)\"/>",
    "dilation by 100,000": "<filter id=\"f\" x=\"0\" y=\"0\" width=\"1\" height=\"1\"><feMorphology "
      + "operator=\"dilate\" radius=\"100000\"/></filter><rect width=\"1024\" height=\"1024\" filter=\"url(#f)\"/>",
    "10,000 masked rectangles": "<mask id=\"m\"><rect width=\"1024\" height=\"1024\" fill=\"#fff\"/></mask>"
      + String(repeating: "<rect width=\"1024\" height=\"1024\" mask=\"url(#m)\"/>", count: 10_000),
    "40,000 translucent rectangles": String(
      repeating: "<rect width=\"1024\" height=\"1024\" fill=\"#888\" opacity=\"0.5\"/>", count: 40_000),
    "20,000 blended rectangles": String(
      repeating: "<rect width=\"1024\" height=\"1024\" style=\"mix-blend-mode:multiply\"/>", count: 20_000),
  ]

  @Test(
    "filters, masks and layers beyond the paint budget are refused",
    arguments: [
      "200 blurs", "one blur on 500 rectangles", "100,000 octaves of turbulence", "dilation by 100,000",
      "10,000 masked rectangles", "40,000 translucent rectangles", "20,000 blended rectangles",
    ])
  func paint(name: String) throws {
    Self.expectRefused(try #require(Self.paintBombs[name]), saying: "pixel-passes")
  }

  @Test("the paint budget scales with the output: 40 blurs render small and are refused large")
  func paintScalesWithPixels() throws {
    let body =
      "<filter id=\"f\" x=\"0\" y=\"0\" width=\"1\" height=\"1\">"
      + String(repeating: "<feGaussianBlur stdDeviation=\"2\"/>", count: 40)
      + "</filter><rect width=\"1024\" height=\"1024\" fill=\"#00f\" filter=\"url(#f)\"/>"
    let image = try Fixture.svg(Self.document(body))
    #expect(try image.render(width: 32, height: 32)[16, 16].3 > 0)
    #expect { _ = try image.render(width: 1024, height: 1024) } throws: { error in
      (error as? ImageError)?.code == .limitExceeded
    }
  }

  @Test("300,000 characters of text are refused by their glyph outlines")
  func longText() {
    Self.expectRefused(
      "<text x=\"0\" y=\"100\" font-size=\"20\">\(String(repeating: "Wij", count: 100_000))</text>",
      saying: "pixel rows")
    Self.expectRefused(
      "<text x=\"0\" y=\"100\"><![CDATA[\(String(repeating: "Wij", count: 100_000))]]></text>",
      saying: "pixel rows")
  }

  @Test("text 10⁷ pixels high, which makes librsvg panic, is refused; through a viewBox too")
  func hugeFont() throws {
    Self.expectRefused("<text x=\"0\" y=\"1000\" font-size=\"10000000\">W</text>", saying: "font-size")
    Self.expectRefused(
      "<text x=\"0\" y=\"1000\" style=\"fill: red; font-size: 3e6px\">W</text>", saying: "font-size")
    // 2,000 user units are 2,048,000 pixels when a 1-unit viewBox fills 1024 pixels.
    let small = """
      <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 1 1">\
      <text y="1" font-size="2000">W</text></svg>
      """
    let image = try Fixture.svg(small)
    _ = try image.render(width: 4, height: 4)
    #expect { _ = try image.render(width: 1024, height: 1024) } throws: { error in
      (error as? ImageError)?.reason.contains("font-size") == true
    }
  }

  @Test("masks or groups nested deeper than the limit are refused when opened (librsvg overflows its stack)")
  func deepNesting() throws {
    let masks =
      "<mask id=\"m0\"><rect width=\"1000\" height=\"1000\" fill=\"#fff\"/></mask>"
      + (1..<50).map {
        "<mask id=\"m\($0)\"><rect width=\"9\" height=\"9\" fill=\"#fff\" mask=\"url(#m\($0 - 1))\"/></mask>"
      }
      .joined() + "<rect width=\"1024\" height=\"1024\" mask=\"url(#m49)\"/>"
    #expect { _ = try Fixture.svg(Self.document(masks)) } throws: { error in
      (error as? ImageError)?.code == .limitExceeded
        && (error as? ImageError)?.reason.contains("nests") == true
    }
    let groups =
      String(repeating: "<g opacity=\"0.5\">", count: 200) + "<rect width=\"9\" height=\"9\"/>"
      + String(repeating: "</g>", count: 200)
    #expect { _ = try Fixture.svg(Self.document(groups)) } throws: { error in
      (error as? ImageError)?.reason.contains("nests") == true
    }
    // 20 nested groups are ordinary.
    let ordinary =
      String(repeating: "<g>", count: 20) + "<rect width=\"9\" height=\"9\"/>"
      + String(repeating: "</g>", count: 20)
    #expect(try Fixture.svg(Self.document(ordinary)).render(width: 16, height: 16).coveredPixels > 0)
  }

  @Test("a convolution kernel librsvg would abort on is refused when opened")
  func convolution() {
    let body =
      "<filter id=\"f\"><feConvolveMatrix order=\"50\" kernelMatrix=\""
      + Array(repeating: "1", count: 2500).joined(separator: " ")
      + "\"/></filter><rect width=\"10\" height=\"10\" filter=\"url(#f)\"/>"
    #expect { _ = try Fixture.svg(Self.document(body)) } throws: { error in
      (error as? ImageError)?.reason.contains("feConvolveMatrix") == true
    }
  }

  @Test("the 1.1 MB fixture of one 120,000-segment path, which renders for minutes, is refused")
  func hugePathFixture() throws {
    let image = try Fixture.image("hostile/huge-path.svg")
    #expect { _ = try image.render(scale: 0.25) } throws: { error in
      (error as? ImageError)?.code == .limitExceeded
        && (error as? ImageError)?.path?.hasSuffix("huge-path.svg") == true
    }
  }

  @Test("a lower budget refuses what the default lets through")
  func customBudgets() throws {
    let text = Self.document("<rect width=\"8\" height=\"8\" fill=\"#f00\"/><path d=\"M0 0 L1024 1024\"/>")
    _ = try Fixture.svg(text).render(width: 64, height: 64)
    var limits = VectorLimits.default
    limits.maxPaintWork = 100
    #expect { _ = try Fixture.svg(text, limits: limits).render(width: 64, height: 64) } throws: {
      ($0 as? ImageError)?.reason.contains("pixel-passes") == true
    }
    limits = .default
    limits.maxPathWork = 10
    #expect { _ = try Fixture.svg(text, limits: limits).render(width: 64, height: 64) } throws: {
      ($0 as? ImageError)?.reason.contains("pixel rows") == true
    }
  }
}

@Suite("SVGPathExtent")
struct SVGPathExtentTests {
  @Test("segments and their reach, absolute and relative, lines, curves, arcs and close")
  func measure() {
    let square = SVGPathExtent.measure(Array("M0 0 H10 V10 H0 Z".utf8)[...])
    #expect(square.segments == 4 && square.reach == 40)
    let relative = SVGPathExtent.measure(Array("m5 5 l10 0 0 10-10 0z".utf8)[...])
    #expect(relative.segments == 4 && relative.reach == 40)
    // A curve reaches as far as its control points.
    let curve = SVGPathExtent.measure(Array("M0 0 C0 -50 10 50 10 0".utf8)[...])
    #expect(curve.segments == 1 && curve.reach == 100)
    let arc = SVGPathExtent.measure(Array("M0 0 A5 5 0 0 1 10 0".utf8)[...])
    #expect(arc.segments == 1 && arc.reach == 15)
    let points = SVGPathExtent.measure(Array("0,0 3,4 3,0".utf8)[...], polyline: true)
    #expect(points.segments == 2 && points.reach == 8)
    let compact = SVGPathExtent.measure(Array("M.5.5L1e1-2.5e0".utf8)[...])
    #expect(compact.segments == 1 && compact.reach == 9.5)
  }

  @Test("a transform's stretch bounds what it can do to a length")
  func stretch() {
    #expect(SVGPathExtent.stretch(Array("translate(100 50)".utf8)[...]) == 1)
    #expect(SVGPathExtent.stretch(Array("scale(3, 5) scale(2)".utf8)[...]) == 10)
    #expect(SVGPathExtent.stretch(Array("matrix(0 -4 2 0 9 9)".utf8)[...]) == 4)
    #expect(SVGPathExtent.stretch(Array("skewX(45)".utf8)[...]) > 2)
  }
}

@Suite("VectorImage: markers in the work budget")
struct MarkerWorkTests {
  private static func document(vertices: Int, style: Bool) -> String {
    let marker = """
      <marker id="m" markerWidth="1000" markerHeight="1000" markerUnits="userSpaceOnUse">\
      <rect width="1000" height="1000" opacity="0.5"/></marker>
      """
    let path = "M0 0 " + String(repeating: "l1 0 ", count: vertices)
    let markerAttribute = style ? "style=\"stroke: #000; marker-mid: url(#m)\"" : "marker-mid=\"url(#m)\""
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">\(marker)\
      <path d="\(path)" fill="none" stroke="#000" \(markerAttribute)/></svg>
      """
  }

  @Test("a mid marker is paid for at every vertex: 3,000 vertices of a full-surface marker are refused")
  func midMarkers() throws {
    for style in [false, true] {
      let image = try Fixture.svg(Self.document(vertices: 3_000, style: style))
      #expect { _ = try image.render(width: 1024, height: 1024) } throws: { error in
        (error as? ImageError)?.reason.contains("pixel-passes") == true
      }
    }
    // A few vertices render.
    let few = try Fixture.svg(Self.document(vertices: 3, style: false))
    #expect(try few.render(width: 64, height: 64).coveredPixels > 0)
  }
}

@Suite("VectorImage: embedded data: images")
struct EmbeddedImageTests {
  /// A 4 × 4 PNG whose IHDR (CRC fixed) claims `width` × `height`: only the header
  /// matters, since the check refuses before anything decodes the image.
  private static func pngHead(width: Int, height: Int) throws -> [UInt8] {
    var bytes = try PNGEncoder.encode(Bitmap(width: 4, height: 4, filling: (0, 0, 255, 255)))
    // IHDR's type and data sit at bytes 12..<29, its width and height at 16..<24, its CRC
    // at 29..<33.
    for (offset, value) in [(16, width), (20, height)] {
      for shift in 0..<4 { bytes[offset + shift] = UInt8(truncatingIfNeeded: value >> (24 - 8 * shift)) }
    }
    let crc = CRC32.checksum(bytes[12..<29])
    for shift in 0..<4 { bytes[29 + shift] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(shift))) }
    return bytes
  }

  private static func document(_ png: [UInt8], copies: Int = 1) -> String {
    let url = "data:image/png;base64," + Data(png).base64EncodedString()
    let images = String(
      repeating: "<image width=\"8\" height=\"8\" xlink:href=\"\(url)\"/>", count: copies)
    return """
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
      width="8" height="8">\(images)</svg>
      """
  }

  @Test("a 20,000 × 20,000 PNG as a data: URL (12 s and 2.7 GB in rsvg-convert) is refused before parsing")
  func hugeImage() throws {
    #expect { _ = try Fixture.svg(Self.document(try Self.pngHead(width: 20_000, height: 20_000))) } throws: {
      error in
      (error as? ImageError)?.code == .limitExceeded
        && (error as? ImageError)?.reason.contains("20000×20000") == true
    }
  }

  @Test("images within the pixel limit one by one are refused together")
  func manyImages() throws {
    let png = try Self.pngHead(width: 4_000, height: 4_000)
    _ = try Fixture.svg(Self.document(png))
    #expect { _ = try Fixture.svg(Self.document(png, copies: 2)) } throws: { error in
      (error as? ImageError)?.reason.contains("in all") == true
    }
  }

  @Test("an embedded SVG, plain or percent-encoded, is refused; a small PNG is drawn")
  func embeddedSVG() throws {
    let inner = "<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'/>"
    let base64 = "data:image/svg+xml;base64," + Data(inner.utf8).base64EncodedString()
    let percent = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'/%3E"
    for url in [base64, percent] {
      let text = """
        <svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><image width="8" height="8" href="\(url)"/></svg>
        """
      #expect { _ = try Fixture.svg(text) } throws: { ($0 as? ImageError)?.code == .unsupported }
    }
    let small = try PNGEncoder.encode(Bitmap(width: 8, height: 8, filling: (0, 0, 255, 255)))
    let bitmap = try Fixture.svg(Self.document(small)).render(scale: 1)
    #expect(bitmap[4, 4] == (0, 0, 255, 255))
  }

  @Test("base64 decodes as RFC 4648 says, spaces skipped")
  func base64() {
    let text = Array("aGVs bG8h\nIQ==".utf8)[...]
    #expect(SVGEmbeddedImages.base64Head(text, count: 100) == Array("hello!!".utf8))
    #expect(SVGEmbeddedImages.base64Head(text, count: 2) == Array("he".utf8))
  }
}
