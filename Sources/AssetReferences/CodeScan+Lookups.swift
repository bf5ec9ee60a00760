/// Image lookups whose name is no literal: `UIImage(named: entityName)`, `Image(icon)`.
///
/// Each one is recorded (``SourceReferences/Lookup``) so that a check can tell when a name
/// comes from somewhere the scan does not read. One is *traced* when the scan knows what it
/// may be given: a literal or pattern in its argument, a carrier's values (``CarrierScan``,
/// ``LocalCarriers``, ``TypedCarriers``, ``ParameterCarriers``), or `String(c)` of a
/// `Character`, which is a pattern of one character.
enum ImageLookups {
  /// The most tokens an argument is read for.
  static let argumentLimit = 40
  /// How far back a `Character` declaration is looked for, in tokens.
  static let declarationReach = 2000

  /// Reads the identifier at `index` when it starts the name argument of an image
  /// initialiser, recording a lookup or a one-character pattern.
  static func identifier(_ tokens: [SourceToken], _ index: Int, swift: Bool, into scan: inout FileScan) {
    // A label (`Image(systemName:`, `Image(uiImage:`) starts no name argument.
    guard tokens.text(at: index + 1) != ":", CodeScan.isStrictString(tokens, index) else { return }
    // `imageNamed:` is Objective-C's selector; in Swift it is a parameter's or property's
    // name (`let imageNamed: String`).
    if swift, tokens.text(at: index - 2) == "imageNamed" { return }
    var argument: [SourceToken] = []
    var depth = 0
    var position = index
    while position < tokens.count, argument.count < argumentLimit {
      let token = tokens[position]
      if token.kind == .punctuation {
        if ["(", "["].contains(token.text) { depth += 1 }
        if [")", "]"].contains(token.text) {
          if depth == 0 { break }
          depth -= 1
        }
        if token.text == ",", depth == 0 { break }
        if ["{", "}", ";"].contains(token.text) { break }
      }
      // An argument on a later line is another statement.
      if token.line != tokens[index].line { break }
      argument.append(token)
      position += 1
    }
    // Its literals and patterns are uses already.
    if argument.contains(where: { $0.kind == .string }) { return }
    // An implicit member (`.chevronDown`, also in `a ? .x : .y`) is a generated symbol,
    // matched as a member identifier.
    let isTernary = argument.contains { $0.kind == .punctuation && $0.text == ":" }
    for (offset, token) in argument.enumerated() where token.text == "." && token.kind == .punctuation {
      let previous = offset == 0 ? "(" : argument[offset - 1].text
      if ["(", ":", ",", "??"].contains(previous) || (previous == "?" && isTernary) { return }
    }
    let line = tokens[index].line
    if argument.count == 4, argument[0].text == "String", argument[1].text == "(",
      argument[2].kind == .identifier,
      argument[3].text == ")", isCharacter(argument[2].text, tokens, before: index)
    {
      scan.patterns.append(
        SourceReferences.Pattern(
          path: scan.path, line: line, pattern: "String(\(argument[2].text)) of a Character",
          pieces: ["", ""],
          isStrict: true, characterCount: 1))
      return
    }
    // `rawValue` of a `String` enum: its cases' raw values.
    let words = argument.map(\.text)
    if words == ["rawValue"] || words == ["self", ".", "rawValue"],
      let cases = rawValueCases(tokens, before: index)
    {
      for name in cases {
        scan.uses.append(
          SourceReferences.Use(name: name, kind: .literal, path: scan.path, line: line, isStrict: false))
      }
      return
    }
    let text = argument.map { $0.kind == .string ? "\"\($0.text)\"" : $0.text }.joined()
    scan.lookups.append(
      SourceReferences.Lookup(path: scan.path, line: line, argument: text, name: name(of: argument)))
  }

  /// What a carrier of the argument would be called: the last member of a chain (`icon` of
  /// `row.icon`, `?` and `!` aside), `f()` for a call of `f`; `nil` for anything else.
  static func name(of argument: [SourceToken]) -> String? {
    var words = argument.filter { !["?", "!"].contains($0.text) }
    if words.count >= 3, words.last?.text == ")", words[words.count - 2].text == "(",
      words[words.count - 3].kind == .identifier
    {
      return CarrierScan.functionKey(words[words.count - 3].text)
    }
    guard words.last?.kind == .identifier else { return nil }
    for (offset, word) in words.enumerated() where offset % 2 == 1 && word.text != "." { return nil }
    words = words.filter { $0.kind == .identifier }
    return words.last?.text
  }

  /// For code inside `enum E: String { … }` (or an `extension E` of the same file): the
  /// raw values its cases take from their names (`case feelsgood`); a case given a literal
  /// (`case a = "x"`) is a use of that literal already. `nil` when the type is not such an
  /// enum of the file.
  static func rawValueCases(_ tokens: [SourceToken], before index: Int) -> [String]? {
    // The innermost type declaration or extension that `index` is in.
    var typeName: String? = nil
    tokens.forEachEnclosingHead(before: index, headLength: 24) { head, _ in
      for position in head.reversed()
      where ["enum", "extension", "struct", "class", "actor", "protocol"].contains(tokens[position].text)
        && tokens[position].kind == .identifier && position + 1 < tokens.count
      {
        let keyword = tokens[position].text
        typeName = keyword == "enum" || keyword == "extension" ? tokens[position + 1].text : ""
        return true
      }
      return false
    }
    guard let typeName, !typeName.isEmpty else { return nil }
    // `enum typeName: String {` in the file.
    guard
      let header = tokens.indices.first(where: {
        tokens[$0].text == "enum" && tokens.text(at: $0 + 1) == typeName && tokens.text(at: $0 + 2) == ":"
          && tokens.text(at: $0 + 3) == "String"
      }),
      let open = tokens[header...].firstIndex(where: { $0.text == "{" && $0.kind == .punctuation })
    else {
      return nil
    }
    return implicitCaseNames(tokens, open: open)
  }

  /// The raw values the cases of the enum whose body opens at `open` take from their names
  /// (`case a, b = "x", c` gives `a` and `c`).
  static func implicitCaseNames(_ tokens: [SourceToken], open: Int) -> [String] {
    var names: [String] = []
    var level = 0
    var cursor = open
    while cursor < tokens.count {
      let token = tokens[cursor]
      if token.kind == .punctuation, token.text == "{" { level += 1 }
      if token.kind == .punctuation, token.text == "}" {
        level -= 1
        if level == 0 { break }
      }
      if level == 1, token.kind == .identifier, token.text == "case" {
        // `case a, b = "x", c`
        var item = cursor + 1
        while item < tokens.count, tokens[item].kind == .identifier {
          if tokens.text(at: item + 1) == "=" {
            item += 3
          } else {
            if tokens.text(at: item + 1) != "(" { names.append(tokens[item].text) }
            item += 1
          }
          guard tokens.text(at: item) == ",", tokens[item].kind == .punctuation else { break }
          item += 1
        }
      }
      cursor += 1
    }
    return names
  }

  /// Whether `name` is declared `Character` (`name: Character` as a parameter or a typed
  /// `let`/`var`) in the function the token at `index` is in: looking back to its `func`
  /// or `init`.
  static func isCharacter(_ name: String, _ tokens: [SourceToken], before index: Int) -> Bool {
    var position = index - 1
    while position >= 0, index - position < declarationReach {
      let token = tokens[position]
      if token.kind == .identifier, token.text == name, tokens.text(at: position + 1) == ":",
        tokens.text(at: position + 2) == "Character",
        [")", ",", "=", "{"].contains(tokens.text(at: position + 3) ?? "")
      {
        return true
      }
      if token.kind == .identifier, ["func", "init"].contains(token.text) { return false }
      position -= 1
    }
    return false
  }
}

extension SourceReferences {
  /// Marks each lookup traced whose name the carriers follow: a carried literal is taken at
  /// its line, or its argument is a carried member (a local: of the same file).
  mutating func traceLookups() {
    var places: Set<String> = []
    var members: Set<String> = []
    var locals: Set<String> = []
    for use in uses {
      guard let carrier = use.carrier else { continue }
      places.insert("\(carrier.path):\(carrier.line)")
      if carrier.isLocal {
        locals.insert("\(carrier.path):\(carrier.member)")
      } else if !carrier.isParameter {
        let last = carrier.member.split(separator: ".").last.map(String.init) ?? carrier.member
        members.insert(last)
      }
    }
    for pattern in patterns where pattern.isStrict { places.insert("\(pattern.path):\(pattern.line)") }
    for index in lookups.indices {
      let lookup = lookups[index]
      if places.contains("\(lookup.path):\(lookup.line)") {
        lookups[index].isTraced = true
      } else if let name = lookup.name, members.contains(name) || locals.contains("\(lookup.path):\(name)") {
        lookups[index].isTraced = true
      }
    }
  }
}
