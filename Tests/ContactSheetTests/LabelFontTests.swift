import AssetIndex
import AssetResolver
import ContactSheet
import Foundation
import ImageCore
import PNGCodec
import TestSupport
import Testing

/// A label font given as a file: one that is not a font is refused with `FontError`, a real
/// one is opened.
@Suite struct LabelFontTests {
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
