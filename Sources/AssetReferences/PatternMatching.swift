extension SourceReferences.Pattern {
  /// The patterns that count as uses: every strict one, and every other one with at least
  /// three fixed letters or digits that can produce one of `names`.
  ///
  /// Patterns with the same pieces are matched once (code repeats `"… " + x` in every log
  /// line), and a name is tried only when it starts and ends with the pattern's first and
  /// last pieces.
  ///
  /// - Parameters:
  ///   - patterns: the patterns found, in file and line order.
  ///   - names: the names they may produce.
  /// - Returns: the patterns that count, in their order.
  /// - Complexity: O(distinct pieces × names) cheap prefix tests, full matches only on hits.
  public static func counting(_ patterns: [Self], names: [String]) -> [Self] {
    let lowered = names.map { $0.lowercased() }
    // A piece with a character no name has (a space, a colon) matches none: most strings
    // built for logs and messages end here.
    var alphabet: Set<Unicode.Scalar> = []
    for name in lowered { alphabet.formUnion(name.unicodeScalars) }
    var verdicts: [[String]: Bool] = [:]
    return patterns.filter { pattern in
      if pattern.isStrict { return true }
      if let verdict = verdicts[pattern.pieces] { return verdict }
      let first = pattern.pieces.first?.lowercased() ?? ""
      let last = pattern.pieces.count > 1 ? pattern.pieces.last!.lowercased() : ""
      let pieces = pattern.pieces.map { $0.lowercased() }
      let longest = pieces.max { $0.count < $1.count } ?? ""
      let verdict =
        pattern.fixedAlphanumerics >= 3
        && pieces.allSatisfy { $0.unicodeScalars.allSatisfy(alphabet.contains) }
        && lowered.contains {
          $0.hasPrefix(first) && $0.hasSuffix(last) && $0.contains(longest) && pattern.matches($0)
        }
      verdicts[pattern.pieces] = verdict
      return verdict
    }
  }
}
