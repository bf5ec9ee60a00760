/// Contextual forms for Arabic letters, through the presentation-form code points that fonts
/// such as DejaVu Sans map.
///
/// Without a shaping engine, Arabic letters would all be drawn in their isolated forms and a
/// word would fall apart into letters. This applies the joining rules of the Unicode standard
/// (chapter 9.2) to the basic Arabic and common Persian letters and forms the lam-alef
/// ligatures; anything else is left as it is.
enum ArabicJoining {
  /// How a letter joins its neighbours.
  private enum Joining {
    /// Joins on both sides (beh, seen, lam, …): isolated, final, initial and medial forms.
    case dual
    /// Joins only to the letter before it (alef, dal, reh, waw, …): isolated and final forms.
    case right
    /// Tatweel: joins on both sides and has no forms of its own.
    case causing
  }

  private struct Letter {
    var joining: Joining
    /// The isolated presentation form; final, initial and medial follow it in that order.
    var isolated: UInt32
  }

  /// Letters by code point, with their first presentation form (Arabic Presentation Forms-B,
  /// and Forms-A for the Persian letters).
  private static let letters: [UInt32: Letter] = {
    var table: [UInt32: Letter] = [0x0640: Letter(joining: .causing, isolated: 0)]
    // (letter, how it joins, its isolated presentation form), basic letters then Persian ones.
    let basic: [(UInt32, Joining?, UInt32)] = [
      (0x0621, nil, 0xFE80), (0x0622, .right, 0xFE81), (0x0623, .right, 0xFE83),
      (0x0624, .right, 0xFE85), (0x0625, .right, 0xFE87), (0x0626, .dual, 0xFE89),
      (0x0627, .right, 0xFE8D), (0x0628, .dual, 0xFE8F), (0x0629, .right, 0xFE93),
      (0x062A, .dual, 0xFE95), (0x062B, .dual, 0xFE99), (0x062C, .dual, 0xFE9D),
      (0x062D, .dual, 0xFEA1), (0x062E, .dual, 0xFEA5), (0x062F, .right, 0xFEA9),
      (0x0630, .right, 0xFEAB), (0x0631, .right, 0xFEAD), (0x0632, .right, 0xFEAF),
      (0x0633, .dual, 0xFEB1), (0x0634, .dual, 0xFEB5), (0x0635, .dual, 0xFEB9),
      (0x0636, .dual, 0xFEBD), (0x0637, .dual, 0xFEC1), (0x0638, .dual, 0xFEC5),
      (0x0639, .dual, 0xFEC9), (0x063A, .dual, 0xFECD), (0x0641, .dual, 0xFED1),
      (0x0642, .dual, 0xFED5), (0x0643, .dual, 0xFED9), (0x0644, .dual, 0xFEDD),
      (0x0645, .dual, 0xFEE1), (0x0646, .dual, 0xFEE5), (0x0647, .dual, 0xFEE9),
      (0x0648, .right, 0xFEED), (0x0649, .right, 0xFEEF), (0x064A, .dual, 0xFEF1),
      (0x067E, .dual, 0xFB56), (0x0686, .dual, 0xFB7A), (0x0698, .right, 0xFB8A),
      (0x06A9, .dual, 0xFB8E), (0x06AF, .dual, 0xFB92), (0x06CC, .dual, 0xFBFC),
    ]
    for (code, joining, isolated) in basic {
      // Hamza joins nothing: it keeps its one form, so it needs no entry.
      if let joining { table[code] = Letter(joining: joining, isolated: isolated) }
    }
    return table
  }()

  private static let lam: UInt32 = 0x0644
  /// Lam followed by one of these alefs becomes one ligature glyph, in the order of the
  /// ligatures at U+FEF5…U+FEFC (isolated and final form each).
  private static let ligatingAlefs: [UInt32] = [0x0622, 0x0623, 0x0625, 0x0627]

  /// The characters with each Arabic letter replaced by its contextual form, when `hasGlyph`
  /// says the fonts can draw that form.
  static func shaped(_ characters: [Character], hasGlyph: (Unicode.Scalar) -> Bool) -> [Character] {
    let codes = characters.map { $0.unicodeScalars.first?.value ?? 0 }
    guard codes.contains(where: { letters[$0] != nil }) else { return characters }
    // A zero-width non-joiner extends the character before it and stops it joining forward.
    let nonJoining = characters.map { $0.unicodeScalars.contains("\u{200C}") }
    func joinsForward(_ index: Int) -> Bool {
      guard index >= 0, index < codes.count, let letter = letters[codes[index]] else { return false }
      return letter.joining != .right && !nonJoining[index]
    }
    func joinsBackward(_ index: Int) -> Bool {
      index >= 0 && index < codes.count && letters[codes[index]] != nil
    }
    var result: [Character] = []
    result.reserveCapacity(characters.count)
    var index = 0
    while index < characters.count {
      let code = codes[index]
      guard let letter = letters[code], letter.joining != .causing else {
        result.append(characters[index])
        index += 1
        continue
      }
      let afterJoiningLetter = joinsForward(index - 1)
      if code == lam, index + 1 < codes.count, let alef = ligatingAlefs.firstIndex(of: codes[index + 1]) {
        let ligature = 0xFEF5 + UInt32(alef * 2) + (afterJoiningLetter ? 1 : 0)
        if let scalar = Unicode.Scalar(ligature), hasGlyph(scalar) {
          let marks = characters[index].unicodeScalars.dropFirst()
          result.append(replacingFirstScalar(of: characters[index + 1], with: scalar, adding: marks))
          index += 2
          continue
        }
      }
      let beforeJoiningLetter = joinsForward(index) && joinsBackward(index + 1)
      let offset: UInt32 =
        switch (afterJoiningLetter, beforeJoiningLetter) {
        case (false, false): 0
        case (true, false): 1
        case (false, true): 2
        case (true, true): 3
        }
      if let scalar = Unicode.Scalar(letter.isolated + offset), hasGlyph(scalar) {
        result.append(replacingFirstScalar(of: characters[index], with: scalar))
      } else {
        result.append(characters[index])
      }
      index += 1
    }
    return result
  }

  /// The character with its base letter replaced and its marks (harakat) kept.
  private static func replacingFirstScalar(
    of character: Character, with scalar: Unicode.Scalar,
    adding marks: Substring.UnicodeScalarView = Substring.UnicodeScalarView()
  ) -> Character {
    var scalars = String.UnicodeScalarView()
    scalars.append(scalar)
    scalars.append(contentsOf: marks)
    scalars.append(contentsOf: character.unicodeScalars.dropFirst())
    return Character(String(scalars))
  }
}
