import IconGridSupport

/// Chooses what each label of a sheet shows, so that shortened labels still tell their tiles
/// apart.
///
/// A label that fits is shown whole. A label too wide for its tile is shortened at its end
/// ("Settings and Pri…"), as the rasterizer does by itself, when no other label of the sheet
/// starts that way. Otherwise, as for "OnboardingBackground" and "OnboardingWidgetImage"
/// (both "Onboardin…"), it is cut in the middle: its first characters, "…", and as much of
/// its end as fits ("Onb…Background", "Onb…WidgetImage"). When other labels end alike too
/// ("…-w-Locations-dark", "…-wo-Locations-dark"), the part after the ellipsis starts where the
/// label first differs from its nearest neighbour, then earlier, and is shortened at its end.
///
/// A shortened text *fits* a name when the name starts with the part before the ellipsis and
/// holds the part after it (at its end, when nothing follows it). Each label takes the first
/// candidate that fits no other name of the sheet, so a reader can tell which name it is;
/// failing that (names alike over more than the label's width), the first candidate no other
/// label shows, so the labels still differ.
///
/// Why this design: names in one folder or catalog usually share a prefix (a feature, a
/// family of icons) and differ after it, most often at the end (sizes, "-dark"/"-light"), so
/// the end is what tells them apart; a second line would not fit the nine-grid's label row.
enum DistinctLabels {
  /// A shortened label and what a name must look like to fit it.
  fileprivate struct Candidate: Sendable {
    var text: String
    /// What the name starts with.
    var prefix: String
    /// What follows somewhere after the prefix.
    var infix: String
    /// Whether `infix` ends the name.
    var atEnd: Bool
  }

  /// The labels whose shown text differs from the rasterizer's own end-shortening, keyed by
  /// the label's full text; every other label is rendered as it is.
  ///
  /// - Parameters:
  ///   - texts: every label of the sheet (repeats are fine: equal texts may show alike).
  ///   - maxWidth: the width a label may take, in pixels.
  ///   - width: the width in pixels of a text on one line, not shortened.
  ///   - advances: the pen advance of each character of a text, in 1/64 pixels
  ///     (``LabelRendering/advances(of:)``); each search for a cut starts where they put it.
  ///   - prepare: readies a text to be drawn at `maxWidth` in place of a text readied before
  ///     (or `nil`) and returns what will be drawn (``LabelRendering/prepare(_:maxWidth:replacing:)``):
  ///     called for each label that fits, for each label too wide (its answer is the
  ///     end-shortened candidate) and for each text chosen instead of a label; an answer of
  ///     `nil` leaves the end-shortening to this type.
  /// - Returns: full text → the text to render instead, which fits `maxWidth`.
  /// - Complexity: one `width` and one `prepare` call per label; for a label too wide, one
  ///   `advances` call and, only while the candidates before are taken, about two `width`
  ///   calls per cut tried (log2 of its length without advances); the labels a candidate
  ///   could stand for are found in a ``NameIndex``.
  static func shown(
    for texts: some Sequence<String>, maxWidth: Int, width: (String) -> Int,
    advances: (String) -> [Int]? = { _ in nil }, prepare: (String, String?) -> String? = { _, _ in nil }
  ) -> [String: String] {
    let unique = uniqued(texts)
    var long: [String] = []
    for text in unique {
      if width(text) > maxWidth { long.append(text) } else { _ = prepare(text, nil) }
    }
    guard !long.isEmpty else { return [:] }
    let pass = Pass(unique: unique, long: long, maxWidth: maxWidth, advances: advances)
    var taken = pass.taken
    var changed: [String: String] = [:]
    for text in long {
      let search = pass.search(
        text, isTaken: { taken.contains($0) }, width: width, advances: advances, prepare: prepare)
      let shown = search.shown { taken.contains($0) }
      taken.insert(shown)
      if shown != search.end {
        changed[text] = shown
        _ = prepare(shown, text)
      }
    }
    return changed
  }

  /// The labels of ``shown(for:maxWidth:width:advances:prepare:)``, the same, with the
  /// measuring spread over the cores: every label is measured at once, and each label too
  /// wide searches for its cut at once, as though no other label had taken a text yet; the
  /// labels are then settled in order, and only a label whose chosen text an earlier one
  /// took searches again (the cut a label takes depends on the others only through the texts
  /// they took).
  ///
  /// Each label that the search changes is prepared as it is chosen (`prepare(shown, text)`),
  /// before it is settled, so that the rasterizer fits it while it holds its shaping.
  ///
  /// - Parameters: as for ``shown(for:maxWidth:width:advances:prepare:)``; the functions are
  ///   called from several threads at once.
  static func shownConcurrently(
    for texts: some Sequence<String>, maxWidth: Int, width: @escaping @Sendable (String) -> Int,
    advances: @escaping @Sendable (String) -> [Int]? = { _ in nil },
    prepare: @escaping @Sendable (String, String?) -> String? = { _, _ in nil }
  ) -> [String: String] {
    let unique = uniqued(texts)
    let isLong = Parallel.map(unique) { text in
      guard width(text) > maxWidth else {
        _ = prepare(text, nil)
        return false
      }
      return true
    }
    let long = zip(unique, isLong).filter(\.1).map(\.0)
    guard !long.isEmpty else { return [:] }
    let pass = Pass(unique: unique, long: long, maxWidth: maxWidth, advances: advances)
    let searches = Parallel.map(long) { text in
      let search = pass.search(
        text, isTaken: { _ in false }, width: width, advances: advances, prepare: prepare)
      if let chosen = search.chosen, chosen != search.end { _ = prepare(chosen, text) }
      return search
    }
    var taken = pass.taken
    var changed: [String: String] = [:]
    for (text, first) in zip(long, searches) {
      var search = first
      if let chosen = first.chosen, taken.contains(chosen) {
        // A label before took it: search again knowing what is taken (its end cut, which the
        // prepared text replaced, is prepared again by the search).
        search = pass.search(
          text, isTaken: { taken.contains($0) }, width: width, advances: advances, prepare: prepare)
      }
      let shown = search.shown { taken.contains($0) }
      taken.insert(shown)
      if shown != search.end {
        changed[text] = shown
        if shown != first.chosen { _ = prepare(shown, text) }
      }
    }
    return changed
  }

  /// `texts` without repeats, in first-seen order.
  private static func uniqued(_ texts: some Sequence<String>) -> [String] {
    var unique: [String] = []
    var seen: Set<String> = []
    for text in texts where seen.insert(text).inserted { unique.append(text) }
    return unique
  }

  /// What one label's search found: its end cut, the candidates measured, in order of
  /// preference, and the first of them that is free (no other name fits it and no label
  /// has taken it), if any.
  struct Search: Sendable {
    var end: String
    fileprivate var candidates: [Candidate]
    var chosen: String?

    /// The text the label shows: the free candidate, else the first no label has taken,
    /// else the end cut.
    func shown(isTaken: (String) -> Bool) -> String {
      chosen ?? (candidates.first { !isTaken($0.text) } ?? candidates[0]).text
    }
  }

  /// What the search for every label too wide shares: the index of names, where each label
  /// first differs from its neighbours, and the texts taken by the labels that fit.
  struct Pass: Sendable {
    let maxWidth: Int
    let index: NameIndex
    /// Where each label first differs from its nearest neighbour in sorted order.
    let differsAt: [String: Int]
    let ellipsisAdvance: Int
    /// The labels that fit, shown as they are.
    let taken: Set<String>

    init(unique: [String], long: [String], maxWidth: Int, advances: (String) -> [Int]?) {
      self.maxWidth = maxWidth
      index = NameIndex(unique)
      let sorted = unique.sorted()
      var differsAt: [String: Int] = [:]
      for (index, text) in sorted.enumerated() {
        let before = index > 0 ? DistinctLabels.commonPrefix([sorted[index - 1], text]) : 0
        let after = index + 1 < sorted.count ? DistinctLabels.commonPrefix([text, sorted[index + 1]]) : 0
        differsAt[text] = max(before, after)
      }
      self.differsAt = differsAt
      ellipsisAdvance = advances(String(LabelText.ellipsis))?.first ?? 0
      let longSet = Set(long)
      taken = Set(unique.filter { !longSet.contains($0) })
    }

    /// Whether a name other than `text` fits `candidate`.
    private func fitsAnother(_ candidate: Candidate, _ text: String) -> Bool {
      index.fitsAnother(
        prefix: candidate.prefix, infix: candidate.infix, atEnd: candidate.atEnd, except: text)
    }

    /// The candidates for the label `text`, too wide, measured in order of preference until
    /// one is free: it fits no other name and `isTaken` does not hold for its text.
    func search(
      _ text: String, isTaken: (String) -> Bool, width: (String) -> Int, advances: (String) -> [Int]?,
      prepare: (String, String?) -> String?
    ) -> Search {
      let characters = Array(text)
      let measured = Measured(
        characters: characters, advances: advances(text), ellipsisAdvance: ellipsisAdvance)
      let end =
        prepare(text, nil)
        ?? fitEnd(characters, maxWidth: maxWidth, width: width, advances: measured.advances)
      var candidates = [Candidate(text: end, prefix: String(end.dropLast()), infix: "", atEnd: false)]
      func isFree(_ candidate: Candidate) -> Bool {
        !isTaken(candidate.text) && !fitsAnother(candidate, text)
      }
      // Candidates in order of preference, each measured only when those before it are taken.
      var chosen = isFree(candidates[0]) ? candidates[0] : nil
      for head in [3, 2, 1] where chosen == nil && head < characters.count {
        if let (shown, suffix) = middle(
          characters, head: head, maxWidth: maxWidth, width: width, advances: measured.advances)
        {
          let candidate = Candidate(
            text: shown, prefix: String(characters[..<head]), infix: suffix, atEnd: true)
          candidates.append(candidate)
          if isFree(candidate) { chosen = candidate }
        }
      }
      if chosen == nil, characters.count > 1 {
        let ellipsis = String(LabelText.ellipsis)
        let from = min(differsAt[text] ?? 1, characters.count - 1)
        for start in stride(from: max(from, 1), through: 1, by: -1) {
          let window = fitEnd(
            Array(String(characters[0]) + ellipsis + String(characters[start...])), maxWidth: maxWidth,
            width: width, advances: measured.window(from: start))
          let infix = window.dropFirst(2)
          let truncated = infix.hasSuffix(ellipsis)
          let candidate = Candidate(
            text: window, prefix: String(characters[0]), infix: String(truncated ? infix.dropLast() : infix),
            atEnd: !truncated)
          candidates.append(candidate)
          if isFree(candidate) {
            chosen = candidate
            break
          }
        }
      }
      return Search(end: end, candidates: candidates, chosen: chosen?.text)
    }
  }

  /// The number of leading characters all of `texts` share.
  static func commonPrefix(_ texts: [String]) -> Int {
    guard var prefix = texts.first.map(Array.init) else { return 0 }
    for text in texts.dropFirst() {
      let characters = Array(text)
      var count = 0
      while count < min(prefix.count, characters.count), prefix[count] == characters[count] { count += 1 }
      prefix.removeLast(prefix.count - count)
    }
    return prefix.count
  }

  /// The advances of a label's characters, in 26.6 pixels, when its renderer tells them.
  struct Measured {
    /// One per character, the ellipsis's last; `nil` when unknown.
    var advances: [Int]?

    init(characters: [Character], advances: [Int]?, ellipsisAdvance: Int) {
      self.advances = advances.flatMap { $0.count == characters.count ? $0 + [ellipsisAdvance] : nil }
    }

    /// The advances of the first character, "…" and the characters from `start` on.
    func window(from start: Int) -> [Int]? {
      advances.map { [$0[0], $0[$0.count - 1]] + $0[start..<($0.count - 1)] + [$0[$0.count - 1]] }
    }
  }

  /// `characters` shortened at the end to fit, with "…"; just "…" (or nothing) when no
  /// character fits beside it.
  ///
  /// - Parameter advances: the advance of each character and then of "…", in 26.6 pixels,
  ///   from which the search starts (``FittingSearch``); without them it bisects.
  static func fitEnd(
    _ characters: [Character], maxWidth: Int, width: (String) -> Int, advances: [Int]? = nil
  ) -> String {
    let upper = characters.count - 1
    let guess = advances.flatMap {
      FittingSearch.guess(
        advances: $0.dropLast(), count: characters.count, upTo: upper, extra: $0.last ?? 0,
        limit: maxWidth << 6)
    }
    var texts: [Int: String] = [:]
    let count = FittingSearch.largest(upTo: upper, guess: guess) { count in
      let text = String(LabelText.shortened(characters, keeping: count))
      texts[count] = text
      return width(text) <= maxWidth
    }
    return texts[count] ?? String(LabelText.ellipsis)
  }

  /// The first `head` characters of `characters`, "…", and as many of its last characters
  /// as fit (returned as well); `nil` when not even one does.
  ///
  /// - Parameter advances: as for ``fitEnd(_:maxWidth:width:advances:)``.
  static func middle(
    _ characters: [Character], head: Int, maxWidth: Int, width: (String) -> Int, advances: [Int]? = nil
  ) -> (String, String)? {
    let lead = String(characters[..<head]) + String(LabelText.ellipsis)
    let upper = characters.count - head - 1
    let guess = advances.flatMap { advances in
      FittingSearch.guess(
        advances: advances.dropLast().reversed(), count: characters.count, upTo: upper,
        extra: advances.prefix(head).reduce(0, +) + (advances.last ?? 0), limit: maxWidth << 6)
    }
    var texts: [Int: String] = [:]
    let count = FittingSearch.largest(upTo: upper, guess: guess) { count in
      let suffix = String(characters[(characters.count - count)...])
      texts[count] = suffix
      return width(lead + suffix) <= maxWidth
    }
    return texts[count].map { (lead + $0, $0) }
  }
}
