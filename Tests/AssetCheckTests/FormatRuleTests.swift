import AssetCheck
import Foundation
import TestSupport
import Testing

@Suite("unreadable for vector files, vector-only slots and, with --deep, every format")
struct FormatRuleTests {
  private static let svg =
    #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10"/></svg>"#
  private static let symbol = """
    <svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><g id="Symbols">
    <g id="Regular-M"><rect x="10" y="10" width="30" height="20"/></g></g></svg>
    """

  private func imageSet(_ tree: Tree, _ name: String, file: String, scale: String? = nil) throws {
    tree.contents("A.xcassets/\(name).imageset", [slot(file, scale: scale)])
  }

  @Test(
    "a good PDF and SVG raise nothing; a broken SVG and a PNG saved as .pdf are unreadable, with the reason")
  func vectors() throws {
    let tree = Tree()
    let pdf = try Data(
      contentsOf: URL(fileURLWithPath: TestPaths.inPackage("Tests/ImageDecodingTests/Fixtures/square.pdf")))
    tree.bytes("A.xcassets/good.imageset/g.pdf", Array(pdf))
    try imageSet(tree, "good", file: "g.pdf")
    tree.text("A.xcassets/svg.imageset/s.svg", Self.svg)
    try imageSet(tree, "svg", file: "s.svg")
    tree.text(
      "A.xcassets/broken.imageset/b.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="9"><rect"#)
    try imageSet(tree, "broken", file: "b.svg")
    try tree.png("A.xcassets/fake.imageset/f.pdf", 4, 4)
    try imageSet(tree, "fake", file: "f.pdf")
    let findings = tree.check(require: [1]).findings(.unreadable)
    #expect(
      findings.map(\.relativePath).sorted() == [
        "A.xcassets/broken.imageset/b.svg", "A.xcassets/fake.imageset/f.pdf",
      ])
    let broken = try #require(findings.first { $0.relativePath.hasSuffix("b.svg") })
    #expect(broken.message.hasPrefix("an SVG (vector): "))
    let fake = try #require(findings.first { $0.relativePath.hasSuffix("f.pdf") })
    #expect(fake.message.hasPrefix("PNG data in a .pdf file: "))
  }

  @Test("a symbol set's slot takes only an SVG template: a PNG there is unreadable; a template is not")
  func symbols() throws {
    let tree = Tree()
    try tree.png("A.xcassets/png.symbolset/p.png", 20, 20)
    tree.text(
      "A.xcassets/png.symbolset/Contents.json", #"{"symbols": [{"filename": "p.png", "idiom": "universal"}]}"#
    )
    tree.text("A.xcassets/ok.symbolset/ok.svg", Self.symbol)
    tree.text(
      "A.xcassets/ok.symbolset/Contents.json", #"{"symbols": [{"filename": "ok.svg", "idiom": "universal"}]}"#
    )
    let findings = tree.check(require: [1]).findings(.unreadable)
    #expect(findings.map(\.relativePath) == ["A.xcassets/png.symbolset/p.png"])
    #expect(findings.first?.message.hasPrefix("a PNG in a symbol set") == true)
  }

  @Test(
    "a raster with preserves-vector-representation in a Single Scale slot is not a finding (actool ignores it)"
  )
  func preservedRaster() throws {
    let tree = Tree()
    try tree.png("A.xcassets/logo.imageset/logo.png", 64, 64)
    tree.text(
      "A.xcassets/logo.imageset/Contents.json",
      #"{"images": [{"filename": "logo.png", "idiom": "universal"}], "properties": {"preserves-vector-representation": true}}"#
    )
    #expect(tree.check(require: [1]).findings(.unreadable).isEmpty)
  }

  @Test("a truncated JPEG is found by --deep only; an SVG too large to draw at 3x is still drawn by --deep")
  func deep() throws {
    let tree = Tree()
    let jpeg = try Data(
      contentsOf: URL(fileURLWithPath: TestPaths.inPackage("Tests/ImageDecodingTests/Fixtures/rgb.jpg")))
    tree.bytes("A.xcassets/photo.imageset/p.jpg", Array(jpeg.prefix(jpeg.count / 2)))
    try imageSet(tree, "photo", file: "p.jpg", scale: "1x")
    tree.text(
      "A.xcassets/wide.imageset/w.svg",
      #"<svg xmlns="http://www.w3.org/2000/svg" width="2960" height="290"><rect width="2960" height="290"/></svg>"#
    )
    try imageSet(tree, "wide", file: "w.svg")
    #expect(tree.check(require: [1]).findings(.unreadable).isEmpty)
    let deep = tree.check(require: [1], deep: true).findings(.unreadable)
    #expect(deep.map(\.relativePath) == ["A.xcassets/photo.imageset/p.jpg"])
    #expect(deep.first?.message.hasPrefix("a JPEG: ") == true)
  }
}
