import Foundation
import Synchronization

/// Draws single-line labels in any script as anti-aliased coverage masks.
///
/// The primary font is the one fontconfig picks for the family; a character it lacks is drawn
/// with the font fontconfig prefers for that character (Chinese, Japanese and Korean included),
/// aligned on the primary font's baseline. Text wider than the requested width is shortened
/// by whole characters and ends in "…".
///
/// Thread-safe: FreeType is not, so every render takes one lock; rendered masks are cached by
/// text and width, so repeated labels cost a dictionary look-up. Each rasterizer owns its
/// FreeType library and fontconfig configuration and releases them when it goes away.
///
/// ```swift
/// let labels = try LabelRasterizer(family: nil, pixelSize: 24)
/// let mask = labels.render("设置", maxWidth: 160)
/// ```
package final class LabelRasterizer: Sendable {
  /// Height of every mask in pixels: the primary font's ascender minus its descender.
  package let lineHeight: Int
  /// The primary font: family, file and pixel size, for `--verbose` output and tests.
  package let fontDescription: String
  /// Rows from a mask's top to its baseline; the same for every mask.
  package let baseline: Int
  private let engine: Mutex<FontEngine>

  /// Finds the fonts for `family` at `pixelSize` pixels per em.
  ///
  /// - Parameters:
  ///   - family: a fontconfig family name or alias such as "DejaVu Sans" or "serif"; `nil`
  ///     means "sans-serif". An unknown family falls back to fontconfig's substitute.
  ///   - pixelSize: the em size in pixels (the font size in points × the sheet's scale).
  /// - Throws: ``FontError`` when the size is outside 1...512 or no font at all can be found.
  package init(family: String?, pixelSize: Int) throws(FontError) {
    let engine = try FontEngine(family: family ?? "sans-serif", pixelSize: pixelSize)
    lineHeight = engine.lineHeight
    baseline = engine.ascender
    fontDescription = "\(engine.primary.description), \(pixelSize) px"
    self.engine = Mutex(engine)
  }

  /// Renders `text` on one line, no wider than `maxWidth` pixels.
  ///
  /// Line breaks and tabs become spaces. When the text is too wide, characters (grapheme
  /// clusters) are dropped from its end and "…" is appended; when even "…" does not fit, the
  /// mask is empty (width 0) and marked truncated.
  ///
  /// - Complexity: a cache hit is a hash look-up; a miss lays the text out once, plus once per
  ///   character dropped near the cut.
  package func render(_ text: String, maxWidth: Int) -> GlyphMask {
    let key = BoundedMaskCache.Key(text: text, maxWidth: maxWidth)
    return engine.withLock { engine in
      if let mask = engine.masks[key] { return mask }
      let mask = engine.renderLine(text, maxWidth: maxWidth)
      engine.masks.insert(mask, for: key)
      return mask
    }
  }

  /// Descriptions of the faces that draw `text`, primary first when it is used, for
  /// `--verbose` output and tests ("Noto Sans CJK SC (/usr/share/…/NotoSansCJK-Regular.ttc#2)").
  package func fonts(for text: String) -> [String] {
    engine.withLock { engine in
      let normalized = LabelText.normalized(text)
      let language = LabelText.languageHint(normalized)
      var ids: Set<Int> = []
      for scalar in LabelText.scalars(of: String(engine.displayOrder(Array(normalized)))) {
        ids.insert(engine.resolve(scalar, language: language).face.id)
      }
      let faces = engine.openedFaces
      return ids.sorted().map { faces[$0].description }
    }
  }
}

/// How label text is cleaned up and which language guides the choice of CJK fallback.
enum LabelText {
  static let ellipsis: Character = "\u{2026}"

  /// NFC, so names that arrive decomposed (as macOS file names do) use precomposed glyphs;
  /// line breaks, tabs and other controls become spaces on a one-line label.
  static func normalized(_ text: String) -> String {
    let composed = text.precomposedStringWithCanonicalMapping
    guard composed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
      return composed
    }
    var cleaned = String.UnicodeScalarView()
    for scalar in composed.unicodeScalars {
      cleaned.append(scalar.properties.generalCategory == .control ? " " : scalar)
    }
    return String(cleaned)
  }

  /// The scalars that produce glyphs: default-ignorable ones (joiners, variation selectors)
  /// have no ink and would otherwise show as missing-glyph boxes.
  static func scalars(of text: some StringProtocol) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
  }

  /// A fontconfig language for Han characters: the same code point has different preferred
  /// shapes in Japanese, Korean and Chinese fonts. Kana means Japanese, Hangul Korean, and
  /// Han alone is taken as Simplified Chinese.
  static func languageHint(_ text: String) -> String? {
    var sawHan = false
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return "ja"
      case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return "ko"
      case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: sawHan = true
      default: break
      }
    }
    return sawHan ? "zh-cn" : nil
  }
}

extension LabelText {
  private enum Direction {
    case leftToRight, rightToLeft, neutral
  }

  /// Whether any character belongs to a right-to-left script.
  static func hasRightToLeft(_ characters: some Sequence<Character>) -> Bool {
    characters.contains { direction(of: $0) == .rightToLeft }
  }

  /// The characters in display order, by a simplified bidirectional algorithm that is enough
  /// for one-line names: the first strong character sets the line's direction, right-to-left
  /// runs (Hebrew, Arabic and their neighbours) read right to left, digits and left-to-right
  /// runs keep their order, and spaces between two runs of one direction join them.
  ///
  /// Arabic letters are not joined into their contextual forms: that needs a shaping engine.
  static func visualOrder(_ characters: [Character]) -> [Character] {
    let directions = characters.map(direction(of:))
    guard directions.contains(.rightToLeft) else { return characters }
    let line = directions.first { $0 != .neutral } ?? .leftToRight
    // Resolve neutrals: between two strong characters of one direction they take it, otherwise
    // the line's direction.
    var resolved = directions
    var index = 0
    while index < resolved.count {
      guard resolved[index] == .neutral else {
        index += 1
        continue
      }
      var end = index
      while end < resolved.count, resolved[end] == .neutral { end += 1 }
      let before = index > 0 ? resolved[index - 1] : line
      let after = end < resolved.count ? resolved[end] : line
      let direction = before == after ? before : line
      for position in index..<end { resolved[position] = direction }
      index = end
    }
    // Cut into runs of one direction, reverse right-to-left runs, and in a right-to-left line
    // reverse the order of the runs as well.
    var runs: [[Character]] = []
    var start = 0
    for position in 1...characters.count
    where position == characters.count || resolved[position] != resolved[start] {
      let run = Array(characters[start..<position])
      runs.append(resolved[start] == .rightToLeft ? run.reversed() : run)
      start = position
    }
    if line == .rightToLeft { runs.reverse() }
    return Array(runs.joined())
  }

  private static func direction(of character: Character) -> Direction {
    guard let scalar = character.unicodeScalars.first else { return .neutral }
    switch scalar.value {
    case 0x0660...0x0669, 0x06F0...0x06F9:
      // Arabic-Indic digits are written left to right like other digits.
      return .leftToRight
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
      return .rightToLeft
    default:
      return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        ? .leftToRight : .neutral
    }
  }
}

/// Glyphs placed on a line, in whole pixels relative to the pen's start.
struct LineLayout {
  struct Placed {
    var image: GlyphImage
    var x: Int
  }

  var glyphs: [Placed] = []
  /// Leftmost ink (≤ 0 when a glyph overhangs the start) and rightmost ink or pen position.
  var left = 0
  var right = 0
  /// Pen position in pixels after each character, for choosing where to cut.
  var penAfterCharacter: [Int] = []

  var width: Int { right - left }
}

extension FontEngine {
  /// Lays out `characters` on one line with kerning (primary face only) and hinting's
  /// side-bearing corrections, pen positions rounded to whole pixels.
  func layout(_ characters: some Sequence<Character>, language: String?) -> LineLayout {
    var line = LineLayout()
    var pen = 0
    var previous: (face: Int, glyph: UInt32, rsbDelta: Int)?
    for character in characters {
      for scalar in LabelText.scalars(of: String(character)) {
        let (face, glyph) = resolve(scalar, language: language)
        let image = image(face: face, glyph: glyph)
        if let previous {
          if previous.face == face.id, face.id == primary.id {
            pen += kerning(previous.glyph, glyph, in: face)
          }
          // FreeType's recipe for light hinting: when hinting moved the facing side bearings
          // apart or together by more than half a pixel, move the pen by a pixel to match.
          let drift = previous.rsbDelta - image.lsbDelta
          if drift > 32 {
            pen -= 64
          } else if drift < -31 {
            pen += 64
          }
        }
        let x = (pen + 32) >> 6
        if image.width > 0 {
          line.left = min(line.left, x + image.left)
          line.right = max(line.right, x + image.left + image.width)
        }
        line.glyphs.append(.init(image: image, x: x))
        pen += image.advance
        previous = (face.id, glyph, image.rsbDelta)
      }
      line.right = max(line.right, (pen + 32) >> 6)
      line.penAfterCharacter.append((pen + 32) >> 6)
    }
    return line
  }

  /// Lays out, shortens to fit and draws one label.
  ///
  /// Shortening works on the logical order (the end of the text is what gets dropped, so an
  /// RTL label loses its visual left); layout works on the visual order.
  func renderLine(_ text: String, maxWidth: Int) -> GlyphMask {
    let normalized = LabelText.normalized(text)
    let language = LabelText.languageHint(normalized)
    let characters = Array(normalized)
    let full = layout(displayOrder(characters), language: language)
    if full.width <= maxWidth {
      return draw(full, truncated: false)
    }
    let ellipsis = layout(CollectionOfOne(LabelText.ellipsis), language: language)
    guard ellipsis.width <= maxWidth else {
      return GlyphMask(width: 0, height: lineHeight, coverage: [], baseline: ascender, wasTruncated: true)
    }
    // Start from the longest prefix whose pen position leaves room for "…", then step back
    // while ink overhangs still make it too wide. Pen positions only follow the logical order
    // when nothing was reordered.
    var keep = characters.count - 1
    if !LabelText.hasRightToLeft(characters) {
      let room = maxWidth - ellipsis.width
      keep = min(keep, full.penAfterCharacter.lastIndex { $0 <= room }.map { $0 + 1 } ?? 0)
    }
    while keep > 0 {
      var prefix = characters[..<keep]
      while let last = prefix.last, last.isWhitespace { prefix.removeLast() }
      let candidate = layout(displayOrder(prefix + [LabelText.ellipsis]), language: language)
      if candidate.width <= maxWidth {
        return draw(candidate, truncated: true)
      }
      keep -= 1
    }
    return draw(ellipsis, truncated: true)
  }

  /// Arabic letters in their joined forms, then everything in display order.
  func displayOrder(_ characters: [Character]) -> [Character] {
    let shaped = ArabicJoining.shaped(characters) { resolve($0, language: nil).glyph != 0 }
    return LabelText.visualOrder(shaped)
  }

  /// Composites the placed glyphs into a mask, overlapping ink taking the larger coverage.
  private func draw(_ line: LineLayout, truncated: Bool) -> GlyphMask {
    let width = line.width
    let height = lineHeight
    var coverage = [UInt8](repeating: 0, count: width * height)
    for placed in line.glyphs where placed.image.width > 0 {
      let image = placed.image
      let originX = placed.x + image.left - line.left
      let originY = ascender - image.top
      for row in 0..<image.height {
        let y = originY + row
        guard y >= 0, y < height else { continue }
        for column in 0..<image.width {
          let x = originX + column
          guard x >= 0, x < width else { continue }
          let value = image.coverage[row * image.width + column]
          let offset = y * width + x
          if value > coverage[offset] { coverage[offset] = value }
        }
      }
    }
    return GlyphMask(
      width: width, height: height, coverage: coverage, baseline: ascender, wasTruncated: truncated)
  }
}
