import AssetIndex
import AssetResolver
import ContactSheet
import Foundation
import ImageCore
import PNGCodec
import TestSupport
import Testing

/// The example of README's "Rendering sheets in a service", with the root and the output as
/// parameters; the test runs it against a scratch folder.
func readmeSheetExample(root: String, output: String) throws -> SheetSummary {
  // The icons (the resolver's scale rule and cache), one tile per asset, and the grid.
  let library = try AssetLibrary(root: root)
  let content = SheetContent(assetNames: library.catalog.assets.map(\.name))
  let layout = try SheetLayout(content: content, options: SheetLayoutOptions(columns: 5, scale: 2))

  // Labels in the family fontconfig picks, or a file: LabelFont.file("/srv/fonts/Brand.otf").
  let renderer = try SheetRenderer(
    content: content, layout: layout, dataSource: AssetLibrarySource(library),
    labelFont: .family("Noto Sans"))

  // Strip by strip into a PNG written atomically; the summary says what was missing.
  let summary = try renderer.write(to: output)

  return summary
}

@Suite struct ReadmeExampleTests {
  @Test func theSheetExampleRunsAndDrawsLabels() throws {
    let tree = Tree()
    try tree.png("mail@2x.png", 120, 120, color: (0, 90, 200, 255))
    try tree.png("Icons/maps@2x.png", 120, 120, color: (0, 160, 60, 255))
    let output = tree.path("sheet.png")
    let summary = try readmeSheetExample(root: tree.root, output: output)
    #expect(summary.tiles == 2)
    #expect(summary.missing.isEmpty && summary.fallbacks.isEmpty)
    let sheet = try PNGDecoder.decode(contentsOf: output)
    #expect(sheet.width == summary.widthPixels && sheet.height == summary.heightPixels)
    // Label ink: dark pixels under the icons (the icons are blue and green, the rest white).
    let layout = try SheetLayout(
      content: SheetContent(assetNames: ["Icons/maps", "mail"]),
      options: SheetLayoutOptions(columns: 5, scale: 2))
    let row = try #require(layout.rows.last)
    let tileWidth = layout.options.tileWidth * 2
    for column in 0..<2 {
      let left = layout.xPixels(column: column)
      let labelTop = row.yPixels + (layout.options.tileHeight - 24) * 2
      var dark = 0
      for y in labelTop..<(row.yPixels + row.heightPixels) {
        for x in left..<(left + tileWidth) {
          let pixel = sheet[x, y]
          if Int(pixel.0) + Int(pixel.1) + Int(pixel.2) < 200 { dark += 1 }
        }
      }
      #expect(dark > 50, "no label ink under tile \(column)")
    }
  }

  @Test func aFontFileThatIsNotAFontThrows() throws {
    let content = SheetContent(assetNames: ["mail"])
    let layout = try SheetLayout(content: content, options: SheetLayoutOptions())
    let tree = Tree()
    let library = try AssetLibrary(root: tree.root)
    #expect(throws: FontError.self) {
      _ = try SheetRenderer(
        content: content, layout: layout, dataSource: AssetLibrarySource(library),
        labelFont: .file(#filePath))
    }
    let file = try SheetRenderer(
      content: content, layout: layout, dataSource: AssetLibrarySource(library),
      labelFont: .file("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
    #expect(file.layout.options.fontSize == 12)
  }
}
