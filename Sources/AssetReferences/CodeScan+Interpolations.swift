/// The values a Swift interpolation takes when it names a constant local of literals:
///
/// ```swift
/// let name = checked ? "checked" : "unchecked"
/// let disabled = canUpdate ? "" : "-disabled"
/// return UIImage(named: "\(name)\(disabled)")
/// ```
///
/// builds only `checked`, `unchecked`, `checked-disabled` and `unchecked-disabled`, not any
/// name at all. An interpolation of a bare identifier is replaced by the values of the
/// nearest binding of that name visible from the string, in the same function, when that
/// binding is a `let` whose whole initial value, on its line, is one plain literal or a
/// `?:` of two. Any other binding (a `var`, a parameter, `if let`, a closure's or a loop's
/// variable) leaves the interpolation open, as before. A `let` cannot be given another
/// value, so the values are all the ones it can have.
enum InterpolatedLocals {
  /// At most this many names are built from one string; more is left a pattern.
  static let combinationLimit = 16
  /// How far back, in tokens, a binding is looked for.
  static let lookBack = 4_000

  /// The patterns a pattern string at `index` stands for once its constant locals are
  /// replaced by their values, or `nil` when none of its interpolations is one.
  ///
  /// Each result's `pieces` are the literal parts around the interpolations left open; a
  /// result with one piece is a whole name.
  static func expansions(_ tokens: [SourceToken], _ index: Int) -> [(pattern: String, pieces: [String])]? {
    let token = tokens[index]
    guard let (literals, expressions) = segments(token.text), expressions.count + 1 == token.pieces.count,
      !expressions.isEmpty
    else {
      return nil
    }
    var values: [[String]?] = []
    var resolvedAny = false
    for expression in expressions {
      let resolved = isIdentifier(expression) ? literalValues(of: expression, before: index, in: tokens) : nil
      if resolved != nil { resolvedAny = true }
      values.append(resolved)
    }
    guard resolvedAny else { return nil }
    // Pieces use the lexer's unescaped text; the shown pattern keeps the text as written.
    var results: [(pattern: String, pieces: [String])] = [(literals[0], [token.pieces[0]])]
    for (offset, expression) in expressions.enumerated() {
      let literal = literals[offset + 1]
      let piece = token.pieces[offset + 1]
      if let choices = values[offset] {
        guard results.count * choices.count <= combinationLimit else { return nil }
        results = results.flatMap { result in
          choices.map { choice in
            var pieces = result.pieces
            pieces[pieces.count - 1] += choice + piece
            return (result.pattern + choice + literal, pieces)
          }
        }
      } else {
        results = results.map { ($0.pattern + "\\(" + expression + ")" + literal, $0.pieces + [piece]) }
      }
    }
    return results
  }

  /// The text between the interpolations of a string as written, and each interpolation's
  /// expression, or `nil` when the text cannot be split that way.
  static func segments(_ text: String) -> (literals: [String], expressions: [String])? {
    let bytes = Array(text.utf8)
    var literals: [String] = []
    var expressions: [String] = []
    var current: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
        current.append(byte)
        index += 1
        continue
      }
      guard bytes[index + 1] == UInt8(ascii: "(") else {
        current += [byte, bytes[index + 1]]
        index += 2
        continue
      }
      var depth = 1
      var end = index + 2
      while end < bytes.count && depth > 0 {
        if bytes[end] == UInt8(ascii: "(") { depth += 1 }
        if bytes[end] == UInt8(ascii: ")") { depth -= 1 }
        end += 1
      }
      guard depth == 0 else { return nil }
      literals.append(String(decoding: current, as: UTF8.self))
      current = []
      let inner = bytes[(index + 2)..<(end - 1)]
      expressions.append(String(Substring(String(decoding: inner, as: UTF8.self)).trimmingSpaces()))
      index = end
    }
    literals.append(String(decoding: current, as: UTF8.self))
    return (literals, expressions)
  }

  /// Whether `text` is a plain Swift identifier (`name`, `_suffix2`).
  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else {
      return false
    }
    return text.unicodeScalars.allSatisfy {
      $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType != nil
    }
  }

  /// The values of the nearest binding of `name` visible before `index` in its function,
  /// when that binding is a `let` of literals.
  static func literalValues(of name: String, before index: Int, in tokens: [SourceToken]) -> [String]? {
    var nested = 0  // sibling blocks entered while walking back (their bindings are not visible)
    var position = index - 1
    let stop = max(0, index - lookBack)
    while position >= stop {
      let token = tokens[position]
      defer { position -= 1 }
      if token.kind == .punctuation {
        if token.text == "}" { nested += 1 }
        if token.text == "{" && nested > 0 { nested -= 1 }
        continue
      }
      guard nested == 0, token.kind == .identifier else { continue }
      let previous = position > 0 ? tokens[position - 1].text : ""
      if previous != "." && boundaries.contains(token.text) { return nil }
      guard token.text == name, previous != "." else { continue }
      let next = position + 1 < tokens.count ? tokens[position + 1].text : ""
      if next == "in" { return nil }  // a closure's parameter or a loop's variable
      switch previous {
      case "let": return initialLiterals(tokens, declaredAt: position)
      case "var", "case", "for", "?", "&": return nil
      default: continue
      }
    }
    return nil
  }

  /// Keywords that open a function, an initialiser or a type: a binding beyond them belongs
  /// to another scope.
  private static let boundaries: Set<String> = [
    "func", "init", "deinit", "subscript", "struct", "class", "enum", "extension", "protocol", "actor",
  ]

  /// The literals a `let` declared at `position` starts with, when they are its whole value:
  /// `let x = "a"` or `let x = condition ? "a" : "b"`, on one line.
  private static func initialLiterals(_ tokens: [SourceToken], declaredAt position: Int) -> [String]? {
    var equals = position + 1
    if equals + 2 < tokens.count, tokens[equals].text == ":", tokens[equals + 1].text == "String" {
      equals += 2
    }
    guard equals < tokens.count, tokens[equals].text == "=", tokens[equals].kind == .punctuation else {
      return nil
    }
    let line = tokens[equals].line
    // The statement's tokens: to the end of the line, or a `;`.
    var end = equals + 1
    while end < tokens.count, tokens[end].line == line,
      tokens[end].text != ";" || tokens[end].kind != .punctuation
    {
      end += 1
    }
    let value = Array(tokens[(equals + 1)..<end])
    func literal(_ token: SourceToken) -> String? {
      token.kind == .string && !token.isPattern ? CodeScan.unescaped(token.text) : nil
    }
    if value.count == 1, let only = literal(value[0]) { return [only] }
    // `condition ? "a" : "b"`: the last four tokens, and no other `?` (not `??`, not a
    // nested conditional); `?.` is optional chaining in the condition.
    guard value.count >= 5, value[value.count - 4].text == "?", value[value.count - 2].text == ":",
      let first = literal(value[value.count - 3]), let second = literal(value[value.count - 1])
    else {
      return nil
    }
    for (offset, token) in value.dropLast(4).enumerated()
    where token.kind == .punctuation && token.text == "?" {
      let following = offset + 1 < value.count ? value[offset + 1].text : ""
      if following != "." { return nil }
    }
    if value[value.count - 5].text == "?" { return nil }  // `??`
    return [first, second]
  }
}
