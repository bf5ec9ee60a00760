extension DistinctLabels {
  /// A sheet's distinct labels as characters, sorted from the front and, reversed, from the
  /// back, so that the labels a shortened candidate could stand for are found by binary
  /// search rather than by a scan of every label with the same first character (on 5,000
  /// theme icons whose names share their start, that scan was three quarters of the sheet's
  /// time).
  ///
  /// Labels that start with the same characters are neighbours in the sorted order, and so
  /// are labels that end alike in the order of their reversals. A part to be found anywhere
  /// after the prefix is looked up by its rarest run of three characters: only the labels
  /// that hold that run are compared.
  struct NameIndex {
    private let names: [[Character]]
    private let reversedNames: [[Character]]
    /// Each run of three characters → the labels (positions in `names`) that hold it.
    private let runs: [String: [Int]]

    init(_ texts: [String]) {
      names = texts.map(Array.init).sorted { $0.lexicographicallyPrecedes($1) }
      reversedNames = texts.map { Array($0.reversed()) }.sorted { $0.lexicographicallyPrecedes($1) }
      var runs: [String: [Int]] = [:]
      for (position, name) in names.enumerated() where name.count >= 3 {
        var seen: Set<String> = []
        for start in 0...(name.count - 3) {
          let run = String(name[start..<(start + 3)])
          if seen.insert(run).inserted { runs[run, default: []].append(position) }
        }
      }
      self.runs = runs
    }

    /// Whether a label other than `text` starts with `prefix` and, after it, ends with
    /// `infix` (`atEnd`) or holds it.
    func fitsAnother(prefix: [Character], infix: [Character], atEnd: Bool, except text: [Character]) -> Bool {
      if atEnd && !infix.isEmpty {
        let tail = Array(infix.reversed())
        return Self.starting(with: tail, in: reversedNames).contains { reversed in
          reversed.count >= prefix.count + infix.count && reversed.reversed().starts(with: prefix)
            && !reversed.reversed().elementsEqual(text)
        }
      }
      if infix.count >= 3 {
        let rarest =
          (0...(infix.count - 3)).lazy.map { self.runs[String(infix[$0..<($0 + 3)])] ?? [] }
          .min { $0.count < $1.count } ?? []
        return rarest.contains { position in
          let name = names[position]
          return name.starts(with: prefix) && name != text && Self.holds(name[prefix.count...], infix)
        }
      }
      return Self.starting(with: prefix, in: names).contains { name in
        name != text && (infix.isEmpty || Self.holds(name[prefix.count...], infix))
      }
    }

    /// The sorted `list`'s entries that start with `prefix`: from the first entry not before
    /// it, for as long as they start with it.
    private static func starting(with prefix: [Character], in list: [[Character]]) -> ArraySlice<[Character]>
    {
      var low = 0
      var high = list.count
      while low < high {
        let middle = (low + high) / 2
        if list[middle].lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
      }
      var end = low
      while end < list.count, list[end].starts(with: prefix) { end += 1 }
      return list[low..<end]
    }

    /// Whether `characters` holds `part`, character for character.
    private static func holds(_ characters: ArraySlice<Character>, _ part: [Character]) -> Bool {
      guard part.count <= characters.count else { return false }
      var start = characters.startIndex
      while start + part.count <= characters.endIndex {
        if characters[start..<(start + part.count)].elementsEqual(part) { return true }
        start += 1
      }
      return false
    }
  }
}
