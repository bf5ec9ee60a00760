/// A token of Swift or Objective-C source, as far as asset names need: identifiers,
/// string literals and single punctuation characters. Comments and whitespace are dropped.
struct SourceToken: Sendable, Hashable {
  /// What a token is.
  enum Kind: Sendable, Hashable {
    /// An identifier or keyword (`UIImage`, `named`, `#imageLiteral`, `@selector`).
    case identifier
    /// A string literal's text without its quotes; interpolations kept as written.
    case string
    /// One character of punctuation (`(`, `:`, `.`, `[`).
    case punctuation
  }

  var kind: Kind
  var text: String
  /// The 1-based line the token starts on.
  var line: Int
  /// For a string: whether it is built at run time (an interpolation, a format specifier).
  var isPattern = false
  /// For a string: its literal pieces around the run-time parts (`["icon_", ""]`).
  var pieces: [String] = []
  /// For JavaScript: how many template literals' `${…}` the token is in (0 for the code
  /// around them). `Int32` fits in the padding after `isPattern`.
  var templateDepth: Int32 = 0
}

extension [SourceToken] {
  /// The text of the token at `position`, or `nil` outside the array.
  func text(at position: Int) -> String? {
    position >= 0 && position < count ? self[position].text : nil
  }

  /// Visits the heads of the blocks that hold `index`, innermost first: for each `{` whose
  /// block `index` is in, the tokens before it back to the previous brace (those less than
  /// `headLength` before it), as the range of their positions. `visit` returns `true` to stop.
  ///
  /// - Parameters:
  ///   - index: a token's position.
  ///   - reach: how many tokens back to look at most.
  ///   - headLength: how far before its `{` a head's tokens may be.
  ///   - visit: reads a head (and the position of its `{`); `true` stops the walk.
  func forEachEnclosingHead(
    before index: Int, reach: Int = .max, headLength: Int, _ visit: (Range<Int>, Int) -> Bool
  ) {
    var depth = 0
    var position = index - 1
    while position >= 0, index - position < reach {
      let token = self[position]
      if token.kind == .punctuation, token.text == "}" { depth += 1 }
      if token.kind == .punctuation, token.text == "{" {
        if depth > 0 {
          depth -= 1
        } else {
          var start = position
          while start > 0, position - start + 1 < headLength, !["{", "}"].contains(self[start - 1].text) {
            start -= 1
          }
          if visit(start..<position, position) { return }
        }
      }
      position -= 1
    }
  }
}

/// Splits Swift and Objective-C source into ``SourceToken``s.
///
/// Line and block comments (nested, as Swift allows) are skipped; strings are read with
/// their escapes, Swift's interpolations (`\(…)`, and `\#(…)` in raw strings), multi-line
/// strings and Objective-C's `@"…"`. Works on UTF-8 bytes in one pass and never backtracks,
/// so a file that is not valid in its language still ends.
///
/// - Complexity: O(n) in the file's bytes.
enum SourceLexer {
  static func tokens(_ bytes: [UInt8]) -> [SourceToken] {
    TokenScanner.tokens(bytes, nestedComments: true, isIdentifierByte: isIdentifierByte) { cursor in
      let byte = cursor.bytes[cursor.index]
      switch byte {
      case UInt8(ascii: "\""):
        let start = cursor.line
        var token = readString(cursor.bytes, &cursor.index, &cursor.line)
        token.line = start
        cursor.tokens.append(token)
      case UInt8(ascii: "#") where isRawStringStart(cursor.bytes, cursor.index):
        let start = cursor.line
        var token = readString(cursor.bytes, &cursor.index, &cursor.line)
        token.line = start
        cursor.tokens.append(token)
      case UInt8(ascii: "'"):
        // An Objective-C character literal.
        cursor.skipCharacterLiteral()
      case UInt8(ascii: "#"), UInt8(ascii: "@"):
        // `#imageLiteral`, `@selector`; a lone `@` before `"…"` is dropped.
        let begin = cursor.index
        cursor.index += 1
        while cursor.index < cursor.bytes.count && isIdentifierByte(cursor.bytes[cursor.index]) {
          cursor.index += 1
        }
        if byte == UInt8(ascii: "#") || cursor.index > begin + 1 { cursor.appendIdentifier(from: begin) }
      default:
        return false
      }
      return true
    }
  }

  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
      || byte == UInt8(ascii: "_") || byte >= 0x80
  }

  /// Whether `#` at `index` opens a raw string (`#"…"#`, `##"…"##`).
  private static func isRawStringStart(_ bytes: [UInt8], _ index: Int) -> Bool {
    var next = index
    while next < bytes.count && bytes[next] == UInt8(ascii: "#") { next += 1 }
    return next < bytes.count && bytes[next] == UInt8(ascii: "\"")
  }

  /// Reads a string literal starting at `index` (its `#`s or its opening quote); leaves
  /// `index` after its closing delimiter, or at the end of the line for an unterminated one.
  private static func readString(_ bytes: [UInt8], _ index: inout Int, _ line: inout Int) -> SourceToken {
    let count = bytes.count
    var hashes = 0
    while index < count && bytes[index] == UInt8(ascii: "#") {
      hashes += 1
      index += 1
    }
    var multiline = false
    if index + 2 < count && bytes[index + 1] == UInt8(ascii: "\"") && bytes[index + 2] == UInt8(ascii: "\"") {
      multiline = true
      index += 3
    } else {
      index += 1
    }
    var pieces: [String] = []
    var current: [UInt8] = []
    var text: [UInt8] = []
    var isPattern = false
    func closes(_ at: Int) -> Bool {
      let quotes = multiline ? 3 : 1
      guard at + quotes + hashes <= count else { return false }
      for offset in 0..<quotes where bytes[at + offset] != UInt8(ascii: "\"") { return false }
      for offset in 0..<hashes where bytes[at + quotes + offset] != UInt8(ascii: "#") { return false }
      return true
    }
    while index < count {
      let byte = bytes[index]
      if closes(index) {
        index += (multiline ? 3 : 1) + hashes
        break
      }
      if byte == UInt8(ascii: "\n") {
        if !multiline { break }
        line += 1
      }
      if byte == UInt8(ascii: "\\") && escapeOpens(bytes, index, hashes: hashes) {
        let escape = index + 1 + hashes
        if escape < count && bytes[escape] == UInt8(ascii: "(") {
          // An interpolation: skip to its balanced `)`, strings inside included.
          isPattern = true
          pieces.append(String(decoding: current, as: UTF8.self))
          current = []
          let opening = escape + 1
          index = opening
          var depth = 1
          while index < count && depth > 0 {
            switch bytes[index] {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"): depth -= 1
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: "\""):
              _ = readString(bytes, &index, &line)
              continue
            default: break
            }
            index += 1
          }
          // The interpolation as written: `\(index)`.
          text += Array("\\(".utf8) + bytes[opening..<min(index, count)]
          continue
        }
        if escape < count {
          current.append(bytes[escape])
          text += [byte, bytes[escape]]
        }
        index = escape + 1
        continue
      }
      current.append(byte)
      text.append(byte)
      index += 1
    }
    pieces.append(String(decoding: current, as: UTF8.self))
    var token = SourceToken(kind: .string, text: String(decoding: text, as: UTF8.self), line: line)
    if !isPattern, let split = FormatPattern.pieces(of: token.text) {
      isPattern = true
      pieces = split
    }
    token.isPattern = isPattern
    token.pieces = isPattern ? pieces : []
    return token
  }

  /// Whether the backslash at `index` is an escape in a string with `hashes` delimiters.
  private static func escapeOpens(_ bytes: [UInt8], _ index: Int, hashes: Int) -> Bool {
    guard hashes > 0 else { return true }
    for offset in 1...hashes where index + offset >= bytes.count || bytes[index + offset] != UInt8(ascii: "#")
    {
      return false
    }
    return true
  }
}

/// `printf`-style format specifiers in a string (`icon_%d`, `%@-%02ld`).
enum FormatPattern {
  /// The literal pieces around the format specifiers of `text`, or `nil` when it has none.
  static let conversions = Set("dDiuUxXoOfFeEgGcCsSp@".unicodeScalars)
  static let flags = Set("-+ 0#'".unicodeScalars)
  static let lengths = Set("hlqLzjt".unicodeScalars)

  static func pieces(of text: String) -> [String]? {
    // Most strings have no `%`: they are answered without building anything (this check was
    // most of the time spent on localized strings tables).
    guard text.utf8.contains(UInt8(ascii: "%")) else { return nil }
    let scalars = Array(text.unicodeScalars)
    var pieces: [String] = []
    var current = ""
    var found = false
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      guard scalar == "%" else {
        current.unicodeScalars.append(scalar)
        index += 1
        continue
      }
      if index + 1 < scalars.count && scalars[index + 1] == "%" {
        current += "%"
        index += 2
        continue
      }
      var next = index + 1
      // Positional arguments (`%1$@`).
      var digits = next
      while digits < scalars.count && scalars[digits].properties.numericType != nil { digits += 1 }
      if digits > next && digits < scalars.count && scalars[digits] == "$" { next = digits + 1 }
      while next < scalars.count && flags.contains(scalars[next]) { next += 1 }
      while next < scalars.count && (scalars[next].properties.numericType != nil || scalars[next] == ".") {
        next += 1
      }
      while next < scalars.count && lengths.contains(scalars[next]) { next += 1 }
      if next < scalars.count && conversions.contains(scalars[next]) {
        found = true
        pieces.append(current)
        current = ""
        index = next + 1
      } else {
        current += "%"
        index += 1
      }
    }
    pieces.append(current)
    return found ? pieces : nil
  }
}
