import ContactSheet
import Foundation
import ImageCore
import PNGCodec
import TestSupport
import Testing

/// Run under ThreadSanitizer by Scripts/test: tiles of a row are fetched and drawn at once
/// into one strip, and the encoder compresses segments of it at once.
@Suite("Thread safety of the sheet renderer")
struct ThreadSafetySheetTests {
  @Test func parallelTilesAndSegmentsGiveTheSamePixelsEveryTime() throws {
    let names = (0..<24).map { "icon\($0)" }
    var icons: [String: [Int: Bitmap]] = [:]
    for (index, name) in names.enumerated() where index % 7 != 3 {
      let shade = UInt8(truncatingIfNeeded: index * 37)
      icons[name] = [index % 2 == 0 ? 2 : 1: squareIcon(size: 70 + index, color: (shade, 255 - shade, 90))]
    }
    let content = SheetContent(assetNames: names)
    let layout = try SheetLayout(content: content, options: .init(columns: 12, width: .margin(6), scale: 2))
    let renderer = SheetRenderer(
      content: content, layout: layout, dataSource: MemorySource(icons: icons),
      labels: BlockLabels(pixelSize: 24))
    let directory = TemporaryFolder.make("contactsheet-tests")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (first, summary) = try renderer.render()
    #expect(summary.missing.count == 3)
    for round in 0..<2 {
      let path = "\(directory)/sheet\(round).png"
      _ = try renderer.write(to: path)
      #expect(try PNGDecoder.decode(contentsOf: path) == first)
    }
  }
}
