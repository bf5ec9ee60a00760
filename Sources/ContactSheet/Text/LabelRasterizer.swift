import Foundation
import IconGridSupport

/// Draws single-line labels in any script as anti-aliased coverage masks.
///
/// The primary font is the one fontconfig picks for the family (or a font file); a character
/// it lacks is drawn with the font fontconfig prefers for that character (Chinese, Arabic,
/// Devanagari…), aligned on the primary font's baseline. Text is itemised by bidi level
/// (FriBidi), script and font, shaped run by run by HarfBuzz and laid out in visual order.
/// Text wider than the requested width is shortened by whole characters at its logical end
/// and ends in "…".
///
/// Thread-safe: FreeType is not, and HarfBuzz reads the fonts through FreeType faces (hb-ft),
/// so each font engine (a FreeType library, fontconfig configuration and HarfBuzz fonts) is
/// used under its own lock. A rasterizer holds one engine per core, up to four, the others
/// opened when first used, and sends each text to one of them by a hash of the text, so the
/// threads of a sheet shape and draw different labels at once, and a text measured, fitted
/// and drawn meets its own shaping in the caches of the engine that made it (rendered masks
/// are cached by text and width, so repeated labels cost a dictionary look-up). A caller may
/// instead send every text to one engine (``lane(_:)``): the sheet gives each thread of its
/// label pass an engine of its own, and draws each label in the engine that fitted it. Every
/// engine opens the same fonts at the same size, so a text draws the same pixels in any of them.
/// The rasterizer releases its engines when it goes away.
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
  /// The engines; the first opened with the rasterizer, the others when first used.
  private let engines: [Locked<EngineSlot>]
  private let source: FontSource
  private let pixelSize: Int

  /// An engine, not yet opened, or one that could not be opened (its texts go to the first).
  private enum EngineSlot {
    case unopened
    case open(FontEngine)
    case failed
  }

  /// The engines a rasterizer holds by default: one per core, at most four (each opens its
  /// own FreeType faces and fontconfig configuration).
  package static var defaultEngineCount: Int {
    min(4, max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }

  /// Finds the fonts for `family` at `pixelSize` pixels per em.
  ///
  /// - Parameters:
  ///   - family: a fontconfig family name or alias such as "DejaVu Sans" or "serif"; `nil`
  ///     means "sans-serif". An unknown family falls back to fontconfig's substitute.
  ///   - pixelSize: the em size in pixels (the font size in points × the sheet's scale).
  /// - Throws: ``FontError`` when the size is outside 1...512 or no font at all can be found.
  package convenience init(family: String?, pixelSize: Int) throws(FontError) {
    try self.init(font: family.map(LabelFont.family) ?? .systemDefault, pixelSize: pixelSize)
  }

  /// Opens `font` at `pixelSize` pixels per em.
  ///
  /// - Parameters:
  ///   - font: a fontconfig family or a font file; characters it lacks come from
  ///     fontconfig's fallbacks.
  ///   - pixelSize: the em size in pixels (the font size in points × the sheet's scale).
  ///   - engines: how many font engines share the work (``defaultEngineCount``); at least one.
  /// - Throws: ``FontError`` when the size is outside 1...512, the file is not a font, or no
  ///   font at all can be found.
  package init(font: LabelFont, pixelSize: Int, engines: Int = defaultEngineCount) throws(FontError) {
    let engine = try FontEngine(source: font.source, pixelSize: pixelSize)
    lineHeight = engine.lineHeight
    baseline = engine.ascender
    fontDescription = "\(engine.primary.description), \(pixelSize) px"
    source = font.source
    self.pixelSize = pixelSize
    let count = max(1, engines)
    engine.masks = Self.maskCache(engines: count)
    self.engines = [Locked(.open(engine))] + (1..<count).map { _ in Locked(.unopened) }
  }

  /// Each engine's share of the 256 masks a rasterizer keeps, so that more engines do not
  /// keep more masks.
  private static func maskCache(engines: Int) -> BoundedMaskCache {
    BoundedMaskCache(capacity: max(1, 256 / engines))
  }

  /// The engines, as lanes: texts of different lanes are measured and drawn at once.
  package var lanes: Int { engines.count }

  /// The engine that serves `text` unless a lane is named: the same for the same text
  /// throughout the run.
  package func lane(of text: String) -> Int {
    guard engines.count > 1 else { return 0 }
    // FNV-1a of the UTF-8 bytes.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return Int(hash % UInt64(engines.count))
  }

  /// Runs `body` with the engine that serves `text`, under its lock.
  private func withEngine<Result: Sendable>(for text: String, _ body: (FontEngine) -> Result) -> Result {
    withEngine(slot: lane(of: text), body)
  }

  /// Runs `body` with engine `slot` (opening it when first used; the first engine when it
  /// cannot be opened), under its lock.
  func withEngine<Result: Sendable>(slot: Int, _ body: (FontEngine) -> Result) -> Result {
    if slot > 0, slot < engines.count {
      let result = engines[slot].withLock { state -> Result? in
        if case .unopened = state {
          if let engine = try? FontEngine(source: source, pixelSize: pixelSize) {
            engine.masks = Self.maskCache(engines: engines.count)
            state = .open(engine)
          } else {
            state = .failed
          }
        }
        guard case .open(let engine) = state else { return nil }
        return body(engine)
      }
      if let result { return result }
    }
    return engines[0].withLock { state in
      guard case .open(let engine) = state else { preconditionFailure("the first engine is always open") }
      return body(engine)
    }
  }

  /// Renders `text` on one line, no wider than `maxWidth` pixels.
  ///
  /// Line breaks and tabs become spaces. When the text is too wide, characters (grapheme
  /// clusters) are dropped from its end and "…" is appended; when even "…" does not fit, the
  /// mask is empty (width 0) and marked truncated.
  ///
  /// - Complexity: a cache hit is a hash look-up; a text fitted by ``prepare(_:maxWidth:)``
  ///   is drawn from that fitting; otherwise the text is shaped once (or the shaping
  ///   ``width(of:)`` made is reused) and, when it is too wide, the shortened text once (its
  ///   cut measured from the whole text's glyphs, ``LabelCuts``), twice for a text with a
  ///   right-to-left run.
  package func render(_ text: String, maxWidth: Int) -> GlyphMask {
    render(text, maxWidth: maxWidth, slot: lane(of: text))
  }

  /// ``render(_:maxWidth:)`` with engine `slot`.
  func render(_ text: String, maxWidth: Int, slot: Int) -> GlyphMask {
    let key = LabelKey(text: text, maxWidth: maxWidth)
    return withEngine(slot: slot) { engine in
      if let mask = engine.masks[key] { return mask }
      let mask = engine.renderLine(text, maxWidth: maxWidth)
      engine.masks.insert(mask, for: key)
      return mask
    }
  }

  /// Renders `text` as ``render(_:maxWidth:)`` does, the same pixels, and lends the mask to
  /// `body`.
  ///
  /// A label fitted by ``prepare(_:maxWidth:replacing:)`` holds its engine only to place its
  /// glyphs (their images are shared, read-only); its coverage is composited after the lock
  /// is released, on the calling thread's stack, so the threads drawing a row of labels
  /// neither wait for each other while they composite nor allocate a mask per label. The
  /// engine keeps the fittings of the last 256 labels it drew, for a label drawn again soon.
  /// Any other text is rendered and cached as by ``render(_:maxWidth:)``.
  package func withMask<Result>(_ text: String, maxWidth: Int, _ body: (BorrowedMask) -> Result) -> Result {
    withMask(text, maxWidth: maxWidth, slot: lane(of: text), body)
  }

  /// ``withMask(_:maxWidth:_:)`` with engine `slot`.
  func withMask<Result>(_ text: String, maxWidth: Int, slot: Int, _ body: (BorrowedMask) -> Result) -> Result
  {
    let key = LabelKey(text: text, maxWidth: maxWidth)
    let found = withEngine(slot: slot) { engine -> Either<GlyphMask, PreparedLayout> in
      if let mask = engine.masks[key] { return .mask(mask) }
      if let prepared = engine.preparedLayout(text, maxWidth: maxWidth) { return .layout(prepared) }
      let mask = engine.renderLine(text, maxWidth: maxWidth)
      engine.masks.insert(mask, for: key)
      return .mask(mask)
    }
    switch found {
    case .mask(let mask):
      return BorrowedMask.lending(mask, body)
    case .layout(let prepared):
      let height = lineHeight
      let width = prepared.line?.width ?? 0
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, width * height)) { buffer in
        buffer.initialize(repeating: 0)
        defer { buffer.deinitialize() }
        if let line = prepared.line {
          FontEngine.composite(line, ascender: baseline, height: height, into: buffer)
        }
        return body(
          BorrowedMask(
            width: width, height: height,
            coverage: UnsafeBufferPointer(rebasing: buffer[0..<(width * height)]),
            baseline: baseline, wasTruncated: prepared.truncated))
      }
    }
  }

  /// What the engine hands back to ``withMask(_:maxWidth:_:)``: a finished mask, or glyphs to
  /// composite.
  private enum Either<Mask: Sendable, Layout: Sendable>: Sendable {
    case mask(Mask)
    case layout(Layout)
  }

  /// The width in pixels `text` takes on one line, not shortened: its shaped advances and
  /// ink, without drawing it.
  ///
  /// - Complexity: shapes `text` the first time; later calls, and ``render(_:maxWidth:)``
  ///   of the same text, reuse that shaping while the cache holds it.
  package func width(of text: String) -> Int {
    width(of: text, slot: lane(of: text))
  }

  /// ``width(of:)`` with engine `slot`.
  func width(of text: String, slot: Int) -> Int {
    withEngine(slot: slot) { $0.width(of: text) }
  }

  /// The pen advance of each character of `text` shaped on one line, in 1/64 pixels, in
  /// logical order; a ligature's advance counts at its first character.
  package func advances(of text: String) -> [Int]? {
    advances(of: text, slot: lane(of: text))
  }

  /// ``advances(of:)`` with engine `slot`.
  func advances(of text: String, slot: Int) -> [Int]? {
    withEngine(slot: slot) { $0.shapedLabel(text).advances.map(Int.init) }
  }

  /// What measuring the cuts of `text` needs from its one shaping (``LabelCuts``); `nil`
  /// when a run of it is laid out right to left.
  package func cuts(of text: String) -> LabelCuts? {
    cuts(of: text, slot: lane(of: text))
  }

  /// ``cuts(of:)`` with engine `slot`.
  func cuts(of text: String, slot: Int) -> LabelCuts? {
    withEngine(slot: slot) { engine in
      let label = engine.shapedLabel(text)
      return engine.cuts(
        ofText: text, label: label, characters: Array(LabelText.normalized(text)),
        ellipsis: engine.ellipsis(language: label.language))
    }
  }

  /// Fits `text` to `maxWidth` pixels ahead of ``render(_:maxWidth:)``, which then draws it
  /// without shaping it again (while the rasterizer's bounded store of fitted labels has room;
  /// it empties as labels are drawn). The fitting of `replaced`, prepared before and now
  /// not to be drawn at that width, is dropped.
  ///
  /// - Returns: the text drawn: `text` when it fits, else `text` shortened at its end with
  ///   "…" (after NFC normalisation), or "…" alone when no character fits beside it.
  @discardableResult
  package func prepare(_ text: String, maxWidth: Int, replacing replaced: String?) -> String? {
    // The fitting replaced is held by the engine of its own text.
    if let replaced { withEngine(for: replaced) { $0.dropFitting(of: replaced, maxWidth: maxWidth) } }
    return withEngine(for: text) { $0.prepare(text, maxWidth: maxWidth, replacing: nil) }
  }

  /// ``prepare(_:maxWidth:replacing:)`` with engine `slot`, which holds the fitting of
  /// `replaced` too.
  func prepare(_ text: String, maxWidth: Int, replacing replaced: String?, slot: Int) -> String {
    withEngine(slot: slot) { $0.prepare(text, maxWidth: maxWidth, replacing: replaced) }
  }

  /// Empties every engine's store of labels shaped whole and of candidates measured: once
  /// the sheet has prepared its labels, each is drawn from its fitting, and a label the store
  /// of fittings had no room for is shaped again when it is drawn.
  package func finishMeasuring() {
    for engine in engines {
      engine.withLock { state in
        if case .open(let engine) = state { engine.forgetShapedLabels() }
      }
    }
  }

  /// Descriptions of the faces that draw `text`, primary first when it is used, for
  /// `--verbose` output and tests ("Noto Sans CJK SC (/usr/share/…/NotoSansCJK-Regular.ttc#2)").
  package func fonts(for text: String) -> [String] {
    withEngine(for: text) { engine in
      let normalized = LabelText.normalized(text)
      let line = engine.shape(Array(normalized), language: LabelText.languageHint(normalized))
      return Set(line.glyphs.map(\.face)).sorted().map { engine.face(id: $0).description }
    }
  }
}

/// How label text is cleaned up and which language guides the choice of CJK fallback.
enum LabelText {
  static let ellipsis: Character = "\u{2026}"

  /// The first `count` of `characters` without trailing white space, then "…".
  static func shortened(_ characters: [Character], keeping count: Int) -> [Character] {
    var prefix = characters[..<count]
    while let last = prefix.last, last.isWhitespace { prefix.removeLast() }
    return Array(prefix) + [ellipsis]
  }

  /// ``shortened(_:keeping:)`` as the positions in `characters` of what it keeps, `-1`
  /// standing for "…" (``LabelCuts/width(of:)``).
  static func shortenedIndices(_ characters: [Character], keeping count: Int) -> [Int] {
    var end = count
    while end > 0, characters[end - 1].isWhitespace { end -= 1 }
    return Array(0..<end) + [-1]
  }

  /// NFC, so names that arrive decomposed (as macOS file names do) use precomposed glyphs;
  /// line breaks, tabs and other controls become spaces on a one-line label.
  static func normalized(_ text: String) -> String {
    // Printable ASCII, and "…" (which has no decomposition and composes with nothing), is
    // NFC and holds no controls: most names and their shortened candidates, without
    // Foundation's pass.
    if text.unicodeScalars.allSatisfy({ (0x20..<0x7F).contains($0.value) || $0 == "\u{2026}" }) {
      return text
    }
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
