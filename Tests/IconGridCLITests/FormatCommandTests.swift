import Foundation
import ImageCore
import PNGCodec
import TestSupport
import Testing

/// The small files of each format that ImageDecoding's tests use.
private func fixture(_ name: String) -> String {
  TestPaths.inPackage("Tests/ImageDecodingTests/Fixtures/" + name)
}

@Suite("info, resolve and sheet on every format")
struct FormatCommandTests {
  @Test(
    "info names each format by its bytes",
    arguments: [
      ("rgb.jpg", "jpeg 8×6"), ("rgb.webp", "webp 8×6"), ("rgb.heic", "heic 8×6"), ("rgb.gif", "gif 8×6"),
      ("square.pdf", "pdf 20×10 pt, rendered 40×20 px at 2x"),
      ("square.svg", "svg 20×10 pt, rendered 40×20 px at 2x"),
      ("webp-as.png", "webp 8×6, WebP data in a .png file"),
    ])
  func info(file: String, expected: String) {
    let result = icongrid("info", "--scale", "2", fixture(file))
    #expect(result.status == 0)
    #expect(result.out.hasPrefix("\(fixture(file)): \(expected), sha256:"))
  }

  /// A catalog with a Single Scale PDF, an SVG, a 1x JPEG and a template PDF.
  private func tree() throws -> Tree {
    let tree = Tree()
    for (set, file) in [("pdf", "square.pdf"), ("svg", "square.svg"), ("template", "square.pdf")] {
      let data = try Data(contentsOf: URL(fileURLWithPath: fixture(file)))
      tree.bytes("A.xcassets/\(set).imageset/\(file)", Array(data))
    }
    tree.contents("A.xcassets/pdf.imageset", [slot("square.pdf", scale: nil)])
    tree.contents("A.xcassets/svg.imageset", [slot("square.svg", scale: nil)])
    tree.text(
      "A.xcassets/template.imageset/Contents.json",
      #"{"images":[{"filename":"square.pdf","idiom":"universal"}],"properties":{"template-rendering-intent":"template"}}"#
    )
    let jpeg = try Data(contentsOf: URL(fileURLWithPath: fixture("rgb.jpg")))
    tree.bytes("A.xcassets/photo.imageset/p.jpg", Array(jpeg))
    tree.contents("A.xcassets/photo.imageset", [slot("p.jpg", scale: "1x")])
    return tree
  }

  @Test("resolve answers for a PDF, SVG and JPEG set and says the format; a vector is rendered at the scale")
  func resolve() throws {
    let tree = try tree()
    let pdf = icongrid("resolve", "pdf", "--in", tree.root, "--scale", "3")
    #expect(pdf.status == 0)
    #expect(pdf.out.contains("square.pdf @3x, pdf, 60×30 px rendered = 20×10 pt"))
    #expect(!pdf.out.contains("fallback"))
    let svg = icongrid("resolve", "svg", "--in", tree.root, "--scale", "2", "--format", "json")
    #expect(svg.out.contains("\"format\": \"svg\"") && svg.out.contains("\"vector\": true"))
    #expect(svg.out.contains("\"pixelWidth\": 40"))
    let photo = icongrid("resolve", "photo", "--in", tree.root, "--scale", "2")
    #expect(photo.out.contains("p.jpg @1x, jpeg, 8×6 px = 8×6 pt (fallback: no @2x)"))
  }

  @Test("sheet draws every set, the template in --tint; nothing missing", arguments: [1, 2, 3])
  func sheet(scale: Int) throws {
    let tree = try tree()
    let output = tree.path("sheet.png")
    let result = icongrid(
      "sheet", tree.root, "-o", output, "--scale", String(scale), "--tint", "#00FF00", "--format", "json",
      "--no-labels")
    #expect(result.status == 0)
    #expect(result.out.contains("\"missing\": [\n\n    ]") || result.out.contains("\"missing\": []"))
    let bitmap = try PNGDecoder.decode(contentsOf: output)
    // The template PDF (red and blue halves) is drawn green, so the tint colour is on the sheet.
    var green = 0
    for y in 0..<bitmap.height {
      for x in 0..<bitmap.width where bitmap[x, y] == (0, 255, 0, 255) { green += 1 }
    }
    #expect(green >= (18 * scale) * (8 * scale))
  }
}
