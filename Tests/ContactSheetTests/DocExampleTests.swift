import AssetIndex
import AssetResolver
import ContactSheet
import ImageCore
import PNGCodec
import TestSupport
import Testing

/// The example of `Sources/ContactSheet/ContactSheet.docc/GettingStarted.md`, run as written
/// with absolute paths, so the article cannot drift from the API.
@Suite("ContactSheet's getting-started article")
struct DocExampleTests {
  @Test func aManifestBecomesASheet() throws {
    let folder = TemporaryFolder.make("contactsheet-doc")
    defer { TemporaryFolder.remove(folder) }
    let demo = TestPaths.inPackage("Assets/Demo")

    let content = try Manifest.load(contentsOf: demo + "/grouped.plist")
    let layout = try SheetLayout(content: content, options: SheetLayoutOptions(columns: 5, scale: 2))
    let library = try AssetLibrary(root: demo)
    let renderer = SheetRenderer(
      content: content, layout: layout, dataSource: AssetLibrarySource(library))
    let summary = try renderer.write(to: folder + "/sheet@2x.png")

    #expect(summary.tiles == content.tileCount && summary.tiles > 0)
    #expect(summary.missing == ["missing-app"])  // the demo shows a placeholder on purpose
    let header = try PNGHeader.probe(contentsOf: folder + "/sheet@2x.png")
    #expect(header.width == summary.widthPixels && header.height == summary.heightPixels)
  }
}
