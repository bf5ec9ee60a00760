/// Rendered glyphs by face and glyph index, looked up by position rather than by hashing:
/// a label's layout asks for each of its glyphs, and a sheet lays out tens of thousands of
/// labels from the few hundred glyphs its names use.
///
/// Each face has a table indexed by glyph, grown to the highest glyph asked for (a face has
/// fewer than 65,536 glyphs, so at most 256 KB a face, and far less for the glyphs of
/// Latin names), that holds the glyph's position in one list of images. When the list holds
/// `limit` images it is emptied before the next is added, so a hostile stream of distinct
/// characters cannot grow memory without bound.
struct GlyphImageStore {
  /// The most images held.
  let limit: Int
  /// Per face id, per glyph index: the image's position in `images`, or -1.
  private var slots: [[Int32]] = []
  private var images: [GlyphImage] = []

  init(limit: Int) {
    precondition(limit > 0 && limit < Int(Int32.max), "the limit must be positive")
    self.limit = limit
  }

  /// The images held.
  var count: Int { images.count }

  /// The image of `glyph` in the face numbered `face`, when it is held.
  subscript(face face: Int, glyph glyph: UInt32) -> GlyphImage? {
    guard face >= 0, face < slots.count else { return nil }
    let index = Int(glyph)
    guard index < slots[face].count else { return nil }
    let slot = slots[face][index]
    return slot < 0 ? nil : images[Int(slot)]
  }

  /// Where the ink of `glyph` in face `face` starts from the pen and how wide it is, in
  /// pixels, when its image is held: ``subscript(face:glyph:)`` without copying the image.
  func ink(face: Int, glyph: UInt32) -> (left: Int, width: Int)? {
    guard face >= 0, face < slots.count else { return nil }
    let index = Int(glyph)
    guard index < slots[face].count else { return nil }
    let slot = Int(slots[face][index])
    guard slot >= 0 else { return nil }
    return (images[slot].left, images[slot].width)
  }

  /// Holds `image` for `glyph` of face `face`, emptying the store first when it is full.
  mutating func insert(_ image: GlyphImage, face: Int, glyph: UInt32) {
    precondition(face >= 0, "face ids are not negative")
    if images.count >= limit {
      images.removeAll(keepingCapacity: true)
      for face in slots.indices { slots[face].removeAll(keepingCapacity: true) }
    }
    if slots.count <= face { slots.append(contentsOf: repeatElement([], count: face + 1 - slots.count)) }
    let index = Int(glyph)
    if slots[face].count <= index {
      slots[face].append(contentsOf: repeatElement(-1, count: index + 1 - slots[face].count))
    }
    slots[face][index] = Int32(images.count)
    images.append(image)
  }
}
