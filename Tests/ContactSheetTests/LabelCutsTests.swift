import Testing

@testable import ContactSheet

/// Left-to-right labels whose cuts are measured from their one shaping: theme names, pairs
/// the font kerns ("Tr", "AV", "r" before "…"), marks precomposed by NFC.
private let leftToRightLabels = [
  "gnome-apps-preferences-desktop-keyboard-shortcuts", "SettingsAndPrivacyPreferencesIcon",
  "Cafe\u{301}-Crème-Brûlée-Übersicht-Straße", "TrAVeLyWaTeRr.r,r-Try-AVAVAVAVAVAVAVAV",
  "a       b                                    spaces at the cut",
]

private func engine() throws -> FontEngine {
  try FontEngine(family: "sans-serif", pixelSize: 24)
}

/// A label's cuts in `engine`.
private func cutsOf(_ engine: FontEngine, _ text: String) -> LabelCuts? {
  let label = engine.shapedLabel(text)
  return engine.cuts(
    of: label, characters: Array(LabelText.normalized(text)),
    ellipsis: engine.ellipsis(language: label.language))
}

@Suite struct LabelCutsTests {
  /// Every end cut and middle cut of these labels measures, from the whole label's glyphs,
  /// the width its own shaping lays out.
  @Test(arguments: leftToRightLabels)
  func cutsMeasureWhatTheirShapingMeasures(text: String) throws {
    let engine = try engine()
    let cuts = try #require(cutsOf(engine, text))
    let characters = Array(LabelText.normalized(text))
    for count in 0..<characters.count {
      let real = engine.layout(engine.shape(LabelText.shortened(characters, keeping: count), language: nil))
      #expect(
        cuts.width(of: LabelText.shortenedIndices(characters, keeping: count)) == real.width,
        "\(String(LabelText.shortened(characters, keeping: count)))")
    }
    for count in 1..<(characters.count - 3) {
      let suffix = characters[(characters.count - count)...]
      let real = engine.layout(
        engine.shape(Array(characters[..<3]) + [LabelText.ellipsis] + suffix, language: nil))
      #expect(
        cuts.width(of: [0, 1, 2, -1] + Array((characters.count - count)..<characters.count)) == real.width,
        "\(String(characters[..<3]))…\(String(suffix))")
    }
  }

  /// The cuts of the last label measured are kept for the fitting that follows, so it does
  /// not build them again, and they measure what building them anew measures.
  @Test func lastCutsAreKeptForTheFitting() throws {
    let engine = try engine()
    let first = leftToRightLabels[0]
    let second = leftToRightLabels[1]
    func kept(_ text: String) -> LabelCuts? {
      let label = engine.shapedLabel(text)
      return engine.cuts(
        ofText: text, label: label, characters: Array(LabelText.normalized(text)),
        ellipsis: engine.ellipsis(language: label.language))
    }
    let cuts = try #require(kept(first))
    #expect(engine.lastCuts?.text == first)
    let fresh = try #require(cutsOf(engine, first))
    let characters = Array(LabelText.normalized(first))
    for count in 0..<characters.count {
      let indices = LabelText.shortenedIndices(characters, keeping: count)
      #expect(cuts.width(of: indices) == fresh.width(of: indices))
    }
    _ = engine.fit(first, maxWidth: 80)
    #expect(engine.lastCuts?.text == first)
    _ = kept(second)
    #expect(engine.lastCuts?.text == second)
    engine.forgetShapedLabels()
    #expect(engine.lastCuts == nil)
  }

  /// A label with a right-to-left run has no cuts: its glyphs are not in the order of its
  /// characters.
  @Test(arguments: ["مرحبا بالعالم في التطبيقات", "mixed-English-עברית-and-more-text"])
  func rightToLeftRunsHaveNoCuts(text: String) throws {
    #expect(cutsOf(try engine(), text) == nil)
  }

  /// Measuring a long label and fitting it shapes the whole label and the cut kept, and not
  /// the next longer cut.
  @Test func fittingALabelShapesOnlyTheCutKept() throws {
    let engine = try engine()
    let text = "gnome-apps-preferences-desktop-keyboard-shortcuts"
    _ = engine.width(of: text)
    let before = engine.linesShaped
    let shown = engine.prepare(text, maxWidth: 160)
    #expect(engine.linesShaped - before <= 2)  // "…" alone and the cut
    #expect(engine.layout(engine.shape(Array(shown), language: nil)).width <= 160)
    // One character more does not fit.
    let longer = String(text.prefix(shown.count)) + "…"
    #expect(engine.layout(engine.shape(Array(longer), language: nil)).width > 160)
  }

  /// Candidates measured from glyphs that their shaping does not match (here every glyph
  /// reads half its real width) are shaped before they are chosen, and measured again by
  /// shaping when too wide: every label shown fits and no two names show alike.
  @Test(arguments: [60, 100, 160])
  func candidatesThatDoNotFitWhenShapedAreMeasuredAgain(maxWidth: Int) {
    let names =
      (0..<8).flatMap { ["OnboardingWidgetImageNumber\($0)Dark", "OnboardingWidgetImageNumber\($0)"] }
      + ["OnboardingBackground", "OnboardingGradientLight"]
    // 10 pixels a character, "…" too, as a shaping would measure them.
    let width: @Sendable (String) -> Int = { $0.count * 10 }
    let halved: @Sendable (String) -> LabelCuts? = { text in
      let count = text.count
      return LabelCuts(
        advances: Array(repeating: 5 * 64, count: count), starts: Array(repeating: 0, count: count + 1),
        glyphs: [], ellipsisAdvance: 5 * 64, ellipsisGlyphs: [],
        beforeEllipsis: Array(repeating: 5 * 64, count: count),
        ellipsisBefore: Array(repeating: 5 * 64, count: count))
    }
    let shown = DistinctLabels.shownConcurrently(
      for: names, maxWidth: maxWidth, width: width, advances: { Array(repeating: 10 * 64, count: $0.count) },
      cuts: halved)
    let shaped = DistinctLabels.shownConcurrently(
      for: names, maxWidth: maxWidth, width: width, advances: { Array(repeating: 10 * 64, count: $0.count) })
    func drawn(_ shown: [String: String]) -> [String] {
      names.map { shown[$0] ?? DistinctLabels.fitEnd(Array($0), maxWidth: maxWidth, width: width) }
    }
    for (name, text) in zip(names, drawn(shown)) {
      #expect(width(text) <= maxWidth, "\(name) shown as \(text)")
    }
    // As distinct as the labels chosen by shaping every candidate.
    #expect(Set(drawn(shown)).count >= Set(drawn(shaped)).count)
    #expect(Set(drawn(shown)).count > 1)
  }
}
