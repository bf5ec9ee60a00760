import ImageCore
import ImageDecoding
import TestSupport
import Testing

@Suite("ImageDecoder: rasters reduced to the size they are drawn")
struct DrawnSizeTests {
  private let quadrants = TestPaths.inPackage("Tests/RasterCodecsTests/Fixtures/large-quadrants.webp")

  @Test("a 5,000-pixel WebP drawn within 64 px keeps 4 pixels per point of the box: 256 × 256")
  func densityFloor() throws {
    let image = try ImageDecoder.decode(contentsOf: quadrants, drawnWithin: 64)
    #expect(image.format == .webp)
    #expect(image.bitmap.width == 256 && image.bitmap.height == 256)
  }

  @Test("a loader with a box hands the same reduced pixels to a library")
  func loader() throws {
    let loader = FormatLoader(drawnWithin: 100)
    let bitmap = try loader.load(ImageLoadRequest(path: quadrants, scale: 1, isVector: false))
    #expect(bitmap.width == 400 && bitmap.height == 400)
    #expect(bitmap[100, 100].0 >= 194 && bitmap[300, 300].0 <= 134)
  }
}
