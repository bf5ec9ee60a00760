import ContactSheet
import ImageCore
import SheetManifest
import Testing

/// One icon, marked as a template or not.
private struct TemplateSource: SheetDataSource {
  var bitmap: Bitmap
  var isTemplate: Bool

  func icon(named name: String, scale: Int) throws -> SheetIcon {
    SheetIcon(bitmap: bitmap, scale: scale, isFallback: false, isTemplate: isTemplate)
  }

  func assetNames() throws -> [String] { ["icon"] }
}

@Suite("Template images are drawn as UIKit tints them: the tint's colour, the image's alpha")
struct TemplateTintTests {
  @Test("every pixel takes the tint; alpha is the image's × the tint's, rounded to nearest")
  func exactPixels() {
    var bitmap = Bitmap(width: 4, height: 1)
    bitmap[0, 0] = (255, 255, 255, 255)
    bitmap[1, 0] = (10, 200, 30, 128)
    bitmap[2, 0] = (0, 0, 0, 0)
    bitmap[3, 0] = (255, 255, 255, 1)
    let opaque = TemplateTint.apply(bitmap, color: SheetColor(red: 28, green: 28, blue: 30))
    #expect(opaque[0, 0] == (28, 28, 30, 255))
    #expect(opaque[1, 0] == (28, 28, 30, 128))
    #expect(opaque[2, 0] == (28, 28, 30, 0))
    #expect(opaque[3, 0] == (28, 28, 30, 1))
    let half = TemplateTint.apply(bitmap, color: SheetColor(red: 0, green: 122, blue: 255, alpha: 128))
    #expect(half[0, 0] == (0, 122, 255, 128))
    // 128 × 128 / 255 = 64.25 → 64; 1 × 128 / 255 = 0.50 → 1 (nearest, halves up).
    #expect(half[1, 0] == (0, 122, 255, 64))
    #expect(half[3, 0] == (0, 122, 255, 1))
    #expect(half.width == 4 && half.height == 1)
  }

  /// Renders one tile of a 60 × 60 white square at 1x on white, without labels, and
  /// counts the pixels of `color`.
  private func count(
    _ color: (UInt8, UInt8, UInt8, UInt8), isTemplate: Bool, tint: SheetColor?
  ) throws -> Int {
    let content = SheetContent(sections: [
      SheetSection(title: nil, tiles: [SheetTile(name: "", icon: "icon")])
    ])
    let layout = try SheetLayout(content: content, options: .init(columns: 1, scale: 1))
    let style = SheetStyle(
      labelColor: SheetColor(red: 28, green: 28, blue: 30), showLabels: false, tint: tint)
    let white = Bitmap(width: 60, height: 60, filling: (255, 255, 255, 255))
    let renderer = SheetRenderer(
      content: content, layout: layout, style: style,
      dataSource: TemplateSource(bitmap: white, isTemplate: isTemplate))
    let (bitmap, _) = try renderer.render()
    var count = 0
    for y in 0..<bitmap.height {
      for x in 0..<bitmap.width where bitmap[x, y] == color { count += 1 }
    }
    return count
  }

  @Test("a white template icon shows on a white sheet: in the label colour, or --tint")
  func onTheSheet() throws {
    let label: (UInt8, UInt8, UInt8, UInt8) = (28, 28, 30, 255)
    let blue: (UInt8, UInt8, UInt8, UInt8) = (0, 122, 255, 255)
    #expect(try count(label, isTemplate: false, tint: nil) == 0)
    // The icon box is 60 pt: at 1x the square is drawn 60 × 60; the rim may blend (a
    // tolerance of one pixel a side), the inside is the tint exactly.
    #expect(try count(label, isTemplate: true, tint: nil) >= 58 * 58)
    #expect(try count(label, isTemplate: true, tint: nil) <= 60 * 60)
    #expect(try count(blue, isTemplate: true, tint: SheetColor(red: 0, green: 122, blue: 255)) >= 58 * 58)
    #expect(try count(label, isTemplate: true, tint: SheetColor(red: 0, green: 122, blue: 255)) == 0)
  }
}
