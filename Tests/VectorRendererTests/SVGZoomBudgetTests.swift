import ImageCore
import TestSupport
import Testing

@testable import VectorRenderer

/// Degenerate sizes, nested zooms and markers set from style sheets: each refused with the
/// budget it breaks before librsvg draws.
@Suite("VectorImage: zoom and style-sheet budgets")
struct SVGZoomBudgetTests {
  private static let square = "<rect width=\"24\" height=\"24\" fill=\"#f00\"/>"

  private static func isZoomRefusal(_ error: any Error) -> Bool {
    (error as? ImageError)?.code == .limitExceeded
      && (error as? ImageError)?.reason.contains("maxZoom") == true
  }

  @Test("width and height of 1e-30 over a 24-unit viewBox are refused when opened")
  func degenerateSize() {
    #expect {
      _ = try Fixture.svg(
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="1e-30" height="1e-30" viewBox="0 0 24 24">\(Self.square)</svg>
        """)
    } throws: { Self.isZoomRefusal($0) }
  }

  @Test("width and height of 1e-30 without a viewBox are refused when drawn")
  func degenerateSizeDrawn() throws {
    let image = try Fixture.svg(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="1e-30" height="1e-30">\(Self.square)</svg>
      """)
    #expect { _ = try image.render(width: 64, height: 64) } throws: { Self.isZoomRefusal($0) }
  }

  @Test("three nested viewports zooming 1,000 times each are refused; one renders")
  func nestedZoom() throws {
    func nested(_ levels: Int) -> String {
      let open = String(repeating: "<svg width=\"1000\" height=\"1000\" viewBox=\"0 0 1 1\">", count: levels)
      let close = String(repeating: "</svg>", count: levels)
      return """
        <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24000 24000">\
        \(open)<rect width="0.001" height="0.001" fill="#f00"/>\(close)</svg>
        """
    }
    #expect { _ = try Fixture.svg(nested(3)) } throws: { Self.isZoomRefusal($0) }
    let one = SVGReferenceCount.work(Array(nested(1).utf8), cap: 1 << 40, depthLimit: 32)
    // The root shrinks 1,000 times, the viewport inside enlarges as much.
    #expect(one.zoomIn == 1 && one.zoomOut == 0.001)
    _ = try Fixture.svg(nested(1)).render(width: 24, height: 24)
  }

  @Test("a real icon's size over its viewBox is within the budget")
  func ordinaryIcon() throws {
    let image = try Fixture.svg(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 24 24">\(Self.square)</svg>
      """)
    let bitmap = try image.render(scale: 1)
    #expect(bitmap.width == 1024 && bitmap[512, 512] == (255, 0, 0, 255))
  }

  @Test("markers set from a <style> sheet are paid for at every vertex")
  func styleSheetMarkers() throws {
    let path = "M0 0 " + String(repeating: "l1 0 ", count: 3_000)
    let text = """
      <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">\
      <style>path { stroke: #000; marker-mid: url(#m) }</style>\
      <marker id="m" markerWidth="1000" markerHeight="1000" markerUnits="userSpaceOnUse">\
      <rect width="1000" height="1000" opacity="0.5"/></marker>\
      <path d="\(path)" fill="none"/></svg>
      """
    #expect(SVGReferenceCount.markersInStyleSheets(Array(text.utf8)) == [Array("m".utf8)])
    let image = try Fixture.svg(text)
    #expect { _ = try image.render(width: 1024, height: 1024) } throws: { error in
      (error as? ImageError)?.reason.contains("pixel-passes") == true
    }
  }
}
