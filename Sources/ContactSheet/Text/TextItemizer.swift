internal import CFriBidi
internal import CHarfBuzz

/// A stretch of a label that HarfBuzz shapes at once: one bidi level, one script, one face.
///
/// `start` and `end` index the label's scalars (its UTF-32 code points), so HarfBuzz's cluster
/// values, which it takes from the same indices, point back into the label.
struct TextRun: Equatable {
  var start: Int
  var end: Int
  /// The bidi embedding level: even is left to right, odd right to left.
  var level: Int
  var script: hb_script_t
  /// The ``FontFace/id`` of the face that draws the run.
  var face: Int

  var isRightToLeft: Bool { level % 2 == 1 }
}

/// Cuts a label into runs by bidi level (FriBidi), script (HarfBuzz's Unicode data) and face,
/// and puts the runs in visual order.
enum TextItemizer {
  /// Each scalar's bidi embedding level, by the Unicode bidirectional algorithm, and whether
  /// the paragraph is right to left (its first strong character is; left to right without one).
  static func bidiLevels(_ codepoints: [UInt32]) -> (levels: [Int], rightToLeft: Bool) {
    let count = codepoints.count
    // Nothing below U+0590 is strong right-to-left or an explicit bidi control, so a label
    // made only of such scalars is all level 0: most labels skip FriBidi entirely.
    guard codepoints.contains(where: { $0 >= 0x0590 }), count < Int(Int32.max) else {
      return ([Int](repeating: 0, count: count), false)
    }
    var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
    var brackets = [FriBidiBracketType](repeating: 0, count: count)
    var levels = [FriBidiLevel](repeating: 0, count: count)
    var direction = icongrid_fribidi_par_auto
    let length = FriBidiStrIndex(count)
    codepoints.withUnsafeBufferPointer { text in
      fribidi_get_bidi_types(text.baseAddress, length, &types)
      fribidi_get_bracket_types(text.baseAddress, length, types, &brackets)
    }
    // 0 means FriBidi ran out of memory: draw left to right rather than fail a label.
    guard fribidi_get_par_embedding_levels_ex(types, brackets, length, &direction, &levels) > 0 else {
      return ([Int](repeating: 0, count: count), false)
    }
    return (levels.map { Int($0) }, icongrid_fribidi_is_rtl(direction) != 0)
  }

  /// Whether `script` names a writing system, rather than Common (spaces, digits,
  /// punctuation), Inherited (combining marks) or Unknown.
  static func isReal(_ script: hb_script_t) -> Bool {
    script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN
  }

  /// HarfBuzz's script of each scalar, with Common and Inherited resolved the usual way: they
  /// take the script of the text before them, and at the start, of the first real script
  /// after them. A label with no real script stays Common.
  static func scripts(_ codepoints: [UInt32]) -> [hb_script_t] {
    let functions = hb_unicode_funcs_get_default()
    var scripts = codepoints.map { hb_unicode_script(functions, $0) }
    guard let first = scripts.first(where: isReal) else { return scripts }
    var current = first
    for index in scripts.indices {
      if isReal(scripts[index]) {
        current = scripts[index]
      } else {
        scripts[index] = current
      }
    }
    return scripts
  }

  /// The maximal runs of equal level, script and face, in logical order.
  static func runs(levels: [Int], scripts: [hb_script_t], faces: [Int]) -> [TextRun] {
    var runs: [TextRun] = []
    var start = 0
    for index in 1...levels.count
    where index == levels.count || levels[index] != levels[start] || scripts[index] != scripts[start]
      || faces[index] != faces[start]
    {
      runs.append(
        TextRun(start: start, end: index, level: levels[start], script: scripts[start], face: faces[start]))
      start = index
    }
    return levels.isEmpty ? [] : runs
  }

  /// The runs in visual order, left to right, by rule L2 of the bidirectional algorithm: from
  /// the highest level down to the lowest odd one, every maximal sequence of runs at that
  /// level or higher is reversed.
  static func visualOrder(_ runs: [TextRun]) -> [TextRun] {
    guard let highest = runs.map(\.level).max(), highest > 0,
      let lowest = runs.map(\.level).min()
    else { return runs }
    var order = runs
    let lowestOdd = lowest % 2 == 1 ? lowest : lowest + 1
    for level in stride(from: highest, through: lowestOdd, by: -1) {
      var index = 0
      while index < order.count {
        guard order[index].level >= level else {
          index += 1
          continue
        }
        var end = index
        while end < order.count, order[end].level >= level { end += 1 }
        order[index..<end].reverse()
        index = end
      }
    }
    return order
  }
}
