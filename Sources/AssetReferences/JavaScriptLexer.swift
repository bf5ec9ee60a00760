/// What ``TemplateLexer`` knows of JavaScript and TypeScript beyond quotes: which `/` opens a
/// regular expression, where JSX text runs, and where a template literal's `${…}` ends.
///
/// A `/` opens a regular expression where an expression may start — after `(`, `,`, `=`,
/// an operator, `{`, `}`, `;` or a keyword such as `return` or `typeof` — as JavaScript
/// tokenizers decide it; after a name, a number, a string, `)` or `]` it divides. The body
/// honours `\` escapes and `[…]` classes, so `/["']/g` opens no string and `/\/*/` no
/// comment. With JSX, a `<` where an expression may start, followed by a name or `>`, opens
/// an element: the text between its tags is not code (`Don't` opens no string, `http://`
/// no comment) and its `{…}` is.
///
/// Every look-ahead is bounded by what it consumes or by a position no later look-ahead goes
/// back before, so the lexer stays linear and ends on any bytes.
struct JavaScriptLexer {
  /// What an open `{`, `<` or element is.
  enum Scope: Sendable {
    /// A `{` of code: a block or an object.
    case brace
    /// A JSX `{…}`: its `}` returns to the tag or the text around it.
    case expression
    /// Inside a JSX tag, between `<Name` and `>` or `/>`.
    case tag
    /// A tag's TypeScript type arguments (`<FlatList<Item> …>`), whose `>` ends no tag.
    case typeArguments
    /// Inside a JSX closing tag, between `</` and `>`.
    case closingTag
    /// Between an element's tags: text, with elements and `{…}` in it.
    case children
  }

  /// The keywords after which an expression starts, so a `/` opens a regular expression.
  static let keywordsBeforeExpression: Set<String> = [
    "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else",
    "yield", "await",
  ]

  /// The bytes of code after which a `/` inside a template literal's `${…}` opens a regular
  /// expression.
  static let bytesBeforeExpression = Set("(,=:[!&|?{};+-*%<>~^".utf8)

  /// Whether `<` may open a JSX element (`.js`, `.jsx`, `.tsx`; not `.ts`, where `<T>x` is a
  /// type assertion).
  let jsx: Bool
  /// The open scopes, innermost last; only kept with JSX.
  var scopes: [Scope] = []
  /// The token count just after the last regular expression, which ends an expression
  /// without leaving a token.
  var regexEnd = -1
  /// Before this offset no `/` opens a regular expression: one tried there found no closing
  /// `/` before the line's end, so trying again would read the same bytes again.
  var noRegexBefore = 0

  init(jsx: Bool) {
    self.jsx = jsx
  }

  /// Reads JSX text and tags, regular expressions and the braces around them at the cursor;
  /// returns whether it consumed something (strings, comments and the rest are the caller's).
  mutating func special(_ cursor: inout TokenScanner.Cursor) -> Bool {
    let byte = cursor.bytes[cursor.index]
    let next = cursor.at(cursor.index + 1)
    switch scopes.last {
    case .children?:
      if byte == UInt8(ascii: "<") {
        scopes.append(next == UInt8(ascii: "/") ? .closingTag : .tag)
        cursor.index += next == UInt8(ascii: "/") ? 2 : 1
        return true
      }
      if byte == UInt8(ascii: "{") {
        scopes.append(.expression)
        punctuation(&cursor)
        return true
      }
      skip(&cursor) { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "{") }
      return true
    case .closingTag?:
      skip(&cursor) { $0 == UInt8(ascii: ">") }
      guard cursor.index < cursor.bytes.count else { return true }
      cursor.index += 1
      scopes.removeLast()
      if scopes.last == .children { scopes.removeLast() }
      return true
    case .tag?:
      switch byte {
      case UInt8(ascii: "/") where next == UInt8(ascii: ">"):
        scopes.removeLast()
        cursor.index += 2
        return true
      case UInt8(ascii: ">"):
        scopes.removeLast()
        scopes.append(.children)
        punctuation(&cursor)
        return true
      case UInt8(ascii: "{"):
        scopes.append(.expression)
        punctuation(&cursor)
        return true
      case UInt8(ascii: "<"):
        scopes.append(.typeArguments)
        punctuation(&cursor)
        return true
      default:
        // Names, `=` and quoted values are lexed as code; a `/` here divides nothing.
        return false
      }
    case .typeArguments?:
      switch byte {
      case UInt8(ascii: "<"):
        scopes.append(.typeArguments)
      // The `>` of a function type's `=>` closes nothing.
      case UInt8(ascii: ">")
      where cursor.tokens.last?.text != "=" || cursor.bytes[cursor.index - 1] != UInt8(ascii: "="):
        scopes.removeLast()
      default:
        return false
      }
      punctuation(&cursor)
      return true
    case .brace?, .expression?, nil:
      break
    }
    switch byte {
    case UInt8(ascii: "/"):
      guard next != UInt8(ascii: "/"), next != UInt8(ascii: "*"), cursor.index >= noRegexBefore,
        expressionMayStart(cursor)
      else { return false }
      return regularExpression(&cursor)
    case UInt8(ascii: "<") where jsx && expressionMayStart(cursor) && opensElement(cursor):
      scopes.append(.tag)
      punctuation(&cursor)
      return true
    case UInt8(ascii: "{") where jsx:
      scopes.append(.brace)
      punctuation(&cursor)
      return true
    case UInt8(ascii: "}") where jsx:
      if scopes.last == .brace || scopes.last == .expression { scopes.removeLast() }
      punctuation(&cursor)
      return true
    default:
      return false
    }
  }

  /// Whether the token before the cursor cannot end an expression, so one starts here.
  func expressionMayStart(_ cursor: TokenScanner.Cursor) -> Bool {
    if cursor.tokens.count == regexEnd { return false }
    guard let last = cursor.tokens.last else { return true }
    switch last.kind {
    case .string: return false
    case .identifier: return Self.keywordsBeforeExpression.contains(last.text)
    case .punctuation: return last.text != ")" && last.text != "]"
    }
  }

  /// Whether the `<` at the cursor opens an element: a name or `>` follows, and not a
  /// generic arrow function's type parameters (`<T,>(x: T) => x`, `<T extends U>`).
  func opensElement(_ cursor: TokenScanner.Cursor) -> Bool {
    var index = cursor.index + 1
    let first = cursor.at(index)
    if first == UInt8(ascii: ">") { return true }
    guard TemplateLexer.isIdentifierByte(first), !(first >= 0x30 && first <= 0x39) else { return false }
    while index < cursor.bytes.count && TemplateLexer.isIdentifierByte(cursor.bytes[index]) { index += 1 }
    while cursor.at(index) == UInt8(ascii: " ") || cursor.at(index) == UInt8(ascii: "\t") { index += 1 }
    if cursor.at(index) == UInt8(ascii: ",") { return false }
    let extends = Array("extends ".utf8)
    return !cursor.bytes[index...].starts(with: extends)
  }

  /// Reads the regular expression whose `/` is at the cursor, and its flags. Without a
  /// closing `/` on its line the `/` was not one: nothing is consumed.
  mutating func regularExpression(_ cursor: inout TokenScanner.Cursor) -> Bool {
    let bytes = cursor.bytes
    var index = cursor.index + 1
    var inClass = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
      if byte == UInt8(ascii: "\\") {
        let escaped = cursor.at(index + 1)
        if escaped == UInt8(ascii: "\n") || escaped == UInt8(ascii: "\r") { break }
        index += 2
        continue
      }
      if byte == UInt8(ascii: "[") {
        inClass = true
      } else if byte == UInt8(ascii: "]") {
        inClass = false
      } else if byte == UInt8(ascii: "/") && !inClass {
        index += 1
        while index < bytes.count && TemplateLexer.isIdentifierByte(bytes[index]) { index += 1 }
        cursor.index = index
        regexEnd = cursor.tokens.count
        return true
      }
      index += 1
    }
    noRegexBefore = index
    return false
  }

  /// Appends the byte at the cursor as punctuation and moves past it.
  private func punctuation(_ cursor: inout TokenScanner.Cursor) {
    cursor.tokens.append(
      SourceToken(
        kind: .punctuation, text: String(UnicodeScalar(cursor.bytes[cursor.index])), line: cursor.line))
    cursor.index += 1
  }

  /// Moves the cursor to the next byte that `stop` accepts (or the end), counting lines.
  private func skip(_ cursor: inout TokenScanner.Cursor, until stop: (UInt8) -> Bool) {
    while cursor.index < cursor.bytes.count && !stop(cursor.bytes[cursor.index]) {
      if cursor.bytes[cursor.index] == UInt8(ascii: "\n") { cursor.line += 1 }
      cursor.index += 1
    }
  }

  /// Moves `index` from just after a template literal's `${` to just after its `}`, past
  /// strings, nested template literals (and their own `${…}`), comments and regular
  /// expressions, so that a `}` or a backquote inside them does not end it early.
  ///
  /// `noRegexBefore` is the lexer's ``noRegexBefore``, shared so that a line searched in
  /// vain for a regular expression's end is not searched again from another `${…}` on it.
  ///
  /// - Complexity: O(bytes consumed) plus the regular-expression look-aheads, which never
  ///   read a byte before `noRegexBefore` twice; an explicit stack, so nesting cannot
  ///   overflow the call stack.
  static func skipTemplateExpression(
    _ bytes: [UInt8], _ index: inout Int, _ line: inout Int, noRegexBefore: inout Int
  ) {
    let count = bytes.count
    func at(_ offset: Int) -> UInt8 { offset < count ? bytes[offset] : 0 }
    // `{` for code (a `${` or a brace), `` ` `` for the text of a nested template literal.
    var stack: [UInt8] = [UInt8(ascii: "{")]
    // The last byte of code that is not a space, to tell a regular expression from division.
    var previous = UInt8(ascii: "{")
    while index < count, let top = stack.last {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") { line += 1 }
      if top == UInt8(ascii: "`") {
        if byte == UInt8(ascii: "\\") {
          if at(index + 1) == UInt8(ascii: "\n") { line += 1 }
          index += 2
        } else if byte == UInt8(ascii: "`") {
          stack.removeLast()
          previous = byte
          index += 1
        } else if byte == UInt8(ascii: "$") && at(index + 1) == UInt8(ascii: "{") {
          stack.append(UInt8(ascii: "{"))
          previous = UInt8(ascii: "{")
          index += 2
        } else {
          index += 1
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "{"):
        stack.append(byte)
      case UInt8(ascii: "}"):
        stack.removeLast()
      case UInt8(ascii: "`"):
        stack.append(byte)
      case UInt8(ascii: "'"), UInt8(ascii: "\""):
        index += 1
        while index < count && bytes[index] != byte && bytes[index] != UInt8(ascii: "\n") {
          index += bytes[index] == UInt8(ascii: "\\") && at(index + 1) != UInt8(ascii: "\n") ? 2 : 1
        }
        if at(index) == UInt8(ascii: "\n") { continue }
      case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"):
        while index < count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
        continue
      case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "*"):
        index += 2
        while index < count && !(bytes[index] == UInt8(ascii: "*") && at(index + 1) == UInt8(ascii: "/")) {
          if bytes[index] == UInt8(ascii: "\n") { line += 1 }
          index += 1
        }
        index += 1
      case UInt8(ascii: "/") where index >= noRegexBefore && bytesBeforeExpression.contains(previous):
        var end = index + 1
        var inClass = false
        while end < count && bytes[end] != UInt8(ascii: "\n") {
          if bytes[end] == UInt8(ascii: "\\") {
            end += at(end + 1) == UInt8(ascii: "\n") ? 1 : 2
            continue
          }
          if bytes[end] == UInt8(ascii: "[") { inClass = true }
          if bytes[end] == UInt8(ascii: "]") { inClass = false }
          if bytes[end] == UInt8(ascii: "/") && !inClass { break }
          end += 1
        }
        if end < count && bytes[end] == UInt8(ascii: "/") {
          index = end
        } else {
          noRegexBefore = end
        }
      default:
        break
      }
      if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n") {
        previous = byte
      }
      index += 1
    }
    index = min(index, count)
  }
}

/// Not API: the line of each token of `bytes` read as JavaScript, for the
/// `Scripts/fuzz javascript-lexer` target and the tests that replay what it found.
///
/// - Parameters:
///   - bytes: any bytes.
///   - jsx: whether a `<` may open a JSX element.
/// - Returns: each token's 1-based line, in order.
package func _javaScriptTokenLines(_ bytes: [UInt8], jsx: Bool) -> [Int] {
  TemplateLexer.tokens(bytes, .javascript, jsx: jsx).map(\.line)
}
