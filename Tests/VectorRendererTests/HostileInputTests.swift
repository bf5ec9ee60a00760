import Foundation
import ImageCore
import PNGCodec
import TestSupport
import Testing
import VectorRenderer

/// Hostile SVGs and PDFs: each ends in a typed error, or renders without what it must not
/// load. (How long each takes and how much memory is measured by `Scripts/bench vector`,
/// not here.)
@Suite("VectorImage: hostile files")
struct HostileInputTests {
  /// A folder `root/` with `outside.png` (opaque red) and `asset/inner/` below it, where an
  /// SVG that tries to reach the PNG is written.
  private static func tree() throws -> (root: String, inner: String, png: [UInt8]) {
    let root = TemporaryFolder.make("vector-hostile")
    let inner = root + "/asset/inner"
    try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
    let png = try PNGEncoder.encode(Bitmap(width: 4, height: 4, filling: (255, 0, 0, 255)))
    try Data(png).write(to: URL(fileURLWithPath: root + "/outside.png"))
    try Data(png).write(to: URL(fileURLWithPath: inner + "/beside.png"))
    return (root, inner, png)
  }

  private static func imageSVG(_ href: String) -> String {
    """
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="8" height="8">
      <image x="0" y="0" width="8" height="8" xlink:href="\(href)"/>
    </svg>
    """
  }

  /// Writes `text` as `inner/evil.svg` and renders it from the file at 1x.
  private static func renderFile(_ text: String, in inner: String) throws -> (VectorImage, Bitmap) {
    let path = inner + "/evil.svg"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let image = try VectorImage(contentsOf: path)
    return (image, try image.render(scale: 1))
  }

  @Test("the same picture as a data: URL is drawn, so the tests below can fail")
  func dataURLIsDrawn() throws {
    let (root, inner, png) = try Self.tree()
    defer { TemporaryFolder.remove(root) }
    let (image, bitmap) = try Self.renderFile(
      Self.imageSVG("data:image/png;base64,\(Data(png).base64EncodedString())"), in: inner)
    #expect(image.externalReferences.isEmpty)
    #expect(bitmap[4, 4] == (255, 0, 0, 255))
  }

  @Test(
    "an <image> of any file or URL is never loaded: the render lacks it, the reference is listed",
    arguments: [
      "/etc/passwd", "file:///etc/passwd", "../../outside.png", "beside.png", "http://127.0.0.1:9/x.png",
    ])
  func imageReferences(href: String) throws {
    let (root, inner, _) = try Self.tree()
    defer { TemporaryFolder.remove(root) }
    let (image, bitmap) = try Self.renderFile(Self.imageSVG(href), in: inner)
    #expect(bitmap.coveredPixels == 0)
    #expect(image.externalReferences == [href])
    #expect { try image.requireSelfContained() } throws: { error in
      (error as? ImageError)?.code == .externalReference
        && (error as? ImageError)?.reason.contains(href) == true
    }
    // The absolute path of the red PNG itself is refused too.
    let (absolute, absoluteBitmap) = try Self.renderFile(Self.imageSVG(root + "/outside.png"), in: inner)
    #expect(absoluteBitmap.coveredPixels == 0)
    #expect(absolute.externalReferences == [root + "/outside.png"])
  }

  @Test("XInclude, external entities and CSS imports load nothing (an external entity is an error)")
  func includes() throws {
    let (root, inner, _) = try Self.tree()
    defer { TemporaryFolder.remove(root) }
    let red =
      "<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'><rect width='8' height='8' fill='red'/></svg>"
    try Data(red.utf8).write(to: URL(fileURLWithPath: inner + "/red.svg"))
    try Data("rect { fill: red }".utf8).write(to: URL(fileURLWithPath: inner + "/red.css"))
    let xinclude = """
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xi="http://www.w3.org/2001/XInclude" width="8" height="8">
        <xi:include href="red.svg" parse="xml"/>
        <text x="0" y="8" font-size="8"><xi:include href="/etc/passwd" parse="text"/></text>
      </svg>
      """
    let (included, includedBitmap) = try Self.renderFile(xinclude, in: inner)
    #expect(includedBitmap.coveredPixels == 0)
    #expect(included.externalReferences == ["red.svg", "/etc/passwd"])
    let entity = """
      <?xml version="1.0"?>
      <!DOCTYPE svg [<!ENTITY secret SYSTEM "/etc/passwd">]>
      <svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><text y="8" font-size="8">&secret;</text></svg>
      """
    // librsvg does not fetch the entity, so the document refers to an undefined one.
    try Data(entity.utf8).write(to: URL(fileURLWithPath: inner + "/entity.svg"))
    #expect {
      _ = try VectorImage(contentsOf: inner + "/entity.svg")
    } throws: { error in
      (error as? ImageError)?.code == .malformed
        && (error as? ImageError)?.underlying?.contains("secret") == true
    }
    let css = """
      <svg xmlns="http://www.w3.org/2000/svg" width="8" height="8">
        <style>@import url(red.css);</style><rect width="8" height="8" fill="none"/>
      </svg>
      """
    let (cssImage, cssBitmap) = try Self.renderFile(css, in: inner)
    #expect(cssBitmap.coveredPixels == 0)
    #expect(cssImage.externalReferences == ["red.css"])
  }

  @Test("billion laughs is refused before librsvg parses it")
  func billionLaughs() {
    #expect {
      _ = try Fixture.image("hostile/laughs.svg")
    } throws: { error in
      let error = error as? ImageError
      return error?.code == .limitExceeded && error?.path?.hasSuffix("laughs.svg") == true
    }
  }

  @Test(
    "an entity holding 1,000 elements used 1,000 times is refused before parsing (entities with markup are)")
  func elementEntities() {
    let elements = String(repeating: "<g/>", count: 1_000)
    let uses = String(repeating: "&a;", count: 1_000)
    let text = """
      <?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "\(elements)">]>
      <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">\(uses)</svg>
      """
    #expect {
      _ = try Fixture.svg(text)
    } throws: { error in
      (error as? ImageError)?.code == .unsupported
        && (error as? ImageError)?.reason.contains("markup") == true
    }
  }

  @Test("plain-text entities, as Illustrator writes them, are fine")
  func harmlessEntities() throws {
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
        <!ENTITY ns_svg "http://www.w3.org/2000/svg">
      ]>
      <svg xmlns="&ns_svg;" width="4" height="4"><rect width="4" height="4" fill="#00ff00"/></svg>
      """
    let image = try Fixture.svg(text)
    #expect(try image.render(scale: 1)[2, 2] == (0, 255, 0, 255))
  }

  @Test("entities that refer to themselves, and parameter entities, are typed errors")
  func entityTricks() {
    let loop = """
      <?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "&b;"><!ENTITY b "&a;">]>
      <svg xmlns="http://www.w3.org/2000/svg" width="4" height="4">&a;</svg>
      """
    #expect { _ = try Fixture.svg(loop) } throws: { ($0 as? ImageError)?.code == .malformed }
    let parameter = """
      <?xml version="1.0"?><!DOCTYPE svg [<!ENTITY % p "<!ENTITY a 'x'>"> %p;]>
      <svg xmlns="http://www.w3.org/2000/svg" width="4" height="4">&a;</svg>
      """
    #expect { _ = try Fixture.svg(parameter) } throws: { ($0 as? ImageError)?.code == .unsupported }
  }

  @Test("more elements than the limit are refused before parsing")
  func manyElements() {
    #expect {
      _ = try Fixture.image("hostile/many-elements.svg")
    } throws: { ($0 as? ImageError)?.code == .limitExceeded }
    var limits = VectorLimits.default
    limits.maxElements = 3
    #expect {
      _ = try Fixture.image("badge.svg", limits: limits)
    } throws: { ($0 as? ImageError)?.code == .limitExceeded }
  }

  @Test("<use> nested 40 deep (2^40 rectangles) is refused before parsing, not left to librsvg's 6 s")
  func nestedUse() {
    #expect {
      _ = try Fixture.image("hostile/nested-use.svg")
    } throws: { error in
      let error = error as? ImageError
      return error?.code == .limitExceeded && error?.reason.contains("<use>") == true
        && error?.path?.hasSuffix("nested-use.svg") == true
    }
  }

  @Test("ordinary <use>, gradients and a reference cycle are counted, not refused")
  func ordinaryReferences() throws {
    let text = """
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="12" height="4">
        <defs>
          <linearGradient id="g"><stop offset="0" stop-color="#00f"/></linearGradient>
          <rect id="r" width="4" height="4" fill="url(#g)"/>
          <g id="loop"><use xlink:href="#loop"/></g>
        </defs>
        <use xlink:href="#r"/><use href="#r" x="4"/><use xlink:href="#r" x="8"/>
      </svg>
      """
    let bitmap = try Fixture.svg(text).render(scale: 1)
    #expect(
      bitmap[2, 2] == (0, 0, 255, 255) && bitmap[6, 2] == (0, 0, 255, 255)
        && bitmap[10, 2] == (0, 0, 255, 255))
    var limits = VectorLimits.default
    limits.maxElements = 8
    // 11 tags and 3 uses of the rectangle (each with its gradient of 2): beyond 8.
    #expect { _ = try Fixture.svg(text, limits: limits) } throws: {
      ($0 as? ImageError)?.code == .limitExceeded
    }
  }

  @Test("a gzip bomb stops at the input limit")
  func gzipBomb() {
    #expect {
      _ = try Fixture.image("hostile/bomb.svgz")
    } throws: { ($0 as? ImageError)?.code == .limitExceeded }
  }

  @Test(
    "a PDF page of 10⁶ × 10⁶ pt, admitted by a raised page budget, has a size, but no render of it is allocated"
  )
  func hugePage() throws {
    var limits = VectorLimits.default
    limits.maxPageSide = 1_000_000
    let image = try Fixture.image("hostile/huge-page.pdf", limits: limits)
    #expect(image.pointSize == PointSize(width: 1_000_000, height: 1_000_000))
    for scale in [1.0, 2, 3] {
      #expect { _ = try image.render(scale: scale) } throws: { error in
        (error as? ImageError)?.code == .limitExceeded
          && (error as? ImageError)?.path?.hasSuffix("huge-page.pdf") == true
      }
    }
    // Asked for a small size, it renders: the limit is on pixels, not points.
    let small = try image.render(width: 16, height: 16)
    #expect(small[8, 8] == (255, 0, 0, 255))
  }

  @Test(
    "truncated and garbage files are malformed, with their path",
    arguments: [
      "hostile/truncated.pdf", "hostile/garbage.pdf", "hostile/truncated.svg", "hostile/garbage.svg",
    ])
  func damaged(name: String) {
    #expect {
      _ = try Fixture.image(name)
    } throws: { error in
      let error = error as? ImageError
      return error?.code == .malformed && error?.path == Fixture.path(name)
        && error?.underlying?.isEmpty == false
    }
  }

  @Test("too large a file is refused before it is read")
  func tooManyBytes() throws {
    var limits = VectorLimits.default
    limits.maxInputBytes = 100
    #expect {
      _ = try Fixture.image("badge.pdf", limits: limits)
    } throws: { ($0 as? ImageError)?.code == .limitExceeded }
    #expect {
      _ = try VectorImage(bytes: try Fixture.bytes("badge.svg"), format: .svg, limits: limits)
    } throws: { ($0 as? ImageError)?.code == .limitExceeded }
  }
}
