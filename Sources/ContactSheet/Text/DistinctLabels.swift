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
    /// Whether the text was measured by shaping it, rather than from the glyphs of the whole
    /// label's shaping (``LabelCuts``), which a shaping of the cut may not match.
    var checked = true
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
  ///   - cuts: what measuring a text's cuts needs from its one shaping
  ///     (``LabelRendering/cuts(of:)``); with them a cut is measured without `width`, and
  ///     only the cut chosen is measured with `width`, to check it.
  /// - Returns: full text → the text to render instead, which fits `maxWidth`.
  /// - Complexity: one `width` and one `prepare` call per label; for a label too wide, one
  ///   `cuts` (or `advances`) call and, only while the candidates before are taken, one
  ///   `width` call for the cut chosen (without cuts, about two per cut tried, log2 of its
  ///   length without advances); the labels a candidate could stand for are found in a
  ///   ``NameIndex``.
  static func shown(
    for texts: some Sequence<String>, maxWidth: Int, width: (String) -> Int,
    advances: (String) -> [Int]? = { _ in nil }, cuts: (String) -> LabelCuts? = { _ in nil },
    prepare: (String, String?) -> String? = { _, _ in nil }
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
        text, isTaken: { taken.contains($0) }, width: width, advances: advances, cuts: cuts,
        prepare: prepare)
      let shown = search.shown(isTaken: { taken.contains($0) }, fits: { width($0) <= maxWidth })
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
    cuts: @escaping @Sendable (String) -> LabelCuts? = { _ in nil },
    prepare: @escaping @Sendable (String, String?) -> String? = { _, _ in nil }
  ) -> [String: String] {
    shownConcurrently(
      for: texts, maxWidth: maxWidth,
      lanes: [Measures(width: width, advances: advances, cuts: cuts, prepare: prepare)]
    ).shown
  }

  /// What measuring labels takes (the functions of
  /// ``shownConcurrently(for:maxWidth:width:advances:cuts:prepare:)``), for the labels of one
  /// lane.
  struct Measures: Sendable {
    var width: @Sendable (String) -> Int
    var advances: @Sendable (String) -> [Int]? = { _ in nil }
    var cuts: @Sendable (String) -> LabelCuts? = { _ in nil }
    var prepare: @Sendable (String, String?) -> String? = { _, _ in nil }
  }

  /// ``shownConcurrently(for:maxWidth:width:advances:cuts:prepare:)`` with a lane of
  /// measures per thread (``LabelRendering/lane(_:)``): each thread measures every label it
  /// takes, whether it fits, its search for a cut, the cut chosen, in its own lane, so no two
  /// threads wait for one lane; the labels are shared out as the threads become free.
  ///
  /// - Returns: the labels shown otherwise than as themselves, and the lane each label was
  ///   measured and fitted in, the lane to draw it in.
  static func shownConcurrently(
    for texts: some Sequence<String>, maxWidth: Int, lanes: [Measures]
  ) -> (shown: [String: String], lanes: [String: Int]) {
    precondition(!lanes.isEmpty, "at least one lane")
    let unique = uniqued(texts)
    let pass = Pass(unique: unique, maxWidth: maxWidth, advances: lanes[0].advances)
    // Each label measured, and each label too wide searched for its cut, as though no other
    // label had taken a text yet.
    // One lane is shared by every thread (its measures wait for nothing, or for themselves).
    let workers = lanes.count > 1 ? lanes.count : Int.max
    let firsts = Parallel.map(unique, workers: workers) { text, worker -> Search? in
      let measures = lanes[min(worker, lanes.count - 1)]
      guard measures.width(text) > maxWidth else {
        _ = measures.prepare(text, nil)
        return nil
      }
      let search = pass.search(
        text, isTaken: { _ in false }, width: measures.width, advances: measures.advances,
        cuts: measures.cuts,
        prepare: measures.prepare)
      if let chosen = search.chosen, chosen != search.end { _ = measures.prepare(chosen, text) }
      return search
    }
    var laneOf: [String: Int] = [:]
    laneOf.reserveCapacity(unique.count)
    var taken: Set<String> = []
    for (text, first) in zip(unique, firsts) {
      laneOf[text] = min(first.worker, lanes.count - 1)
      if first.result == nil { taken.insert(text) }
    }
    var changed: [String: String] = [:]
    for (text, first) in zip(unique, firsts) {
      guard var search = first.result else { continue }
      let measures = lanes[min(first.worker, lanes.count - 1)]
      if let chosen = search.chosen, taken.contains(chosen) {
        // A label before took it: search again knowing what is taken (its end cut, which the
        // prepared text replaced, is prepared again by the search).
        search = pass.search(
          text, isTaken: { taken.contains($0) }, width: measures.width, advances: measures.advances,
          cuts: measures.cuts, prepare: measures.prepare)
      }
      let shown = search.shown(isTaken: { taken.contains($0) }, fits: { measures.width($0) <= maxWidth })
      taken.insert(shown)
      if shown != search.end {
        changed[text] = shown
        if shown != first.result?.chosen { _ = measures.prepare(shown, text) }
      }
    }
    return (changed, laneOf)
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

    /// The text the label shows: the free candidate, else the first no label has taken
    /// that fits (a candidate measured from the whole label's glyphs is checked with `fits`),
    /// else the end cut.
    func shown(isTaken: (String) -> Bool, fits: (String) -> Bool) -> String {
      chosen
        ?? (candidates.first { !isTaken($0.text) && ($0.checked || fits($0.text)) } ?? candidates[0]).text
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
    private(set) var taken: Set<String>

    init(unique: [String], long: [String], maxWidth: Int, advances: (String) -> [Int]?) {
      self.init(unique: unique, maxWidth: maxWidth, advances: advances)
      let longSet = Set(long)
      taken = Set(unique.filter { !longSet.contains($0) })
    }

    /// The pass before it is known which labels fit: nothing taken.
    init(unique: [String], maxWidth: Int, advances: (String) -> [Int]?) {
      self.maxWidth = maxWidth
      index = NameIndex(unique)
      let sorted = unique.sorted()
      // What each label shares with the next, each pair counted once.
      let shared = sorted.indices.dropLast().map { DistinctLabels.commonPrefix(sorted[$0], sorted[$0 + 1]) }
      var differsAt: [String: Int] = [:]
      differsAt.reserveCapacity(sorted.count)
      for (index, text) in sorted.enumerated() {
        let before = index > 0 ? shared[index - 1] : 0
        let after = index < shared.count ? shared[index] : 0
        differsAt[text] = max(before, after)
      }
      self.differsAt = differsAt
      ellipsisAdvance = advances(String(LabelText.ellipsis))?.first ?? 0
      taken = []
    }

    /// Whether a name other than `text` fits `candidate`.
    private func fitsAnother(_ candidate: Candidate, _ text: NameIndex.Code?) -> Bool {
      index.fitsAnother(
        prefix: candidate.prefix, infix: candidate.infix, atEnd: candidate.atEnd, exceptCode: text)
    }

    /// The candidates for the label `text`, too wide, measured in order of preference until
    /// one is free: it fits no other name and `isTaken` does not hold for its text.
    ///
    /// With `cuts`, each candidate is measured from the glyphs of the label's one shaping,
    /// and only a free one is shaped (`width`) to check that it fits; one that does not is
    /// measured again by shaping its cuts.
    func search(
      _ text: String, isTaken: (String) -> Bool, width: (String) -> Int, advances: (String) -> [Int]?,
      cuts: (String) -> LabelCuts? = { _ in nil }, prepare: (String, String?) -> String?
    ) -> Search {
      let characters = Array(text)
      let labelCuts = cuts(text).flatMap { $0.count == characters.count ? $0 : nil }
      let measured = Measured(
        characters: characters, advances: labelCuts.map { $0.advances.map(Int.init) } ?? advances(text),
        ellipsisAdvance: ellipsisAdvance)
      let end =
        prepare(text, nil)
        ?? fitEnd(characters, maxWidth: maxWidth, width: width, advances: measured.advances)
      var candidates = [Candidate(text: end, prefix: String(end.dropLast()), infix: "", atEnd: false)]
      let code = index.code(characters)
      func isFree(_ candidate: Candidate) -> Bool {
        !isTaken(candidate.text) && !fitsAnother(candidate, code)
      }
      /// The candidate `make` measures from the label's glyphs, or by shaping when it has no
      /// glyphs or, being free, its shaping is too wide; whether it is free.
      func measure(_ make: (LabelCuts?) -> Candidate?) -> (Candidate, free: Bool)? {
        guard var candidate = make(labelCuts) else { return nil }
        guard isFree(candidate) else { return (candidate, false) }
        if candidate.checked || width(candidate.text) <= maxWidth {
          candidate.checked = true
          return (candidate, true)
        }
        guard let shaped = make(nil) else { return nil }
        return (shaped, isFree(shaped))
      }
      // Candidates in order of preference, each measured only when those before it are taken.
      var chosen = isFree(candidates[0]) ? candidates[0] : nil
      for head in [3, 2, 1] where chosen == nil && head < characters.count {
        let found = measure { cuts in
          middle(
            characters, head: head, maxWidth: maxWidth, width: width, advances: measured.advances,
            estimate: cuts.map { cuts -> (Int) -> Int in
              { count in
                cuts.width(of: Array(0..<head) + [-1] + Array((characters.count - count)..<characters.count))
              }
            }
          ).map { shown, suffix in
            Candidate(
              text: shown, prefix: String(characters[..<head]), infix: suffix, atEnd: true,
              checked: cuts == nil)
          }
        }
        if let (candidate, free) = found {
          candidates.append(candidate)
          if free { chosen = candidate }
        }
      }
      if chosen == nil, characters.count > 1 {
        let ellipsis = String(LabelText.ellipsis)
        let from = min(differsAt[text] ?? 1, characters.count - 1)
        // A label of one-byte characters is segmented the same as its parts joined (no CR LF,
        // and "…" joins no neighbour), so its window is joined as characters, not as a string.
        let isOneByte = text.utf8.count == characters.count
        for start in stride(from: max(from, 1), through: 1, by: -1) {
          let window =
            isOneByte
            ? [characters[0], LabelText.ellipsis] + characters[start...]
            : Array(String(characters[0]) + ellipsis + String(characters[start...]))
          // The window's characters as positions in the label, "…" as -1.
          let positions = [0, -1] + Array(start..<characters.count)
          let found = measure { cuts in
            let shown = fitEnd(
              window, maxWidth: maxWidth, width: width, advances: measured.window(from: start),
              estimate: positions.count == window.count
                ? cuts.map { cuts -> (Int) -> Int in
                  { count in
                    cuts.width(
                      of: LabelText.shortenedIndices(window, keeping: count).map {
                        $0 < 0 ? -1 : positions[$0]
                      })
                  }
                } : nil)
            let infix = shown.dropFirst(2)
            let truncated = infix.hasSuffix(ellipsis)
            return Candidate(
              text: shown, prefix: String(characters[0]),
              infix: String(truncated ? infix.dropLast() : infix), atEnd: !truncated, checked: cuts == nil)
          }
          guard let (candidate, free) = found else { continue }
          candidates.append(candidate)
          if free {
            chosen = candidate
            break
          }
        }
      }
      return Search(end: end, candidates: candidates, chosen: chosen?.text)
    }
  }

  /// The number of leading characters `first` and `second` share, as
  /// ``commonPrefix(_:)-([String])`` counts them; two names that are ASCII up to where they
  /// differ are compared byte by byte, without splitting them into characters.
  static func commonPrefix(_ first: String, _ second: String) -> Int {
    let shared: Int? =
      first.utf8.withContiguousStorageIfAvailable { a in
        second.utf8.withContiguousStorageIfAvailable { b -> Int? in
          var count = 0
          let end = min(a.count, b.count)
          // A carriage return and a line feed make one character: leave them to the slow path.
          while count < end, a[count] == b[count], a[count] < 0x80, a[count] != 0x0D { count += 1 }
          // Each side must end or go on with an ASCII byte, so no mark extends the last
          // character shared, and two different ASCII bytes are two different characters.
          guard count == a.count || a[count] < 0x80, count == b.count || b[count] < 0x80 else { return nil }
          guard count == end || a[count] != b[count] else { return nil }
          return count
        } ?? nil
      } ?? nil
    return shared ?? commonPrefix([first, second])
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
    _ characters: [Character], maxWidth: Int, width: (String) -> Int, advances: [Int]? = nil,
    estimate: ((Int) -> Int)? = nil
  ) -> String {
    let upper = characters.count - 1
    let guess = advances.flatMap {
      FittingSearch.guess(
        advances: $0.dropLast(), count: characters.count, upTo: upper, extra: $0.last ?? 0,
        limit: maxWidth << 6)
    }
    if let estimate {
      let count = FittingSearch.largest(upTo: upper, guess: guess) { estimate($0) <= maxWidth }
      return String(LabelText.shortened(characters, keeping: count))
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
    _ characters: [Character], head: Int, maxWidth: Int, width: (String) -> Int, advances: [Int]? = nil,
    estimate: ((Int) -> Int)? = nil
  ) -> (String, String)? {
    let lead = String(characters[..<head]) + String(LabelText.ellipsis)
    let upper = characters.count - head - 1
    let guess = advances.flatMap { advances in
      FittingSearch.guess(
        advances: advances.dropLast().reversed(), count: characters.count, upTo: upper,
        extra: advances.prefix(head).reduce(0, +) + (advances.last ?? 0), limit: maxWidth << 6)
    }
    if let estimate {
      let count = FittingSearch.largest(upTo: upper, guess: guess) { estimate($0) <= maxWidth }
      guard count > 0 else { return nil }
      let suffix = String(characters[(characters.count - count)...])
      return (lead + suffix, suffix)
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
