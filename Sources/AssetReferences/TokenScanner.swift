/// The scanning every source lexer here shares: lines, `//` and `/* */` comments,
/// identifiers, whitespace and one-byte punctuation. A language's lexer handles its strings
/// and literals in `special`, which sees each byte first.
enum TokenScanner {
  /// The position in the bytes, the 1-based line, and the tokens so far.
  struct Cursor {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var tokens: [SourceToken] = []

    /// The byte at `offset`, or 0 past the end.
    func at(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    /// Appends an identifier token of the bytes from `begin` to the cursor.
    mutating func appendIdentifier(from begin: Int) {
      tokens.append(
        SourceToken(
          kind: .identifier, text: String(decoding: bytes[begin..<index], as: UTF8.self), line: line))
    }

    /// Skips a character literal (`'x'`, `'\''`) whose quote is at the cursor, so that
    /// `'"'` opens no string; stops at the end of the line for an unterminated one.
    mutating func skipCharacterLiteral() {
      index += 1
      while index < bytes.count && bytes[index] != UInt8(ascii: "'") && bytes[index] != UInt8(ascii: "\n") {
        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
      }
      index += 1
    }
  }

  /// The text of a punctuation token by its byte, made once (identifier bytes included, unused).
  static let punctuation: [String] = (0..<256).map { String(UnicodeScalar(UInt8($0))) }

  /// Splits `bytes` into tokens in one pass, never backtracking, so a file that is not valid
  /// in its language still ends.
  ///
  /// - Parameters:
  ///   - bytes: the source's UTF-8 bytes.
  ///   - nestedComments: whether `/*` inside a block comment opens another (Swift, Kotlin, Dart).
  ///   - isIdentifierByte: the bytes an identifier is made of.
  ///   - special: called at each byte first; returns whether it consumed something (moving
  ///     the cursor past it and appending any token).
  /// - Returns: the tokens, comments and whitespace dropped.
  /// - Complexity: O(n) in the bytes, plus what `special` does.
  // Inlined into each lexer so that its closures are too, instead of being called through a
  // context for every byte of every identifier.
  @inline(__always)
  static func tokens(
    _ bytes: [UInt8], nestedComments: Bool, isIdentifierByte: (UInt8) -> Bool,
    special: (inout Cursor) -> Bool
  ) -> [SourceToken] {
    var cursor = Cursor(bytes: bytes)
    let count = bytes.count
    while cursor.index < count {
      if special(&cursor) { continue }
      let byte = bytes[cursor.index]
      switch byte {
      case UInt8(ascii: "\n"):
        cursor.line += 1
        cursor.index += 1
      case UInt8(ascii: "/") where cursor.at(cursor.index + 1) == UInt8(ascii: "/"):
        while cursor.index < count && bytes[cursor.index] != UInt8(ascii: "\n") { cursor.index += 1 }
      case UInt8(ascii: "/") where cursor.at(cursor.index + 1) == UInt8(ascii: "*"):
        var depth = 1
        cursor.index += 2
        while cursor.index < count && depth > 0 {
          let here = bytes[cursor.index]
          let next = cursor.at(cursor.index + 1)
          if here == UInt8(ascii: "\n") {
            cursor.line += 1
          } else if nestedComments && here == UInt8(ascii: "/") && next == UInt8(ascii: "*") {
            depth += 1
            cursor.index += 1
          } else if here == UInt8(ascii: "*") && next == UInt8(ascii: "/") {
            depth -= 1
            cursor.index += 1
          }
          cursor.index += 1
        }
      case _ where isIdentifierByte(byte):
        let begin = cursor.index
        cursor.index += 1
        while cursor.index < count && isIdentifierByte(bytes[cursor.index]) { cursor.index += 1 }
        cursor.appendIdentifier(from: begin)
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        // A run at once (indentation): `special` declined its first byte, and nothing changed
        // that it decides by, so it would decline the rest.
        cursor.index += 1
        while cursor.index < count
          && (bytes[cursor.index] == UInt8(ascii: " ") || bytes[cursor.index] == UInt8(ascii: "\t")
            || bytes[cursor.index] == UInt8(ascii: "\r"))
        {
          cursor.index += 1
        }
      default:
        cursor.tokens.append(SourceToken(kind: .punctuation, text: punctuation[Int(byte)], line: cursor.line))
        cursor.index += 1
      }
    }
    return cursor.tokens
  }
}
