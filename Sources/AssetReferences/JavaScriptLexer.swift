/// What ``TemplateLexer`` knows of JavaScript and TypeScript beyond quotes: which `/` opens a
/// regular expression, where JSX text runs, and template literals, whose `${…}` is code.
///
/// A `/` opens a regular expression where an expression may start — after `(`, `,`, `=`,
/// an operator, `{`, `}`, `;` or a keyword such as `return` or `typeof` — as JavaScript
/// tokenizers decide it; after a name, a number, a string, `)` or `]` it divides. The body
/// honours `\` escapes and `[…]` classes, so `/["']/g` opens no string and `/\/*/` no
/// comment. With JSX, a `<` where an expression may start, followed by a name or `>`, opens
/// an element: the text between its tags is not code (`Don't` opens no string, `http://`
/// no comment) and its `{…}` is.
///
/// A template literal's token stands where its backquote does; the code of its `${…}` is
/// read as any code (strings, nested template literals, comments, regular expressions, JSX),
/// and its tokens follow the literal's, one ``SourceToken/templateDepth`` deeper, so that
/// `${require('./a.png')}` is a require while `require(`./${name}.png`)` keeps one argument.
/// The first `}` that closes no `{` of the `${…}` ends it.
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
    /// A template literal's `${…}`: its `}` returns to the literal's text.
    case template
  }

  /// A template literal whose `${…}` the cursor is in.
  struct OpenTemplate {
    /// The index of its token, appended when the literal opened and set when it closes.
    var token: Int
    /// The line of its opening backquote.
    var line: Int
    /// The offset just after its opening backquote.
    var contentStart: Int
    /// Its text before each `${…}` so far.
    var pieces: [String]
    /// The index of the first token of the `${…}` the cursor is in.
    var expressionStart = 0
  }

  /// The keywords after which an expression starts, so a `/` opens a regular expression.
  static let keywordsBeforeExpression: Set<String> = [
    "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else",
    "yield", "await",
  ]

  /// Whether `<` may open a JSX element (`.js`, `.jsx`, `.tsx`; not `.ts`, where `<T>x` is a
  /// type assertion).
  let jsx: Bool
  /// The open scopes, innermost last; only kept with JSX or inside a template literal's `${…}`.
  var scopes: [Scope] = []
  /// The template literals whose `${…}` the cursor is in, innermost last (each has a
  /// ``Scope/template`` in ``scopes``).
  var templates: [OpenTemplate] = []
  /// The token ranges of the `${…}` read, for ``finish(_:_:)`` to give their depths.
  var expressionSpans: [Range<Int>] = []
  /// Where the last token does not tell whether an expression may start: the token count
  /// just after a regular expression (which leaves no token) or a template literal (whose
  /// token is not the last one when its `${…}` left some), where none may, and just after a
  /// `${`, where one may.
  var edge = (count: -1, mayStart: false)
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
    case .brace?, .expression?, .template?, nil:
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
    case UInt8(ascii: "{") where jsx || !scopes.isEmpty:
      scopes.append(.brace)
      punctuation(&cursor)
      return true
    case UInt8(ascii: "}") where jsx || !scopes.isEmpty:
      if scopes.last == .template {
        closeExpression(&cursor)
        return true
      }
      if scopes.last == .brace || scopes.last == .expression { scopes.removeLast() }
      punctuation(&cursor)
      return true
    default:
      return false
    }
  }

  /// Whether the token before the cursor cannot end an expression, so one starts here.
  func expressionMayStart(_ cursor: TokenScanner.Cursor) -> Bool {
    if cursor.tokens.count == edge.count { return edge.mayStart }
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
        edge = (cursor.tokens.count, false)
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

  /// Reads the template literal whose backquote is at the cursor: its text, up to its closing
  /// backquote or its first `${`, whose code the lexer reads next.
  mutating func templateLiteral(_ cursor: inout TokenScanner.Cursor) {
    let template = OpenTemplate(
      token: cursor.tokens.count, line: cursor.line, contentStart: cursor.index + 1, pieces: [])
    // Its place among the tokens; the text is known when it closes.
    cursor.tokens.append(SourceToken(kind: .string, text: "", line: cursor.line))
    cursor.index += 1
    templateText(&cursor, template)
  }

  /// Reads a template literal's text from the cursor (after its backquote or after the `}` of
  /// a `${…}`): to its closing backquote, which sets its token, or to a `${`, which opens a
  /// ``Scope/template``; an unterminated one ends with the bytes.
  private mutating func templateText(_ cursor: inout TokenScanner.Cursor, _ template: OpenTemplate) {
    var template = template
    let bytes = cursor.bytes
    let count = bytes.count
    // A piece's value is built only when an escape makes it differ from its bytes.
    var escaped: [UInt8] = []
    var runStart = cursor.index
    func piece(to end: Int) -> String {
      guard !escaped.isEmpty else { return String(decoding: bytes[runStart..<end], as: UTF8.self) }
      escaped.append(contentsOf: bytes[runStart..<end])
      return String(decoding: escaped, as: UTF8.self)
    }
    while cursor.index < count {
      let byte = bytes[cursor.index]
      if byte == UInt8(ascii: "`") {
        template.pieces.append(piece(to: cursor.index))
        cursor.tokens[template.token] = Self.token(of: template, bytes: bytes, end: cursor.index)
        cursor.index += 1
        edge = (cursor.tokens.count, false)
        return
      }
      if byte == UInt8(ascii: "\n") { cursor.line += 1 }
      if byte == UInt8(ascii: "\\") && cursor.index + 1 < count {
        escaped.append(contentsOf: bytes[runStart..<cursor.index])
        escaped.append(bytes[cursor.index + 1])
        if bytes[cursor.index + 1] == UInt8(ascii: "\n") { cursor.line += 1 }
        cursor.index += 2
        runStart = cursor.index
        continue
      }
      if byte == UInt8(ascii: "$") && cursor.at(cursor.index + 1) == UInt8(ascii: "{") {
        template.pieces.append(piece(to: cursor.index))
        cursor.index += 2
        template.expressionStart = cursor.tokens.count
        templates.append(template)
        scopes.append(.template)
        edge = (cursor.tokens.count, true)
        return
      }
      cursor.index += 1
    }
    template.pieces.append(piece(to: count))
    cursor.tokens[template.token] = Self.token(of: template, bytes: bytes, end: count)
  }

  /// Ends the `${…}` whose `}` is at the cursor and reads on in its template literal's text.
  private mutating func closeExpression(_ cursor: inout TokenScanner.Cursor) {
    scopes.removeLast()
    let template = templates.removeLast()
    expressionSpans.append(template.expressionStart..<cursor.tokens.count)
    cursor.index += 1
    templateText(&cursor, template)
  }

  /// Sets the tokens of the template literals still open at the end of the bytes (each
  /// ends there, after an empty piece) and the depth of every token in a `${…}`.
  ///
  /// - Complexity: O(tokens), whatever the nesting.
  mutating func finish(_ tokens: inout [SourceToken], _ bytes: [UInt8]) {
    while var template = templates.popLast() {
      expressionSpans.append(template.expressionStart..<tokens.count)
      template.pieces.append("")
      tokens[template.token] = Self.token(of: template, bytes: bytes, end: bytes.count)
    }
    guard !expressionSpans.isEmpty else { return }
    var change = [Int32](repeating: 0, count: tokens.count + 1)
    for span in expressionSpans {
      change[span.lowerBound] += 1
      change[span.upperBound] -= 1
    }
    var depth: Int32 = 0
    for index in tokens.indices {
      depth += change[index]
      tokens[index].templateDepth = depth
    }
  }

  /// The token of a template literal whose text ends at `end`: a pattern, written as it is,
  /// when it has a `${…}`; else its text with escapes resolved.
  private static func token(of template: OpenTemplate, bytes: [UInt8], end: Int) -> SourceToken {
    let isPattern = template.pieces.count > 1
    var token = SourceToken(
      kind: .string,
      text: isPattern
        ? String(decoding: bytes[template.contentStart..<end], as: UTF8.self) : template.pieces[0],
      line: template.line)
    token.isPattern = isPattern
    token.pieces = isPattern ? template.pieces : []
    return token
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
