import AssetResolver
import ContactSheet
import ImageCore
import Synchronization
import TestSupport
import Testing

/// The library's icons, with the pixel area of the decodes running at once counted.
private final class CountingSource: SheetDataSource {
  let source: AssetLibrarySource
  private let counts = Mutex((inFlight: 0, peak: 0, calls: 0))

  init(_ source: AssetLibrarySource) { self.source = source }

  /// The largest area whose `icon(named:scale:)` calls ran at once, and how many calls ran.
  var peak: (area: Int, calls: Int) { counts.withLock { ($0.peak, $0.calls) } }

  func icon(named name: String, scale: Int) throws -> SheetIcon {
    let area = source.pixelArea(named: name, scale: scale) ?? 0
    counts.withLock {
      $0.inFlight += area
      $0.peak = max($0.peak, $0.inFlight)
      $0.calls += 1
    }
    defer { counts.withLock { $0.inFlight -= area } }
    return try source.icon(named: name, scale: scale)
  }

  func assetNames() throws -> [String] { try source.assetNames() }

  func pixelArea(named name: String, scale: Int) -> Int? { source.pixelArea(named: name, scale: scale) }
}

@Suite("Sheets weigh the decodes in flight by pixel area")
struct PixelsInFlightTests {
  @Test("six 1,200 × 1,200 images and four icons under a budget of 2 megapixels: one large decode at a time")
  func budgetRespected() throws {
    let tree = Tree("pixels-in-flight")
    for index in 0..<6 {
      try tree.png("large\(index).png", width: 1_200, height: 1_200, colour: UInt8(index * 40))
    }
    for index in 0..<4 { try tree.png("small\(index).png", width: 60, height: 60) }
    let library = try AssetLibrary(root: tree.root, lookupLanes: 1)
    let source = CountingSource(AssetLibrarySource(library))
    #expect(source.pixelArea(named: "large0", scale: 2) == 1_440_000)
    #expect(source.pixelArea(named: "small0", scale: 2) == 3_600)
    #expect(source.pixelArea(named: "absent", scale: 2) == nil)
    let content = SheetContent(assetNames: try source.assetNames())
    let layout = try SheetLayout(content: content, options: .init(columns: 5, scale: 1))
    var renderer = SheetRenderer(content: content, layout: layout, dataSource: source)
    #expect(renderer.pixelsInFlight == SheetRenderer.defaultPixelsInFlight)
    renderer.pixelsInFlight = 2_000_000
    let (_, summary) = try renderer.render()
    #expect(summary.missing.isEmpty && summary.unreadable.isEmpty)
    let peak = source.peak
    #expect(peak.calls == 10)
    #expect(peak.area <= 2_000_000, "\(peak.area) pixels decoded at once")
    #expect(peak.area >= 1_440_000)
  }
}
