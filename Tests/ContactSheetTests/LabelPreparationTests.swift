import Testing

@testable import ContactSheet

/// Names of a sheet in several scripts, with families that share their start or their end,
/// so that the distinct-label pass cuts some at the end and some in the middle.
private let sheetNames = [
  "SettingsAndPrivacyPreferencesIcon", "SettingsAndPrivacyPreferencesIcon-2",
  "SettingsAndPrivacyPreferencesIconDark", "OnboardingBackground", "OnboardingWidgetImage",
  "OnboardingWidgetImageDark", "gnome-apps-preferences-desktop-keyboard-shortcuts",
  "gnome-apps-preferences-desktop-keyboard", "gnome-apps-preferences-desktop-locale",
  "Cafe\u{301}-Crème-Brûlée-Übersicht-Straße", "مرحبا بالعالم في التطبيقات الكثيرة",
  "مرحبا بالعالم في التطبيقات الجديدة", "שלום עולם זה שם ארוך מאוד", "mixed-English-עברית-and-more-text",
  "设置和隐私偏好设置图标很长的名字", "设置和隐私偏好设置图标很短", "Devanagari-हिन्दी-क्षत्रिय-नमस्ते-दुनिया",
  "emoji-👩‍👩‍👧‍👦-family-🇫🇷-flag-long-name", "short", "icon", "ab",
]

private func engine() throws -> FontEngine {
  try FontEngine(family: "sans-serif", pixelSize: 24)
}

@Suite struct LabelPreparationTests {
  /// The sheet's pass with the rasterizer fitting each label ahead of drawing chooses the
  /// labels the pass chose by its own measuring, and draws each with the pixels the
  /// rasterizer draws unprepared; every prepared label is drawn from its fitting.
  @Test(arguments: [60, 100, 160])
  func preparedLabelsAreChosenAndDrawnAsUnprepared(maxWidth: Int) throws {
    let prepared = try engine()
    let plain = try engine()
    let shown = DistinctLabels.shown(
      for: sheetNames, maxWidth: maxWidth, width: prepared.width(of:),
      advances: { prepared.shapedLabel($0).advances.map(Int.init) },
      prepare: { prepared.prepare($0, maxWidth: maxWidth, replacing: $1) })
    let unprepared = DistinctLabels.shown(
      for: sheetNames, maxWidth: maxWidth, width: plain.width(of:),
      advances: { plain.shapedLabel($0).advances.map(Int.init) })
    #expect(shown == unprepared)
    #expect(prepared.fitted.count == Set(sheetNames.map { shown[$0] ?? $0 }).count)
    for name in sheetNames {
      let text = shown[name] ?? name
      let mask = prepared.renderLine(text, maxWidth: maxWidth)
      #expect(mask == plain.renderLine(text, maxWidth: maxWidth), "\(name) at \(maxWidth)")
    }
    #expect(prepared.fitted.count == 0 && prepared.fitted.glyphs == 0)
  }

  /// Measuring, cutting and drawing a long label shape the whole label once and each cut
  /// tried once; drawing it after does not shape it again.
  @Test func aPreparedLabelIsNotShapedAgainToBeDrawn() throws {
    let engine = try engine()
    let text = "gnome-apps-preferences-desktop-keyboard-shortcuts"
    _ = engine.width(of: text)
    let shown = engine.prepare(text, maxWidth: 160)
    #expect(shown.hasSuffix("…") && text.hasPrefix(shown.dropLast()))
    let shaped = engine.linesShaped
    // The whole label, "…" alone and two cuts (the one kept and the next longer).
    #expect(shaped <= 4)
    let mask = engine.renderLine(text, maxWidth: 160)
    #expect(engine.linesShaped == shaped)
    #expect(mask.wasTruncated && mask.width <= 160)
    // Drawn once, the fitting is gone; another draw shapes again and draws the same.
    #expect(engine.renderLine(text, maxWidth: 160) == mask)
    #expect(engine.linesShaped > shaped)
  }

  /// The store of fitted labels refuses labels once full (by count or by glyphs) rather than
  /// evicting the first ones, and frees what is taken out to be drawn.
  @Test func theFittedStoreIsBoundedAndRefusesWhenFull() throws {
    let engine = try engine()
    let glyphs = CompactLine(engine.shape(Array("abcd"), language: nil))
    let label = FittedLabel(glyphs: glyphs, truncated: false)
    var store = FittedLabelCache(capacity: 3, glyphLimit: 10)
    let keys = ["one", "two", "three"].map { FittedLabelCache.Key(text: $0, maxWidth: 160) }
    for key in keys { store.insert(label, for: key) }
    #expect(store.count == 2 && store.glyphs == 8)
    #expect(store[keys[0]] != nil && store[keys[1]] != nil && store[keys[2]] == nil)
    #expect(store.remove(keys[0])?.glyphs?.line.glyphs == glyphs.line.glyphs)
    #expect(store.count == 1 && store.glyphs == 4 && store.remove(keys[0]) == nil)
    store.insert(label, for: keys[2])
    #expect(store[keys[2]] != nil)
    var counted = FittedLabelCache(capacity: 2, glyphLimit: 100)
    for key in keys { counted.insert(label, for: key) }
    #expect(counted.count == 2 && counted[keys[2]] == nil)
    // A label that fits nothing costs no glyphs.
    counted.insert(FittedLabel(glyphs: nil, truncated: true), for: .init(text: "x", maxWidth: 1))
    #expect(counted.count == 2)
  }
}
