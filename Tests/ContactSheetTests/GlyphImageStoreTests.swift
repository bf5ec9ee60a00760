import Testing

@testable import ContactSheet

@Suite struct GlyphImageStoreTests {
  private static func image(_ marker: UInt8) -> GlyphImage {
    GlyphImage(left: Int(marker), top: 1, width: 1, height: 1, coverage: [marker])
  }

  @Test("an image is found by its face and glyph, and only by them")
  func findsByFaceAndGlyph() {
    var store = GlyphImageStore(limit: 16)
    store.insert(Self.image(1), face: 0, glyph: 36)
    store.insert(Self.image(2), face: 2, glyph: 36)
    store.insert(Self.image(3), face: 0, glyph: 3)
    #expect(store[face: 0, glyph: 36]?.coverage == [1])
    #expect(store[face: 2, glyph: 36]?.coverage == [2])
    #expect(store[face: 0, glyph: 3]?.coverage == [3])
    #expect(store[face: 1, glyph: 36] == nil)
    #expect(store[face: 0, glyph: 37] == nil)
    #expect(store[face: 0, glyph: 4] == nil)
    #expect(store[face: 3, glyph: 0] == nil)
    #expect(store.count == 3)
  }

  @Test("a full store is emptied before the next image, so it never holds more than its limit")
  func emptiesWhenFull() {
    var store = GlyphImageStore(limit: 2)
    store.insert(Self.image(1), face: 0, glyph: 1)
    store.insert(Self.image(2), face: 1, glyph: 2)
    store.insert(Self.image(3), face: 0, glyph: 3)
    #expect(store.count == 1)
    #expect(store[face: 0, glyph: 1] == nil)
    #expect(store[face: 1, glyph: 2] == nil)
    #expect(store[face: 0, glyph: 3]?.coverage == [3])
  }
}
