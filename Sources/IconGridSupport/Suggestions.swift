/// Did-you-mean candidates by edit distance.
package enum Suggestions {
  /// Names within a typo's distance of `word`, nearest first, then alphabetically.
  package static func nearest(to word: String, in names: some Sequence<String>, limit: Int) -> [String] {
    let target = Array(word.unicodeScalars)
    var scored: [(String, Int)] = []
    for name in names {
      let candidate = Array(name.unicodeScalars)
      let allowed = max(2, candidate.count / 3)
      if abs(candidate.count - target.count) > allowed { continue }
      let distance = editDistance(target, candidate, caseInsensitive: true)
      if distance <= allowed { scored.append((name, distance)) }
    }
    scored.sort { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
    return scored.prefix(limit).map(\.0)
  }

  /// The candidate nearest to `word` by edit distance (letter case counts), when near
  /// enough to be a typo: the "did you mean" of a misspelt option value or target.
  package static func closest(to word: String, in candidates: [String]) -> String? {
    var best: (String, Int)?
    for candidate in candidates {
      let distance = editDistance(
        Array(word.unicodeScalars), Array(candidate.unicodeScalars), caseInsensitive: false)
      if distance <= max(2, candidate.count / 3), distance < (best?.1 ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.0
  }

  /// Levenshtein distance where letter case is ignored, except that two different names
  /// are always at least 1 apart.
  package static func editDistance(
    _ x: [Unicode.Scalar], _ y: [Unicode.Scalar], caseInsensitive: Bool
  ) -> Int {
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var previous = Array(0...y.count)
    var current = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
      current[0] = i
      for j in 1...y.count {
        let same =
          x[i - 1] == y[j - 1]
          || (caseInsensitive && x[i - 1].properties.lowercaseMapping == y[j - 1].properties.lowercaseMapping)
        let cost = same ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return max(previous[y.count], x == y ? 0 : 1)
  }
}
