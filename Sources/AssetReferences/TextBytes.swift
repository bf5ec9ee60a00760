/// Questions the scanners ask of text, answered on its UTF-8 bytes, each exactly as the
/// `Character`-level answer of `String`: walking graphemes is what made the scans of
/// localized strings and translation files slow.
///
/// The answers differ from a plain byte test in the places where graphemes do: `\r\n` is one
/// character (neither a line feed nor a space), and a space may carry the combining marks that
/// follow it. Where only grapheme rules can decide, the `Character`-level code is asked.
enum TextBytes {
  /// Whether a character of `text` is a line feed: what `text.contains("\n")` answers (a
  /// `\r\n` pair is one character, not a line feed).
  ///
  /// - Complexity: O(n) byte comparisons; characters are walked only when a line feed byte is
  ///   there.
  static func hasLineFeed(_ text: String) -> Bool {
    text.utf8.contains(UInt8(ascii: "\n")) && text.contains("\n")
  }

  /// Whether `text` is `literal`, as `==` answers for the literals the scans use: byte for
  /// byte, length first. Only `K`, `;` and `` ` `` have another character canonically
  /// equivalent to them (the Kelvin sign, the Greek question mark, the Greek varia), so
  /// for a literal without them the bytes decide.
  ///
  /// - Parameters:
  ///   - text: any text.
  ///   - literal: ASCII text without `K`, `;` or `` ` ``.
  static func equals(_ text: String, _ literal: StaticString) -> Bool {
    literal.withUTF8Buffer { literal in text.utf8.count == literal.count && text.utf8.elementsEqual(literal) }
  }

  /// Whether `text` has the byte `byte` (an ASCII byte: a character that is, or starts with,
  /// it), searched in its contiguous bytes.
  static func contains(_ byte: UInt8, in text: String) -> Bool {
    text.utf8.withContiguousStorageIfAvailable { $0.contains(byte) } ?? text.utf8.contains(byte)
  }

  /// Whether `needle` occurs in `haystack`, byte for byte.
  static func occurs(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Bool {
    guard needle.count <= haystack.count, let first = needle.first else { return false }
    var index = haystack.startIndex
    while index + needle.count <= haystack.endIndex {
      if haystack[index] == first && haystack[index..<index + needle.count].elementsEqual(needle) {
        return true
      }
      index += 1
    }
    return false
  }

  /// The byte offsets of `bytes` without the characters at either end that are a space, a tab,
  /// a line feed or a carriage return, as ``Swift/Substring/trimmingSpaces()`` trims them; `nil`
  /// when a space stands next to a non-ASCII byte, which could make one character of both.
  ///
  /// - Parameter bytes: valid UTF-8.
  /// - Returns: the offsets of what remains (empty when nothing does).
  static func trimmedSpaces(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    let space = UInt8(ascii: " ")
    let tab = UInt8(ascii: "\t")
    let lineFeed = UInt8(ascii: "\n")
    let carriageReturn = UInt8(ascii: "\r")
    var lower = 0
    let count = bytes.count
    // Controls (tab, line feed, carriage return) are characters of their own, except `\r\n`,
    // which is one character and not a space.
    leading: while lower < count {
      switch bytes[lower] {
      case tab, lineFeed:
        lower += 1
      case carriageReturn:
        if lower + 1 < count && bytes[lower + 1] == lineFeed { break leading }
        lower += 1
      case space:
        // A combining mark after a space belongs to its character.
        if lower + 1 < count && bytes[lower + 1] >= 0x80 { return nil }
        lower += 1
      default:
        break leading
      }
    }
    var upper = count
    trailing: while upper > lower {
      switch bytes[upper - 1] {
      case tab, carriageReturn:
        upper -= 1
      case lineFeed:
        if upper - 2 >= lower && bytes[upper - 2] == carriageReturn { break trailing }
        upper -= 1
      case space:
        // A prepended mark before a space makes one character of both.
        if upper - 2 >= 0 && bytes[upper - 2] >= 0x80 { return nil }
        upper -= 1
      default:
        break trailing
      }
    }
    return lower..<upper
  }
}

extension Substring {
  /// The text without leading and trailing spaces, tabs and line breaks (characters: a `\r\n`
  /// pair is not trimmed).
  func trimmingSpaces() -> Substring {
    let utf8 = self.utf8
    if let found = utf8.withContiguousStorageIfAvailable(TextBytes.trimmedSpaces), let range = found {
      let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
      let upper = utf8.index(utf8.startIndex, offsetBy: range.upperBound)
      return range.isEmpty ? "" : self[lower..<upper]
    }
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
    else {
      return ""
    }
    return self[first...last]
  }
}
