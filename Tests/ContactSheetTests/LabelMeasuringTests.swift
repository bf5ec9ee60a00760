import Testing

@testable import ContactSheet

/// The shortcuts a label's measuring takes (its width without a layout, a layout read from
/// the compact glyphs, the scalar table skipped for one-byte text, one-byte characters given
/// the primary face without asking it) give what the long way gives.
@Suite struct LabelMeasuringTests {
  /// Names in several scripts, with marks, emoji, a ligature, a control and a fallback face
  /// after which ASCII follows.
  static let texts = [
    "gnome-apps-preferences-desktop-keyboard-shortcuts-2", "office file", "Café au lait",
    "Cafe\u{301} 2", "设置 Settings 2", "مرحبا abc", "שלום 12", "नमस्ते-3", "👩‍👩‍👧 family",
    "a\r\nb", "x\u{200D}y", "",
  ]

  @Test(arguments: texts)
  func widthWithoutLayoutIsTheLayoutsWidth(text: String) throws {
    let engine = try FontEngine(family: "sans-serif", pixelSize: 24)
    let normalized = LabelText.normalized(text)
    let line = engine.shape(Array(normalized), language: LabelText.languageHint(normalized))
    #expect(engine.width(of: line) == engine.layout(line).width)
    let compact = engine.layout(CompactLine(line))
    let whole = engine.layout(line)
    #expect(compact.left == whole.left && compact.right == whole.right)
    #expect(
      compact.glyphs.map { [$0.x, $0.y, $0.image.width] }
        == whole.glyphs.map { [$0.x, $0.y, $0.image.width] })
  }

  @Test(arguments: texts)
  func scalarTableSkippedOnlyWhenScalarsAreCharacters(text: String) {
    let characters = Array(text)
    let table = CharacterOfScalar(characters)
    let counted = CharacterOfScalar(characters, utf8Count: text.utf8.count)
    var expected: [Int] = []
    for (index, character) in characters.enumerated() {
      expected.append(contentsOf: repeatElement(index, count: character.unicodeScalars.count))
    }
    for scalar in -1...(expected.count + 1) {
      let want = expected.indices.contains(scalar) ? expected[scalar] : nil
      #expect(table[scalar] == want)
      #expect(counted[scalar] == want)
    }
    // Skipped for every text of one-byte characters, and only where the table is the identity.
    #expect(!table.isIdentity || expected == Array(expected.indices))
    #expect(table.isIdentity == (text.utf8.count == characters.count))
  }

  @Test(arguments: texts)
  func oneByteCharactersTakeTheFacesTheRuleGives(text: String) throws {
    // The engine's faces for each character, and those of a fresh engine shaping each
    // character after the one before it alone (no table filled by earlier texts).
    let engine = try FontEngine(family: "sans-serif", pixelSize: 24)
    for other in Self.texts { _ = engine.shape(Array(other), language: nil) }
    let line = engine.shape(Array(text), language: nil)
    let fresh = try FontEngine(family: "sans-serif", pixelSize: 24)
    let again = fresh.shape(Array(text), language: nil)
    #expect(line.glyphs.map(\.glyph) == again.glyphs.map(\.glyph))
    #expect(
      line.glyphs.map { engine.face(id: $0.face).file } == again.glyphs.map { fresh.face(id: $0.face).file })
  }
}
