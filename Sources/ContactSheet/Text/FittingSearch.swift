/// The search for how much of a label fits: the largest count of kept characters whose
/// shortened text is no wider than the box.
///
/// Widths grow with the count, bar the odd contextual form, so the search walks from a guess
/// (read from the cumulative advances of one shaping of the whole label) to the largest count
/// that fits; a good guess costs two measurements, the one that fits and the one above it.
/// Without a guess it bisects. Both find the same count when widths grow with the count.
enum FittingSearch {
  /// The largest count in `0...upper` for which `fits` holds, taking `fits(0)` as true.
  ///
  /// - Parameters:
  ///   - upper: the largest count worth trying.
  ///   - guess: where to start, or `nil` to bisect.
  ///   - fits: whether the text that keeps this many characters fits (called with 1...upper).
  /// - Complexity: with a guess, one call per count between the guess and the answer, plus
  ///   one; without, about log2(`upper`) calls.
  static func largest(upTo upper: Int, guess: Int?, fits: (Int) -> Bool) -> Int {
    guard upper >= 1 else { return 0 }
    guard let guess else {
      var fitting = 0
      var low = 1
      var high = upper
      while low <= high {
        let middle = (low + high) / 2
        if fits(middle) {
          fitting = middle
          low = middle + 1
        } else {
          high = middle - 1
        }
      }
      return fitting
    }
    var count = min(max(guess, 0), upper)
    if count > 0, !fits(count) {
      count -= 1
      while count > 0, !fits(count) { count -= 1 }
      return count
    }
    while count < upper, fits(count + 1) { count += 1 }
    return count
  }

  /// The largest count in `0...upper` whose first `count` advances plus `extra` stay within
  /// `limit` (all in 26.6 pixels): the guess for ``largest(upTo:guess:fits:)``; `nil` when
  /// the advances are not one per character (`count`), which leaves the search to bisect.
  static func guess(
    advances: some Collection<Int>, count characters: Int, upTo upper: Int, extra: Int, limit: Int
  ) -> Int? {
    guard advances.count == characters else { return nil }
    var total = extra
    var count = 0
    for advance in advances {
      guard count < upper, total + advance <= limit else { break }
      total += advance
      count += 1
    }
    return count
  }
}
