/// What measuring a label's cuts needs from the one shaping of the whole label: each
/// character's glyphs, where they sit from the character's pen position and where their ink
/// starts and ends, and the same for "…" shaped alone.
///
/// A cut ("Settings and Pri…", "Onb…Background") is measured by laying those glyphs end to
/// end, as ``FontEngine/layout(_:)-(ShapedLine)`` lays out a shaping, without shaping the cut:
/// its width is the cut's width whenever shaping the cut would give each character the glyphs
/// and advances it has in the whole label, bar the kerning beside "…", which is read from the
/// character and "…" shaped together (once per character and language: fonts kern "r…" as
/// they kern "r."). A contextual form across a cut may still make the real width differ, so the cut that is finally drawn is shaped and checked
/// (``DistinctLabels``, ``FontEngine/fit(_:maxWidth:)``).
///
/// Only labels laid out left to right throughout have cuts (a right-to-left run puts glyphs
/// in another order than their characters), and only labels whose every character has a
/// glyph of its own (a ligature such as "ffi" draws several characters with one glyph, whose
/// advance would count wholly at a cut after its first character).
package struct LabelCuts: Sendable {
  /// A glyph relative to its character's pen position.
  struct Glyph: Sendable {
    /// The glyph's origin from the pen, in 26.6 pixels (the advances of the character's
    /// glyphs before it and HarfBuzz's offset).
    var x: Int32
    /// The ink's left and right edges from the glyph's origin rounded to a pixel.
    var inkLeft: Int16
    var inkRight: Int16
  }

  /// The pen advance of each character, in 26.6 pixels; a ligature's counts at its first
  /// character.
  let advances: [Int32]
  /// The inked glyphs of character `i`: `glyphs[starts[i]..<starts[i + 1]]`.
  let starts: [Int32]
  let glyphs: [Glyph]
  let ellipsisAdvance: Int
  let ellipsisGlyphs: [Glyph]
  /// The advance of each character followed by "…", and of "…" followed by the character.
  let beforeEllipsis: [Int32]
  let ellipsisBefore: [Int32]

  /// The characters of the label measured.
  package var count: Int { advances.count }

  /// The width in pixels of the text made of the label's characters at `indices`, in that
  /// order, `-1` standing for "…".
  package func width(of indices: [Int]) -> Int {
    var pen = 0
    var left = 0
    var right = 0
    func place(_ glyphs: ArraySlice<Glyph>) {
      for glyph in glyphs {
        let x = (pen + Int(glyph.x) + 32) >> 6
        left = min(left, x + Int(glyph.inkLeft))
        right = max(right, x + Int(glyph.inkRight))
      }
    }
    for (position, index) in indices.enumerated() {
      let next = position + 1 < indices.count ? indices[position + 1] : nil
      if index < 0 {
        place(ellipsisGlyphs[...])
        pen += next.map { $0 >= 0 ? Int(ellipsisBefore[$0]) : ellipsisAdvance } ?? ellipsisAdvance
      } else {
        place(glyphs[Int(starts[index])..<Int(starts[index + 1])])
        pen += Int(next == -1 ? beforeEllipsis[index] : advances[index])
      }
    }
    return max(right, (pen + 32) >> 6) - left
  }
}

extension FontEngine {
  /// The cuts of `text`, whose shaping is `label` and whose characters (normalised) are
  /// `characters`, as ``cuts(of:characters:ellipsis:)`` builds them; the last text's cuts are
  /// kept, so the distinct-label pass and the fitting that follows it for the same label
  /// (``fit(_:maxWidth:)``) build them once.
  func cuts(ofText text: String, label: ShapedLabel, characters: [Character], ellipsis: ShapedLine)
    -> LabelCuts?
  {
    if let last = lastCuts, last.text == text { return last.cuts }
    let cuts = cuts(of: label, characters: characters, ellipsis: ellipsis)
    lastCuts = (text, cuts)
    return cuts
  }

  /// The cuts of `label`, shaped from `characters`, when it is laid out left to right;
  /// `ellipsis` is "…" shaped alone in the label's language.
  func cuts(of label: ShapedLabel, characters: [Character], ellipsis: ShapedLine) -> LabelCuts? {
    guard label.isLeftToRight, label.advances.count == characters.count else { return nil }
    let characterOfScalar = CharacterOfScalar(characters, identity: label.scalarsAreCharacters)
    var starts: [Int32] = [0]
    var glyphs: [LabelCuts.Glyph] = []
    starts.reserveCapacity(label.advances.count + 1)
    glyphs.reserveCapacity(label.glyphCount)
    var pen = 0
    var character = 0
    var ownsGlyph = [Bool](repeating: false, count: characters.count)
    var inOrder = true
    label.compactLine.forEachGlyph { glyph in
      // Left to right, a character's glyphs follow those of the characters before it.
      guard inOrder, let owner = characterOfScalar[glyph.cluster], owner >= character else {
        inOrder = false
        return
      }
      while character < owner {
        pen += Int(label.advances[character])
        character += 1
        starts.append(Int32(glyphs.count))
      }
      ownsGlyph[owner] = true
      if let placed = placed(glyph, from: pen) { glyphs.append(placed) }
    }
    guard inOrder, !ownsGlyph.contains(false) else { return nil }
    while character < label.advances.count {
      character += 1
      starts.append(Int32(glyphs.count))
    }
    let pairs = characters.map { ellipsisPair($0, language: label.language) }
    return LabelCuts(
      advances: label.advances, starts: starts, glyphs: glyphs, ellipsisAdvance: ellipsis.advance,
      ellipsisGlyphs: ellipsis.glyphs.compactMap { placed($0, from: 0) }, beforeEllipsis: pairs.map(\.before),
      ellipsisBefore: pairs.map(\.after))
  }

  /// The advance of `character` before "…" and of "…" before `character`, each pair shaped
  /// once per language (not counted in ``linesShaped``: no label is shaped).
  func ellipsisPair(_ character: Character, language: String?) -> (before: Int32, after: Int32) {
    // A one-byte character without a language hint, most of a Latin name's, is read by its
    // byte rather than hashed.
    let byte = language == nil && character.utf8.count == 1 ? character.utf8.first.map(Int.init) : nil
    if let byte, let pair = asciiEllipsisPairs[byte] { return pair }
    let key = EllipsisPairKey(character: character, language: language)
    if let pair = ellipsisPairs[key] {
      if let byte { asciiEllipsisPairs[byte] = pair }
      return pair
    }
    let shaped = linesShaped
    let scalars = character.unicodeScalars.count
    let before = shape([character, LabelText.ellipsis], language: language).glyphs
      .filter { $0.cluster < scalars }.reduce(0) { $0 + $1.advance }
    let after = shape([LabelText.ellipsis, character], language: language).glyphs
      .filter { $0.cluster == 0 }.reduce(0) { $0 + $1.advance }
    linesShaped = shaped
    let pair = (Int32(clamping: before), Int32(clamping: after))
    ellipsisPairs[key] = pair
    if let byte { asciiEllipsisPairs[byte] = pair }
    return pair
  }

  /// `glyph` relative to the pen at `pen` (26.6), or `nil` when it has no ink.
  private func placed(_ glyph: ShapedGlyph, from pen: Int) -> LabelCuts.Glyph? {
    let ink = ink(face: face(id: glyph.face), glyph: glyph.glyph)
    guard ink.width > 0, let x = Int32(exactly: glyph.x - pen), let left = Int16(exactly: ink.left),
      let right = Int16(exactly: ink.left + ink.width)
    else { return nil }
    return LabelCuts.Glyph(x: x, inkLeft: left, inkRight: right)
  }
}

/// A character and the language it is shaped in (``FontEngine/ellipsisPair(_:language:)``).
struct EllipsisPairKey: Hashable {
  var character: Character
  var language: String?
}
