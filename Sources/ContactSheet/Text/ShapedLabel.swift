import IconGridSupport

/// A shaped line held compactly: one ``ShapedGlyph`` in 24 bytes rather than 48, as a sheet
/// holds thousands of labels.
struct CompactLine {
  struct Glyph {
    var glyph: UInt32
    var cluster: Int32
    var x: Int32
    var y: Int32
    var advance: Int32
    var face: UInt16
  }

  private var storage: Storage

  private enum Storage {
    case compact([Glyph], advance: Int)
    /// A line whose positions do not fit 32 bits (a label of millions of characters).
    case full(ShapedLine)
  }

  /// Holds `line`'s glyphs and advance.
  init(_ line: ShapedLine) {
    var glyphs: [Glyph] = []
    glyphs.reserveCapacity(line.glyphs.count)
    for glyph in line.glyphs {
      guard let face = UInt16(exactly: glyph.face), let cluster = Int32(exactly: glyph.cluster),
        let x = Int32(exactly: glyph.x), let y = Int32(exactly: glyph.y),
        let advance = Int32(exactly: glyph.advance)
      else { break }
      glyphs.append(Glyph(glyph: glyph.glyph, cluster: cluster, x: x, y: y, advance: advance, face: face))
    }
    storage = glyphs.count == line.glyphs.count ? .compact(glyphs, advance: line.advance) : .full(line)
  }

  /// The glyphs as shaped, for ``FontEngine/layout(_:)-(ShapedLine)``.
  var line: ShapedLine {
    switch storage {
    case .full(let line): return line
    case .compact(let glyphs, let advance):
      return ShapedLine(
        glyphs: glyphs.map {
          ShapedGlyph(
            face: Int($0.face), glyph: $0.glyph, cluster: Int($0.cluster), x: Int($0.x), y: Int($0.y),
            advance: Int($0.advance))
        }, advance: advance)
    }
  }

  /// The sum of the glyphs' advances, in 26.6 pixels (``ShapedLine/advance``).
  var advance: Int {
    switch storage {
    case .full(let line): line.advance
    case .compact(_, let advance): advance
    }
  }

  /// Calls `body` with each glyph as shaped, in order, without building a ``ShapedLine``.
  func forEachGlyph(_ body: (ShapedGlyph) -> Void) {
    switch storage {
    case .full(let line):
      for glyph in line.glyphs { body(glyph) }
    case .compact(let glyphs, _):
      for glyph in glyphs {
        body(
          ShapedGlyph(
            face: Int(glyph.face), glyph: glyph.glyph, cluster: Int(glyph.cluster), x: Int(glyph.x),
            y: Int(glyph.y), advance: Int(glyph.advance)))
      }
    }
  }

  /// The glyphs held, the caches' measure of size.
  var glyphCount: Int {
    switch storage {
    case .full(let line): line.glyphs.count
    case .compact(let glyphs, _): glyphs.count
    }
  }
}

/// A label shaped once on one line, held compactly, with what shortening it needs: the
/// advance of each of its characters.
struct ShapedLabel {
  /// The language that guided the choice of fallback font (``LabelText/languageHint(_:)``).
  var language: String?
  /// The width in whole pixels the whole label takes (``LineLayout/width``).
  var width: Int
  /// The pen advance each character brings, in 26.6 pixels, in logical order; a cluster of
  /// several characters (a ligature) counts at its first character.
  var advances: [Int32]
  /// Whether every run of the label is laid out left to right (``LabelCuts``).
  var isLeftToRight: Bool
  private var glyphs: CompactLine

  /// Whether each character of the label is one scalar, so a glyph's cluster is its
  /// character's index (``CharacterOfScalar``).
  var scalarsAreCharacters: Bool

  /// Holds `line`, shaped from `characters`, which take `utf8Count` bytes in UTF-8 (`nil`
  /// when not known).
  init(line: ShapedLine, characters: [Character], utf8Count: Int? = nil, language: String?, width: Int) {
    glyphs = CompactLine(line)
    let characterOfScalar = CharacterOfScalar(characters, utf8Count: utf8Count)
    scalarsAreCharacters = characterOfScalar.isIdentity
    var advances = [Int](repeating: 0, count: characters.count)
    for glyph in line.glyphs {
      if let character = characterOfScalar[glyph.cluster] { advances[character] += glyph.advance }
    }
    self.language = language
    self.width = width
    isLeftToRight = !line.isRightToLeft && !line.runs.contains(where: \.isRightToLeft)
    self.advances = advances.map { Int32(clamping: $0) }
  }

  /// The glyphs as shaped, for ``FontEngine/layout(_:)-(ShapedLine)``.
  var line: ShapedLine { glyphs.line }

  /// The glyphs as held: `CompactLine(line)` without unpacking and packing them again.
  var compactLine: CompactLine { glyphs }

  /// The glyphs held, the cache's measure of its size.
  var glyphCount: Int { glyphs.glyphCount }
}

/// The character (grapheme cluster) that holds each scalar of a text: what a glyph's
/// ``ShapedGlyph/cluster`` (a scalar's index) belongs to. A text whose every character is one
/// scalar (any text of one-byte characters) needs no table.
struct CharacterOfScalar {
  private let table: [Int]?
  private let count: Int

  /// The table for `characters`; `utf8Count`, their bytes in UTF-8 when known, tells a
  /// text of one-byte characters without looking at each; `identity` says that each
  /// character is one scalar (``ShapedLabel/scalarsAreCharacters``).
  init(_ characters: [Character], utf8Count: Int? = nil, identity: Bool = false) {
    count = characters.count
    if identity || utf8Count == characters.count || !characters.contains(where: { $0.utf8.count > 1 }) {
      table = nil
      return
    }
    var table: [Int] = []
    for (index, character) in characters.enumerated() {
      table.append(contentsOf: repeatElement(index, count: character.unicodeScalars.count))
    }
    self.table = table
  }

  /// Whether scalar `i` is character `i` throughout.
  var isIdentity: Bool { table == nil }

  /// The character of scalar `scalar`, `nil` when the text has no such scalar.
  subscript(scalar: Int) -> Int? {
    guard let table else { return scalar >= 0 && scalar < count ? scalar : nil }
    return table.indices.contains(scalar) ? table[scalar] : nil
  }
}

/// Shaped labels by text, evicting the oldest first, bounded by a count and by the glyphs held.
///
/// A sheet measures every label before it draws any (to keep shortened labels distinct) and
/// fits each to its tile from this shaping (``FittedLabelCache``), so the cache must hold a
/// sheet's labels while they are measured: 131,072 glyphs are 3 MB, the labels of 5,000
/// tiles of 26 characters (each engine of a rasterizer holds its share of the labels). Once
/// the sheet has fitted them, the labels are drawn from their fittings and the cache is
/// emptied (``LabelRasterizer/finishMeasuring()``).
struct ShapedLabelCache {
  /// The most labels held.
  let capacity: Int
  /// The most glyphs held, over all labels.
  let glyphLimit: Int
  private var entries: [String: ShapedLabel] = [:]
  private var order: [String] = []
  private var oldest = 0
  /// The glyphs held now.
  private(set) var glyphs = 0

  init(capacity: Int, glyphLimit: Int) {
    precondition(capacity > 0 && glyphLimit > 0, "cache bounds must be positive")
    self.capacity = capacity
    self.glyphLimit = glyphLimit
  }

  var count: Int { entries.count }

  subscript(text: String) -> ShapedLabel? { entries[text] }

  mutating func insert(_ label: ShapedLabel, for text: String) {
    let cost = label.glyphCount
    guard entries[text] == nil, cost <= glyphLimit else { return }
    while entries.count >= capacity || glyphs + cost > glyphLimit {
      evictOldest()
    }
    entries[text] = label
    order.append(text)
    glyphs += cost
  }

  private mutating func evictOldest() {
    let text = order[oldest]
    oldest += 1
    if let evicted = entries.removeValue(forKey: text) { glyphs -= evicted.glyphCount }
    // Forget evicted keys once they are half the queue, so it stays within twice the count.
    if oldest * 2 > order.count {
      order.removeFirst(oldest)
      oldest = 0
    }
  }
}

/// What a label draws in a box of one width: the whole label's glyphs, the glyphs of the text
/// shortened with "…", or nothing when not even "…" fits.
struct FittedLabel {
  /// `nil` when nothing fits.
  var glyphs: CompactLine?
  /// Whether the text was shortened (or dropped) to fit.
  var truncated: Bool

  var glyphCount: Int { glyphs?.glyphCount ?? 0 }
}

/// A label's text and the width it is fitted to: what the label caches are keyed by.
struct LabelKey: Hashable, Sendable {
  var text: String
  var maxWidth: Int
}

/// Labels fitted to their box before the sheet draws them, by text and width, so that the
/// drawing reuses the shaping the distinct-label pass made; bounded by a count and by the
/// glyphs held, and emptied as the labels are drawn.
///
/// When full it refuses new labels rather than evict old ones: the sheet fits its labels in
/// about the order it draws them, and evicting the oldest would drop every label before its
/// turn when a sheet has more labels than the cache holds (each would then be shaped again).
/// With refusal the first labels are served from the cache and only the rest are shaped again.
struct FittedLabelCache {
  typealias Key = LabelKey

  /// The most labels held.
  let capacity: Int
  /// The most glyphs held, over all labels.
  let glyphLimit: Int
  private var entries: [Key: FittedLabel] = [:]
  /// The glyphs held now.
  private(set) var glyphs = 0

  init(capacity: Int, glyphLimit: Int) {
    precondition(capacity > 0 && glyphLimit > 0, "cache bounds must be positive")
    self.capacity = capacity
    self.glyphLimit = glyphLimit
  }

  var count: Int { entries.count }

  subscript(key: Key) -> FittedLabel? { entries[key] }

  /// Holds `label` unless the key is held or the cache is full.
  mutating func insert(_ label: FittedLabel, for key: Key) {
    let cost = label.glyphCount
    guard entries[key] == nil, entries.count < capacity, glyphs + cost <= glyphLimit else { return }
    entries[key] = label
    glyphs += cost
  }

  /// Takes the label out, as it is drawn (the mask cache serves an immediate repeat).
  mutating func remove(_ key: Key) -> FittedLabel? {
    guard let label = entries.removeValue(forKey: key) else { return nil }
    glyphs -= label.glyphCount
    return label
  }
}

/// Fitted labels drawn lately, by text and width, evicting the oldest first, so that a label
/// drawn again soon (a name the sheet shows twice) is placed from its fitting without being
/// shaped again, while the fittings of labels drawn long ago are freed.
typealias RecentFittings = FIFOCache<LabelKey, FittedLabel>
