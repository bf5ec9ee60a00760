/// Splits Kotlin, Java, Dart and JavaScript/TypeScript source into ``SourceToken``s.
///
/// Comments are dropped (nested block comments in Kotlin and Dart, flat ones in Java and
/// JavaScript).
/// Strings are read with their escapes; Kotlin's and Dart's templates (`$id`, `${…}`) make
/// a string a pattern whose pieces are the text around them. Dart's `'…'`, `r'…'` and triple
/// quotes are strings; in Kotlin and Java `'x'` is a character and skipped. One pass over
/// the bytes, no backtracking: a file that is not valid in its language still ends.
/// JavaScript's `'…'` and `"…"` are plain strings (ending at the line's end when
/// unterminated); ``JavaScriptLexer`` reads its template literals, whose `${…}` it reads as
/// code, and its regular expressions and JSX text, so that a quote or a `//` in them opens
/// nothing.
///
/// - Complexity: O(n) in the file's bytes.
enum TemplateLexer {
  /// The languages read, which differ in quotes, templates and comment nesting.
  enum Language: Sendable {
    case kotlin, java, dart, javascript
  }

  /// Splits `bytes` of `language` into tokens.
  ///
  /// - Parameters:
  ///   - bytes: the source's UTF-8 bytes.
  ///   - language: the language they are in.
  ///   - jsx: for JavaScript, whether a `<` may open a JSX element (not in `.ts`, where
  ///     `<T>x` is a type assertion).
  /// - Returns: the tokens, comments, regular expressions and JSX text dropped.
  static func tokens(_ bytes: [UInt8], _ language: Language, jsx: Bool = false) -> [SourceToken] {
    var javaScript = JavaScriptLexer(jsx: jsx)
    // Kotlin's and Dart's block comments nest; Java's and JavaScript's end at the first `*/`.
    let nested = language == .kotlin || language == .dart
    var tokens = TokenScanner.tokens(bytes, nestedComments: nested, isIdentifierByte: isIdentifierByte) {
      cursor in
      if language == .javascript && javaScript.special(&cursor) { return true }
      let byte = cursor.bytes[cursor.index]
      switch byte {
      case UInt8(ascii: "\""):
        cursor.tokens.append(
          readString(cursor.bytes, &cursor.index, &cursor.line, language: language, raw: false))
      case UInt8(ascii: "'") where language == .dart || language == .javascript:
        cursor.tokens.append(
          readString(cursor.bytes, &cursor.index, &cursor.line, language: language, raw: false))
      case UInt8(ascii: "`") where language == .javascript:
        javaScript.templateLiteral(&cursor)
      case UInt8(ascii: "r")
      where language == .dart
        && (cursor.at(cursor.index + 1) == UInt8(ascii: "'")
          || cursor.at(cursor.index + 1) == UInt8(ascii: "\""))
        && (cursor.index == 0 || !isIdentifierByte(cursor.bytes[cursor.index - 1])):
        cursor.index += 1
        cursor.tokens.append(
          readString(cursor.bytes, &cursor.index, &cursor.line, language: language, raw: true))
      case UInt8(ascii: "'"):
        // A Kotlin or Java character literal.
        cursor.skipCharacterLiteral()
      default:
        return false
      }
      return true
    }
    if language == .javascript { javaScript.finish(&tokens, bytes) }
    return tokens
  }

  static func isIdentifierByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
  }

  /// Reads a string whose opening quote is at `index` (not a JavaScript template literal);
  /// leaves `index` after its closing quote, or at the end of the line for an unterminated
  /// single-line string.
  private static func readString(
    _ bytes: [UInt8], _ index: inout Int, _ line: inout Int, language: Language, raw: Bool
  ) -> SourceToken {
    let count = bytes.count
    let quote = bytes[index]
    let start = line
    let triple =
      language != .javascript && index + 2 < count && bytes[index + 1] == quote && bytes[index + 2] == quote
    index += triple ? 3 : 1
    // Kotlin's raw strings (`"""`) have templates but no escapes; Dart's `r'…'` neither.
    let escapes = !raw && !(triple && language == .kotlin)
    let templates = !raw && language != .java && language != .javascript
    // The text as written is the bytes between the quotes; a piece's value is built only
    // when an escape makes it differ from its bytes.
    let contentStart = index
    var contentEnd = -1
    var pieces: [String] = []
    var current: [UInt8] = []
    var runStart = index
    var isPattern = false
    /// The piece that ends at `end`: the escaped bytes so far and the run of plain bytes.
    func piece(to end: Int) -> String {
      guard !current.isEmpty else { return String(decoding: bytes[runStart..<end], as: UTF8.self) }
      current.append(contentsOf: bytes[runStart..<end])
      defer { current = [] }
      return String(decoding: current, as: UTF8.self)
    }
    func closes(_ at: Int) -> Bool {
      guard bytes[at] == quote else { return false }
      guard triple else { return true }
      return at + 2 < count && bytes[at + 1] == quote && bytes[at + 2] == quote
    }
    while index < count {
      let byte = bytes[index]
      if closes(index) {
        contentEnd = index
        index += triple ? 3 : 1
        break
      }
      if byte == UInt8(ascii: "\n") {
        if !triple { break }
        line += 1
      }
      if escapes && byte == UInt8(ascii: "\\") && index + 1 < count {
        current.append(contentsOf: bytes[runStart..<index])
        current.append(bytes[index + 1])
        if bytes[index + 1] == UInt8(ascii: "\n") { line += 1 }
        index += 2
        runStart = index
        continue
      }
      if templates && byte == UInt8(ascii: "$") && index + 1 < count {
        let next = bytes[index + 1]
        if next == UInt8(ascii: "{") {
          isPattern = true
          pieces.append(piece(to: index))
          index += 2
          // Kotlin's and Dart's `${…}`: braces counted, quotes inside not read.
          var depth = 1
          while index < count && depth > 0 {
            if bytes[index] == UInt8(ascii: "{") { depth += 1 }
            if bytes[index] == UInt8(ascii: "}") { depth -= 1 }
            if bytes[index] == UInt8(ascii: "\n") {
              if !triple { break }
              line += 1
            }
            index += 1
          }
          runStart = index
          continue
        }
        if isIdentifierByte(next) && next != UInt8(ascii: "$")
          && !(next >= 0x30 && next <= 0x39)
        {
          isPattern = true
          pieces.append(piece(to: index))
          index += 1
          while index < count && isIdentifierByte(bytes[index]) && bytes[index] != UInt8(ascii: "$") {
            index += 1
          }
          runStart = index
          continue
        }
      }
      index += 1
    }
    if contentEnd < 0 { contentEnd = min(index, count) }
    pieces.append(piece(to: contentEnd))
    // A plain string's text is its value (escapes resolved to the escaped character); a
    // pattern's is as written, for the report.
    var token = SourceToken(
      kind: .string,
      text: isPattern ? String(decoding: bytes[contentStart..<contentEnd], as: UTF8.self) : pieces[0],
      line: start)
    token.isPattern = isPattern
    token.pieces = isPattern ? pieces : []
    return token
  }
}
