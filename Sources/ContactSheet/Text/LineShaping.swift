internal import CHarfBuzz

/// One glyph of a shaped line.
struct ShapedGlyph: Hashable {
  /// The ``FontFace/id`` of the face that draws it.
  var face: Int
  /// The glyph's index in that face (what `hb-shape` prints before `=`).
  var glyph: UInt32
  /// The index, among the label's scalars, of the first scalar of the glyph's cluster (what
  /// `hb-shape` prints after `=`).
  var cluster: Int
  /// Where the glyph's origin sits: the pen plus HarfBuzz's offset, in 26.6 pixels from the
  /// line's start.
  var x: Int
  /// HarfBuzz's vertical offset, in 26.6 pixels up from the baseline.
  var y: Int
  /// How far the glyph moves the pen, in 26.6 pixels.
  var advance: Int
}

/// A label shaped run by run, its glyphs in visual order (left to right).
struct ShapedLine {
  var glyphs: [ShapedGlyph] = []
  /// The sum of the advances, in 26.6 pixels.
  var advance = 0
  /// Whether the paragraph runs right to left.
  var isRightToLeft = false
  /// The runs it was shaped in, in visual order.
  var runs: [TextRun] = []
}

/// Glyphs placed on a line, in whole pixels relative to the pen's start.
struct LineLayout {
  struct Placed {
    var image: GlyphImage
    var x: Int
    /// Pixels up from the baseline (marks stacked by HarfBuzz).
    var y: Int
  }

  var glyphs: [Placed] = []
  /// Leftmost ink (≤ 0 when a glyph overhangs the start) and rightmost ink or pen position.
  var left = 0
  var right = 0

  var width: Int { right - left }
}

/// A label's glyphs placed for drawing, taken from its engine to be composited outside the
/// engine's lock; `line` is `nil` when nothing fits.
struct PreparedLayout {
  var line: LineLayout?
  var truncated: Bool
}

extension FontEngine {
  /// Shapes `characters` as one line: itemised by bidi level, script and face, each run
  /// shaped by HarfBuzz with the text around it as context, the runs laid end to end in
  /// visual order.
  ///
  /// A character goes to the primary face when it has all of the character's scalars; else to
  /// the face fontconfig prefers for its first scalar. Spaces, digits, punctuation and marks
  /// stay with the face before them when it has them, so they do not break a run.
  func shape(_ characters: [Character], language: String?) -> ShapedLine {
    linesShaped += 1
    var scalars: [UInt32] = []
    var faces: [Int] = []
    // The face of the character before, by id (a face is copied only when it is needed).
    var previousID: Int?
    scalars.reserveCapacity(characters.count)
    faces.reserveCapacity(characters.count)
    for character in characters {
      // One ASCII byte is one scalar, and no ASCII scalar is default-ignorable: the common
      // case skips the filtered copy of the scalars.
      if character.utf8.count == 1, let scalar = character.unicodeScalars.first {
        // After the primary face (or at the start), a character the primary face has is
        // drawn with it, neutral or not: the rule below, without asking each time.
        let id =
          (previousID ?? primary.id) == primary.id && primaryCovers(asciiByte: UInt8(scalar.value))
          ? primary.id
          : self.face(for: CollectionOfOne(scalar), after: previousID.map(face(id:)), language: language).id
        scalars.append(scalar.value)
        faces.append(id)
        previousID = id
        continue
      }
      let units = character.unicodeScalars
      let inked = units.filter { !$0.properties.isDefaultIgnorableCodePoint }
      let previousFace = previousID.map(face(id:))
      let face =
        inked.isEmpty
        ? previousFace ?? primary : self.face(for: inked, after: previousFace, language: language)
      previousID = face.id
      for scalar in units {
        scalars.append(scalar.value)
        faces.append(face.id)
      }
    }
    guard !scalars.isEmpty, scalars.count < Int(Int32.max) else { return ShapedLine() }
    let (levels, rightToLeft) = TextItemizer.bidiLevels(scalars)
    let runs = TextItemizer.visualOrder(
      TextItemizer.runs(levels: levels, scripts: TextItemizer.scripts(scalars), faces: faces))
    let hbLanguage = language.map { hb_language_from_string($0, -1) } ?? hb_language_get_default()
    var line = ShapedLine(isRightToLeft: rightToLeft, runs: runs)
    for run in runs {
      shape(run, of: scalars, language: hbLanguage, into: &line)
    }
    return line
  }

  /// Whether the primary face has a glyph for the one-byte character `byte`, asked of the
  /// face once per byte.
  private func primaryCovers(asciiByte byte: UInt8) -> Bool {
    let known = primaryASCII[Int(byte)]
    if known >= 0 { return known == 1 }
    let covers = primary.covers(Unicode.Scalar(byte))
    primaryASCII[Int(byte)] = covers ? 1 : 0
    return covers
  }

  /// The face for a character whose scalars other than default-ignorable ones are `inked`
  /// (not empty), after a character drawn with `previous`.
  private func face(
    for inked: some Collection<Unicode.Scalar>, after previous: FontFace?, language: String?
  ) -> FontFace {
    let base = inked.first!
    let neutral = !TextItemizer.isReal(hb_unicode_script(hb_unicode_funcs_get_default(), base.value))
    if neutral, let previous, inked.allSatisfy(previous.covers) { return previous }
    if inked.allSatisfy(primary.covers) { return primary }
    return face(for: base, language: language)
  }

  /// Shapes one run with HarfBuzz and appends its glyphs (HarfBuzz returns a right-to-left
  /// run already in visual order).
  private func shape(
    _ run: TextRun, of scalars: [UInt32], language: hb_language_t?, into line: inout ShapedLine
  ) {
    hb_buffer_clear_contents(buffer)
    scalars.withUnsafeBufferPointer { text in
      hb_buffer_add_codepoints(
        buffer, text.baseAddress, Int32(text.count), UInt32(run.start), Int32(run.end - run.start))
    }
    hb_buffer_set_direction(buffer, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, run.script)
    hb_buffer_set_language(buffer, language)
    var flags = HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES.rawValue
    if run.start == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
    if run.end == scalars.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
    hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
    let face = self.face(id: run.face)
    hb_shape(face.shaper, buffer, nil, 0)
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return }
    for index in 0..<Int(count) {
      let position = positions[index]
      line.glyphs.append(
        ShapedGlyph(
          face: run.face, glyph: infos[index].codepoint, cluster: Int(infos[index].cluster),
          x: line.advance + Int(position.x_offset), y: Int(position.y_offset),
          advance: Int(position.x_advance)))
      line.advance += Int(position.x_advance)
    }
  }

  /// The glyph images of a shaped line at whole-pixel positions (rounded from 26.6).
  func layout(_ shaped: ShapedLine) -> LineLayout {
    var line = LineLayout()
    line.glyphs.reserveCapacity(shaped.glyphs.count)
    for glyph in shaped.glyphs { place(glyph, on: &line) }
    line.right = max(line.right, (shaped.advance + 32) >> 6)
    return line
  }

  /// ``layout(_:)-(ShapedLine)`` of the glyphs `compact` holds, read where they are held.
  func layout(_ compact: CompactLine) -> LineLayout {
    var line = LineLayout()
    line.glyphs.reserveCapacity(compact.glyphCount)
    compact.forEachGlyph { place($0, on: &line) }
    line.right = max(line.right, (compact.advance + 32) >> 6)
    return line
  }

  /// Appends `glyph`'s image to `line` at its whole-pixel position, widening the ink.
  private func place(_ glyph: ShapedGlyph, on line: inout LineLayout) {
    let image = image(face: face(id: glyph.face), glyph: glyph.glyph)
    let x = (glyph.x + 32) >> 6
    let y = (glyph.y + 32) >> 6
    if image.width > 0 {
      line.left = min(line.left, x + image.left)
      line.right = max(line.right, x + image.left + image.width)
    }
    line.glyphs.append(.init(image: image, x: x, y: y))
  }

  /// The width in pixels of `shaped` laid out (``layout(_:)-(ShapedLine)``'s
  /// ``LineLayout/width``), without placing its glyphs.
  func width(of shaped: ShapedLine) -> Int {
    var left = 0
    var right = 0
    for glyph in shaped.glyphs {
      let ink = ink(face: face(id: glyph.face), glyph: glyph.glyph)
      guard ink.width > 0 else { continue }
      let x = (glyph.x + 32) >> 6
      left = min(left, x + ink.left)
      right = max(right, x + ink.left + ink.width)
    }
    return max(right, (shaped.advance + 32) >> 6) - left
  }

  /// Shapes and lays out `characters`.
  func layout(_ characters: [Character], language: String?) -> LineLayout {
    layout(shape(characters, language: language))
  }

  /// `text` shaped whole on one line, from the cache when it was shaped before.
  ///
  /// A text holding "…" is a shortened candidate that ``DistinctLabels`` measures: it is
  /// held only among the last few candidates (so the one chosen is fitted without being
  /// shaped again), as keeping every candidate would evict the labels themselves.
  func shapedLabel(_ text: String) -> ShapedLabel {
    // Each store holds only its own kind of text, so a text is looked up in one.
    let isCandidate = text.utf8.contains(0xE2) && text.contains(LabelText.ellipsis)
    if let label = isCandidate ? candidates[text] : labels[text] { return label }
    let normalized = LabelText.normalized(text)
    let language = LabelText.languageHint(normalized)
    let characters = Array(normalized)
    let line = shape(characters, language: language)
    let width = width(of: line)
    let label = ShapedLabel(
      line: line, characters: characters, utf8Count: normalized.utf8.count, language: language, width: width)
    if isCandidate {
      candidates.insert(label, for: text)
    } else {
      labels.insert(label, for: text)
    }
    return label
  }

  /// Empties the stores of labels shaped whole and of candidates measured, at their bounds.
  func forgetShapedLabels() {
    labels = ShapedLabelCache(capacity: labels.capacity, glyphLimit: labels.glyphLimit)
    candidates = ShapedLabelCache(capacity: candidates.capacity, glyphLimit: candidates.glyphLimit)
    lastCuts = nil
  }

  /// The width in pixels `text` takes on one line, not shortened.
  func width(of text: String) -> Int {
    shapedLabel(text).width
  }

  /// What `text` draws in `maxWidth` pixels: shaped once per text (the cached shaping), and
  /// when too wide, shortened.
  ///
  /// Shortening drops whole characters from the logical end and appends "…", which bidi
  /// places at the logical end too: the right of a left-to-right label, the left of a
  /// right-to-left one. A label laid out left to right is cut where its glyphs, laid end to
  /// end from its one shaping with "…" (``LabelCuts``), stay within the width, and only that
  /// cut is shaped, to check it (shorter cuts are shaped only while it is too wide). Any other
  /// label is cut where the cumulative advances of its shaping put the cut, and the shortened
  /// text is shaped (its last letter may take another form before "…", as an Arabic letter
  /// does at a word's end) and checked together with the next longer one, so the label keeps
  /// as many characters as fit.
  ///
  /// - Returns: the label, and the number of characters kept when it was shortened (0 when
  ///   only "…", or nothing, fits); `nil` when it fits whole.
  func fit(_ text: String, maxWidth: Int) -> (label: FittedLabel, kept: Int?) {
    let label = shapedLabel(text)
    if label.width <= maxWidth {
      return (FittedLabel(glyphs: label.compactLine, truncated: false), nil)
    }
    let characters = Array(LabelText.normalized(text))
    let ellipsisLine = ellipsis(language: label.language)
    guard width(of: ellipsisLine) <= maxWidth else {
      return (FittedLabel(glyphs: nil, truncated: true), 0)
    }
    var measured: [Int: ShapedLine] = [:]
    let upper = characters.count - 1
    let guess = FittingSearch.guess(
      advances: label.advances.lazy.map(Int.init), count: characters.count, upTo: upper,
      extra: ellipsisLine.advance, limit: maxWidth << 6)
    func fits(_ count: Int) -> Bool {
      let candidate = shape(LabelText.shortened(characters, keeping: count), language: label.language)
      measured[count] = candidate
      return width(of: candidate) <= maxWidth
    }
    let count: Int
    if let cuts = cuts(ofText: text, label: label, characters: characters, ellipsis: ellipsisLine) {
      // The cut the whole label's glyphs put within the width, shaped to check it, and the
      // shorter ones only while the shaping is wider (kerning or a form across the cut).
      let estimated = FittingSearch.largest(upTo: upper, guess: guess) { count in
        cuts.width(of: LabelText.shortenedIndices(characters, keeping: count)) <= maxWidth
      }
      count = FittingSearch.largest(upTo: estimated, guess: estimated, fits: fits)
    } else {
      count = FittingSearch.largest(upTo: upper, guess: guess, fits: fits)
    }
    return (FittedLabel(glyphs: CompactLine(measured[count] ?? ellipsisLine), truncated: true), count)
  }

  /// "…" shaped alone for a label in `language`, shaped once per language.
  func ellipsis(language: String?) -> ShapedLine {
    if let line = ellipses[language] { return line }
    let line = shape([LabelText.ellipsis], language: language)
    ellipses[language] = line
    return line
  }

  /// Fits `text` to `maxWidth` pixels and keeps the result for ``renderLine(_:maxWidth:)``
  /// (while ``fitted`` has room), dropping the fitting of `replaced`, a text that will not
  /// be drawn at that width after all.
  ///
  /// - Returns: the text drawn: `text` itself when it fits, else its shortened form (its
  ///   characters after ``LabelText/normalized(_:)``), "…" when no character fits beside it.
  @discardableResult
  func prepare(_ text: String, maxWidth: Int, replacing replaced: String? = nil) -> String {
    if let replaced { dropFitting(of: replaced, maxWidth: maxWidth) }
    let key = FittedLabelCache.Key(text: text, maxWidth: maxWidth)
    let (label, kept) = fit(text, maxWidth: maxWidth)
    fitted.insert(label, for: key)
    guard let kept else { return text }
    guard kept > 0 else { return String(LabelText.ellipsis) }
    return String(LabelText.shortened(Array(LabelText.normalized(text)), keeping: kept))
  }

  /// Drops the fitting of `text` at `maxWidth` made by ``prepare(_:maxWidth:replacing:)``:
  /// it will not be drawn at that width after all.
  func dropFitting(of text: String, maxWidth: Int) {
    _ = fitted.remove(FittedLabelCache.Key(text: text, maxWidth: maxWidth))
  }

  /// Shapes (once per text), shortens to fit and draws one label; a label fitted before by
  /// ``prepare(_:maxWidth:)`` is drawn from that fitting.
  func renderLine(_ text: String, maxWidth: Int) -> GlyphMask {
    let key = FittedLabelCache.Key(text: text, maxWidth: maxWidth)
    let label = fitted.remove(key) ?? fit(text, maxWidth: maxWidth).label
    guard let glyphs = label.glyphs else {
      return GlyphMask(width: 0, height: lineHeight, coverage: [], baseline: ascender, wasTruncated: true)
    }
    return draw(layout(glyphs), truncated: label.truncated)
  }

  /// The glyphs `text` draws in `maxWidth` pixels, placed on the line, for compositing
  /// outside the engine's lock (``composite(_:ascender:height:into:)``): from the fitting
  /// ``prepare(_:maxWidth:replacing:)`` made, which moves to the fittings drawn lately for a
  /// repeat of the label, or `nil` when the label has no fitting.
  func preparedLayout(_ text: String, maxWidth: Int) -> PreparedLayout? {
    let key = FittedLabelCache.Key(text: text, maxWidth: maxWidth)
    let label: FittedLabel
    if let prepared = fitted.remove(key) {
      label = prepared
      drawn.insert(prepared, for: key)
    } else if let recent = drawn[key] {
      label = recent
    } else {
      return nil
    }
    return PreparedLayout(line: label.glyphs.map { layout($0) }, truncated: label.truncated)
  }

  /// Composites the placed glyphs into a mask, overlapping ink taking the larger coverage.
  private func draw(_ line: LineLayout, truncated: Bool) -> GlyphMask {
    let width = line.width
    let height = lineHeight
    var coverage = [UInt8](repeating: 0, count: width * height)
    coverage.withUnsafeMutableBufferPointer { buffer in
      Self.composite(line, ascender: ascender, height: height, into: buffer)
    }
    return GlyphMask(
      width: width, height: height, coverage: coverage, baseline: ascender, wasTruncated: truncated)
  }

  /// Composites `line`'s glyphs into `buffer`, `line.width × height` coverage values that
  /// start at 0, the baseline `ascender` rows from the top; overlapping ink takes the larger
  /// coverage. Reads only the glyphs' images, so it needs no lock.
  static func composite(
    _ line: LineLayout, ascender: Int, height: Int, into buffer: UnsafeMutableBufferPointer<UInt8>
  ) {
    let width = line.width
    guard width > 0, height > 0, buffer.count >= width * height, let target = buffer.baseAddress else {
      return
    }
    for placed in line.glyphs where placed.image.width > 0 {
      let image = placed.image
      let originX = placed.x + image.left - line.left
      let originY = ascender - image.top - placed.y
      // The glyph's rows and columns that fall inside the mask.
      let firstRow = max(0, -originY)
      let endRow = min(image.height, height - originY)
      let firstColumn = max(0, -originX)
      let endColumn = min(image.width, width - originX)
      guard firstRow < endRow, firstColumn < endColumn else { continue }
      image.coverage.withUnsafeBufferPointer { source in
        guard let source = source.baseAddress else { return }
        for row in firstRow..<endRow {
          let from = source + row * image.width
          let to = target + (originY + row) * width + originX
          // The larger of the two, written whole: no branch per pixel.
          for column in firstColumn..<endColumn {
            to[column] = max(to[column], from[column])
          }
        }
      }
    }
  }
}
