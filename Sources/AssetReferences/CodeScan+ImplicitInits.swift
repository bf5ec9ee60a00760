/// Image initialisers written as an implicit member, `.init(…)`, whose type Swift infers
/// from where the expression stands:
///
/// ```swift
/// struct Tile { let id: String; let picture: Image }
/// func row(tiles: [Tile]) -> some View { … }
/// row(tiles: [.init(id: "a", picture: .init("tile_a"))])      // an `Image`
/// ```
///
/// The outer `.init` is an element of the array `row(tiles:)` takes, so it is a `Tile`; its
/// `picture:` argument is the memberwise initialiser's, so the inner `.init` is the stored
/// property's type, `Image`, and `"tile_a"` is an image name. The places whose type is read:
///
/// - an argument given by label to a function (the labelled parameter's declared type), when
///   one function under the root has that name and a parameter of that label (others of the
///   name with other labels cannot take the call), or to a type's initialiser, where the type is a structure
///   declared once with no `init` of its own (the stored property's declared type);
/// - an element of an array literal given so, when that type is `[T]`;
/// - a constant or variable declared with its type (`let picture: Image = .init("x")`);
/// - the argument of another implicit `.init` whose own type is known so.
///
/// When the place's type is `Image`, the first argument of `.init(_:)` is an image name: a
/// literal given whole is a strict use, and a member chain given whole (`.init(icon.dark)`)
/// is a taker, as in ``CarrierScan``. Anything else (an unlabelled argument, a generic or
/// optional type, a type declared twice) tells nothing.
struct ImplicitInits: Sendable {
  /// The declared type of each type's stored property, by `Type.property` (`Image`, `[Tile]`).
  var propertyTypes: [String: String] = [:]
  /// The declared type of each function's labelled parameter, by `name(label:)`.
  var parameterTypes: [String: String] = [:]
  /// How many functions of the file declare each `name(label:)`, whatever its type.
  var parameterDeclarations: [String: Int] = [:]
  /// The literal uses (indices into the file's uses) given whole to an implicit `.init`,
  /// with the steps to its type and the place.
  var literals: [(use: Int, steps: [String], line: Int)] = []
  /// Member chains given whole to an implicit `.init`: the member, the steps and the place.
  var chains: [(member: String, steps: [String], path: String, line: Int)] = []

  /// Reads an identifier at `index`, inside the body of the type `type`.
  mutating func identifier(
    _ tokens: [SourceToken], _ index: Int, type: String?, atMemberDepth: Bool, path: String
  ) {
    func text(_ offset: Int) -> String? { tokens.text(at: index + offset) }
    let token = tokens[index]
    if atMemberDepth, let type, text(-1) == "let" || text(-1) == "var", text(1) == ":",
      let declared = Self.declaredType(tokens, index + 2)
    {
      propertyTypes["\(type).\(token.text)"] = declared
      return
    }
    if text(-1) == "func", text(1) == "(" {
      parameters(tokens, function: token.text, open: index + 1)
      return
    }
    // `.init(a.b.member)`: the chain's end, given whole.
    guard text(-1) == ".", text(-2) != "self", let next = text(1), next == ")" else { return }
    var start = index
    while start >= 2, tokens[start - 1].text == ".", tokens[start - 2].kind == .identifier {
      start -= 2
    }
    guard start < index, start >= 3, tokens[start - 1].text == "(",
      let steps = Self.steps(tokens, at: start - 1)
    else {
      return
    }
    chains.append((token.text, steps, path, token.line))
  }

  /// A plain literal at `index`, the file's use number `use`.
  mutating func literal(_ tokens: [SourceToken], _ index: Int, use: Int) {
    guard index >= 1, tokens[index - 1].text == "(", tokens.text(at: index + 1) == ")",
      let steps = Self.steps(tokens, at: index - 1)
    else {
      return
    }
    literals.append((use, steps, tokens[index].line))
  }

  /// For the `(` at `open`: when it opens an implicit `.init(`, the steps to its type,
  /// outermost first: `f(label:)` or `T.label` (a labelled argument), `[]` (an array's
  /// element), `.label` (an argument of the implicit `.init` one step out), `=T` (a
  /// declared type).
  static func steps(_ tokens: [SourceToken], at open: Int) -> [String]? {
    guard open >= 3, tokens[open - 1].text == "init", tokens[open - 2].text == ".",
      tokens[open - 2].kind == .punctuation
    else {
      return nil
    }
    var dot = open - 2
    var result: [String] = []
    // Outward, one implicit `.init` at a time.
    for _ in 0..<8 {
      let before = tokens[dot - 1]
      // A leading dot only: after `(`, `[`, `,`, `:` or `=`.
      guard before.kind == .punctuation, ["(", "[", ",", ":", "="].contains(before.text) else { return nil }
      if before.text == "=" {
        // `let name: T = .init(`
        guard dot >= 4, tokens[dot - 3].text == ":", tokens[dot - 2].kind == .identifier,
          tokens[dot - 2].text.first?.isUppercase == true, tokens[dot - 4].kind == .identifier
        else {
          return nil
        }
        return ["=" + tokens[dot - 2].text] + result
      }
      var position = dot
      if before.text != ":" {
        // An array's element: the `[` that opens it, then its label.
        guard let bracket = unmatched(tokens, before: dot), tokens[bracket].text == "[" else { return nil }
        result.insert("[]", at: 0)
        position = bracket
      }
      guard position >= 3, tokens[position - 1].text == ":", tokens[position - 2].kind == .identifier,
        ["(", ","].contains(tokens[position - 3].text),
        let call = unmatched(tokens, before: position - 2), tokens[call].text == "(", call >= 1,
        tokens[call - 1].kind == .identifier
      else {
        return nil
      }
      let label = tokens[position - 2].text
      let callee = tokens[call - 1].text
      if callee == "init", call >= 3, tokens[call - 2].text == ".", tokens[call - 2].kind == .punctuation {
        result.insert("." + label, at: 0)
        dot = call - 2
        continue
      }
      if tokens[call - 2].text == "." { return nil }
      return [TypedCarriers.key(callee, label)] + result
    }
    return nil
  }

  /// The unmatched `(` or `[` before `position`, looking back at most a few hundred tokens.
  private static func unmatched(_ tokens: [SourceToken], before position: Int) -> Int? {
    var depth = 0
    var index = position - 1
    while index >= 0, position - index < 400 {
      let token = tokens[index]
      if token.kind == .punctuation {
        switch token.text {
        case ")", "]", "}": depth += 1
        case "(", "[", "{":
          if depth == 0 { return token.text == "{" ? nil : index }
          depth -= 1
        default: break
        }
      }
      index -= 1
    }
    return nil
  }

  /// The type written at `position`: `T`, `Module.T` (as `T`) or `[T]`; nil for anything
  /// else (optional, generic, a function, a tuple).
  static func declaredType(_ tokens: [SourceToken], _ position: Int) -> String? {
    var position = position
    var array = false
    if tokens.text(at: position) == "[" {
      array = true
      position += 1
    }
    guard position < tokens.count, tokens[position].kind == .identifier else { return nil }
    while tokens.text(at: position + 1) == ".", position + 2 < tokens.count,
      tokens[position + 2].kind == .identifier
    {
      position += 2
    }
    let name = tokens[position].text
    guard name.first?.isUppercase == true else { return nil }
    if array {
      guard tokens.text(at: position + 1) == "]" else { return nil }
      position += 1
    }
    if let next = tokens.text(at: position + 1), ["?", "!", "<", "."].contains(next) { return nil }
    return array ? "[\(name)]" : name
  }

  /// The labelled parameters of `func function(` with the `(` at `open`: `function(label:)`
  /// → their declared types.
  private mutating func parameters(_ tokens: [SourceToken], function: String, open: Int) {
    var depth = 0
    var position = open
    var start = open + 1
    while position < tokens.count, position - open < 400 {
      let token = tokens[position]
      if token.kind == .punctuation {
        if ["(", "[", "<"].contains(token.text) { depth += 1 }
        if [")", "]", ">"].contains(token.text) { depth -= 1 }
      }
      if depth == 0 || (depth == 1 && token.text == "," && token.kind == .punctuation) {
        // `label name: T`, `name: T`; `_ name: T` has no label.
        if start + 2 <= position, tokens[start].kind == .identifier {
          var colon = start + 1
          if tokens[colon].kind == .identifier { colon += 1 }
          let label = tokens[start].text
          if tokens.text(at: colon) == ":", label != "_" {
            let key = ParameterCarriers.key(function, label)
            parameterDeclarations[key, default: 0] += 1
            if let type = Self.declaredType(tokens, colon + 1) { parameterTypes[key] = type }
          }
        }
        start = position + 1
        if depth == 0 { break }
      }
      position += 1
    }
  }
}

extension SourceReferences {
  /// Follows ``ImplicitInits``: makes strict the literals an implicit `.init` of `Image`
  /// takes, and adds the members it takes to `taken`.
  mutating func resolveImplicitInits(
    _ files: [(scan: FileScan, firstUse: Int)], types: TypedCarriers.Merged,
    taken: inout [String: (path: String, line: Int)]
  ) {
    var propertyTypes: [String: String] = [:]
    var parameterTypes: [String: String] = [:]
    var parameterDeclarations: [String: Int] = [:]
    var conflicting: Set<String> = []
    for (file, _) in files {
      let scan = file.carriers.implicitInits
      parameterDeclarations.merge(scan.parameterDeclarations, uniquingKeysWith: +)
      for (key, type) in scan.propertyTypes {
        if let known = propertyTypes[key], known != type { conflicting.insert(key) }
        propertyTypes[key] = type
      }
      for (key, type) in scan.parameterTypes {
        if let known = parameterTypes[key], known != type { conflicting.insert(key) }
        parameterTypes[key] = type
      }
    }
    /// A structure declared once whose initialiser is the memberwise one.
    func memberwise(_ type: String) -> Bool {
      types.types[type]?.count == 1 && types.types[type]?.keyword == "struct"
        && !types.explicitInits.contains(type)
    }
    /// The type the steps lead to, or nil when a step is not known.
    func type(_ steps: [String]) -> String? {
      guard let first = steps.first, !conflicting.contains(first) else { return nil }
      var current: String
      if first.hasPrefix("=") {
        current = String(first.dropFirst())
      } else if first.hasSuffix(":)") {
        // `f(label:)`: the one function of that name with that label (overloads of the name
        // with other labels cannot take the call).
        guard parameterDeclarations[first] == 1, let declared = parameterTypes[first] else { return nil }
        current = declared
      } else {
        // `T.label`: the memberwise initialiser's label is the stored property.
        let type = String(first.prefix { $0 != "." })
        guard memberwise(type), let declared = propertyTypes[first] else { return nil }
        current = declared
      }
      for step in steps.dropFirst() {
        if step == "[]" {
          guard current.hasPrefix("["), current.hasSuffix("]") else { return nil }
          current = String(current.dropFirst().dropLast())
        } else {
          let key = current + step
          guard !current.hasPrefix("["), memberwise(current), !conflicting.contains(key),
            let declared = propertyTypes[key]
          else {
            return nil
          }
          current = declared
        }
      }
      return current
    }
    for (file, firstUse) in files {
      let scan = file.carriers.implicitInits
      for literal in scan.literals where type(literal.steps) == "Image" {
        let index = firstUse + literal.use
        guard uses[index].carrier == nil else { continue }
        uses[index].isStrict = true
        uses[index].carrier = Carrier(
          member: literal.steps.joined(separator: " → "), path: file.path, line: literal.line,
          isImplicit: true)
      }
      for chain in scan.chains where taken[chain.member] == nil && type(chain.steps) == "Image" {
        taken[chain.member] = (chain.path, chain.line)
      }
    }
  }
}
