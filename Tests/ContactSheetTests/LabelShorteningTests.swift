import Foundation
import Testing

@testable import ContactSheet

/// Labels in many scripts, long enough to be shortened in a 2x tile.
private let longLabels = [
  "SettingsAndPrivacyPreferencesIcon",
  "Ligatures-fficeoffice-waffle-flow",
  "Cafe\u{301}-Crème-Brûlée-Übersicht-Straße",
  "مرحبا بالعالم في التطبيقات الكثيرة",
  "שלום עולם זה שם ארוך מאוד",
  "mixed-English-עברית-and-more-text",
  "设置和隐私偏好设置图标很长的名字",
  "日本語のとても長いアイコンの名前です",
  "Devanagari-हिन्दी-क्षत्रिय-नमस्ते-दुनिया",
  "emoji-👩‍👩‍👧‍👦-family-🇫🇷-flag-long-name",
  "a       b                                    spaces at the cut",
]

private func engine() throws -> FontEngine {
  try FontEngine(family: "sans-serif", pixelSize: 24)
}

@Suite struct LabelShorteningTests {
  @Test func eachLabelIsShapedOnceForMeasuringAndDrawing() throws {
    let engine = try engine()
    let width = engine.width(of: "SettingsAndPrivacy")
    #expect(engine.labels.count == 1)
    _ = engine.renderLine("SettingsAndPrivacy", maxWidth: 1000)
    _ = engine.renderLine("SettingsAndPrivacy", maxWidth: 60)
    #expect(engine.labels.count == 1)
    #expect(engine.width(of: "SettingsAndPrivacy") == width)
    // Shortened candidates are measured once and not kept.
    _ = engine.width(of: "Settings…")
    #expect(engine.labels.count == 1)
  }

  @Test(arguments: longLabels, [60, 120, 160])
  func shortenedLabelFitsEndsInEllipsisAndKeepsAllThatFits(text: String, maxWidth: Int) throws {
    let engine = try engine()
    let mask = engine.renderLine(text, maxWidth: maxWidth)
    try #require(engine.width(of: text) > maxWidth)
    #expect(mask.wasTruncated)
    #expect(mask.width <= maxWidth)
    let characters = Array(LabelText.normalized(text))
    let kept = Self.keptCount(of: characters, in: mask, engine: engine, maxWidth: maxWidth)
    let shown = try #require(kept)
    #expect(shown.last == LabelText.ellipsis)
    // Not one character more would have fitted.
    let count = shown.count - 1
    if count + 1 < characters.count {
      let longer = LabelText.shortened(characters, keeping: count + 1)
      if longer.count > shown.count {
        #expect(engine.layout(longer, language: LabelText.languageHint(text)).width > maxWidth)
      }
    }
  }

  /// The shortened text whose own rendering has `mask`'s pixels.
  private static func keptCount(
    of characters: [Character], in mask: GlyphMask, engine: FontEngine, maxWidth: Int
  ) -> [Character]? {
    (0..<characters.count).lazy.map { LabelText.shortened(characters, keeping: $0) }
      .first { candidate in
        let own = engine.renderLine(String(candidate), maxWidth: 1 << 20)
        return own.coverage == mask.coverage && own.width == mask.width
      }
  }

  @Test func aShortenedLatinLabelDrawsTheWholeLabelsFirstGlyphs() throws {
    let engine = try engine()
    let text = "SettingsAndPrivacyPreferencesIcon"
    let full = engine.shape(Array(text), language: nil)
    let mask = engine.renderLine(text, maxWidth: 150)
    let shown = try #require(Self.keptCount(of: Array(text), in: mask, engine: engine, maxWidth: 150))
    let short = engine.shape(shown, language: nil)
    #expect(short.glyphs.count == shown.count)
    let prefix = short.glyphs.dropLast().map(\.glyph)
    #expect(prefix == full.glyphs.prefix(prefix.count).map(\.glyph))
    #expect(prefix.count >= 8)
  }

  @Test(arguments: longLabels, [40, 100, 160])
  func theSheetsDistinctLabelsShortenAsTheRasterizerDoes(text: String, maxWidth: Int) throws {
    let engine = try engine()
    let ellipsis = engine.shapedLabel(String(LabelText.ellipsis)).advances.map(Int.init)
    let measured = DistinctLabels.Measured(
      characters: Array(text), advances: engine.shapedLabel(text).advances.map(Int.init),
      ellipsisAdvance: ellipsis.first ?? 0)
    let end = DistinctLabels.fitEnd(
      Array(text), maxWidth: maxWidth, width: engine.width(of:), advances: measured.advances)
    let bisected = DistinctLabels.fitEnd(Array(text), maxWidth: maxWidth, width: engine.width(of:))
    #expect(end == bisected)
    let drawn = engine.renderLine(text, maxWidth: maxWidth)
    let own = engine.renderLine(end, maxWidth: maxWidth)
    #expect(own.width <= maxWidth && drawn.width <= maxWidth)
    // Han without kana is drawn as Chinese, with kana as Japanese: "日本語…" alone takes
    // other glyphs than the same characters cut from a Japanese label.
    if LabelText.languageHint(end) == LabelText.languageHint(text) {
      #expect(own.coverage == drawn.coverage && own.width == drawn.width)
    }
  }

  @Test func advancesAreOnePerCharacterAndAddUpToTheLine() throws {
    let engine = try engine()
    for text in longLabels {
      let normalized = LabelText.normalized(text)
      let label = engine.shapedLabel(text)
      #expect(label.advances.count == normalized.count, "\(text)")
      #expect(label.advances.reduce(0) { $0 + Int($1) } == label.line.advance, "\(text)")
      #expect(label.line.glyphs == engine.shape(Array(normalized), language: label.language).glyphs)
    }
  }

  @Test(arguments: 0..<40)
  func aGuessFindsWhatBisectionFinds(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed))
    let upper = Int.random(in: 0...60, using: &generator)
    let answer = Int.random(in: 0...upper, using: &generator)
    var calls = 0
    let fits = { (count: Int) -> Bool in
      calls += 1
      return count <= answer
    }
    let bisected = FittingSearch.largest(upTo: upper, guess: nil, fits: fits)
    let guess = Int.random(in: -2...(upper + 2), using: &generator)
    calls = 0
    #expect(FittingSearch.largest(upTo: upper, guess: guess, fits: fits) == bisected)
    #expect(bisected == answer)
    #expect(calls <= abs(guess - answer) + 2)
  }

  @Test func theGuessStopsAtTheLimit() {
    #expect(FittingSearch.guess(advances: [64, 64, 64], count: 3, upTo: 2, extra: 32, limit: 200) == 2)
    #expect(FittingSearch.guess(advances: [64, 64, 64], count: 3, upTo: 3, extra: 32, limit: 100) == 1)
    #expect(FittingSearch.guess(advances: [64, 64, 64], count: 3, upTo: 3, extra: 32, limit: 10) == 0)
    #expect(FittingSearch.guess(advances: [64, 64], count: 3, upTo: 3, extra: 0, limit: 1000) == nil)
  }

  @Test func theCacheEvictsTheOldestByCountAndByGlyphs() throws {
    let engine = try engine()
    let line = engine.shape(Array("abcd"), language: nil)
    let label = ShapedLabel(line: line, characters: Array("abcd"), language: nil, width: 40)
    var cache = ShapedLabelCache(capacity: 3, glyphLimit: 10)
    for name in ["one", "two", "three"] { cache.insert(label, for: name) }
    #expect(cache.count == 2 && cache.glyphs == 8)
    #expect(cache["one"] == nil && cache["three"] != nil)
    var counted = ShapedLabelCache(capacity: 2, glyphLimit: 100)
    for name in ["one", "two", "three", "four"] { counted.insert(label, for: name) }
    #expect(counted.count == 2 && counted["three"] != nil && counted["four"] != nil && counted["two"] == nil)
    #expect(counted["four"]?.line.glyphs == line.glyphs)
  }
}

/// A small deterministic generator (SplitMix64), so failures repeat.
private struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
