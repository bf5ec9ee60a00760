/// Names that reach an image initialiser through a property or constant of Swift code:
///
/// ```swift
/// var icon: String { switch self { case .wikipedia: "Wikipedia" … } }   // a carrier
/// static let logo = "brand_logo"                                        // a carrier
/// Image(category.icon); UIImage(named: Brand.logo)                      // a taker
/// ```
///
/// A literal is a carrier's value when it is the constant's initial value, or a result of a
/// computed `String` property's body (after `return`, a `case` label, either branch of
/// `?:`, or alone in the braces), standing whole (not an operand of `+` or a call). A taker
/// is a member chain (`a.b.icon`, at least one dot: a bare identifier may be a parameter or
/// a local) as the whole name argument of an image initialiser. Identity is by name only,
/// so the flow counts only for a member declared once under the root (`let`, `var`, `func`
/// or `case` of that name among the members of every type and file) and never given to
/// `systemName:` or `systemImage:`. A local (`let name = …` in a function) is no member: no
/// chain reaches it, so it neither carries nor counts.
///
/// A function declared `-> String` (or `String?`) carries its body's results the same way,
/// to an image initialiser that takes its call whole (`Image(headerImage(with: status))`;
/// a bare call too, since a call names no parameter or local); a call reads only a
/// function (`name()`), a chain only a property or constant. When the name is declared more
/// than once, a computed property's or function's results still count where the taker's
/// receiver has a known type (see ``TypedCarriers``).
struct CarrierScan: Sendable {
  /// The literal uses (indices into the file's uses) each member may carry.
  var values: [String: [Int]] = [:]
  /// How often each identifier is declared (`let`, `var`, `func`, `case`).
  var declarations: [String: Int] = [:]
  /// Members given whole to an image initialiser, with the first place that does.
  var taken: [String: (path: String, line: Int)] = [:]
  /// Members given to `systemName:` or `systemImage:`: SF Symbol names, not assets.
  var symbolNames: Set<String> = []
  /// Those given as a chain (`item.icon`), with the receiver (as in ``TypedCarriers/takers``):
  /// where its type is known, only that type's member is a symbol name.
  var symbolTakers: [(receiver: String, member: String)] = []
  /// Those given with no receiver to type.
  var untypedSymbolNames: Set<String> = []
  /// The locals of functions that carry a name to an image in their block.
  var locals = LocalCarriers()
  /// Names handed by label to the app's own types.
  var typed = TypedCarriers()
  /// Names handed by label to a function's parameter.
  var parameters = ParameterCarriers()
  /// Bare members of a type's own code, and protocol requirements given literals.
  var requirements = RequirementCarriers()
  /// Names given to an implicit `.init` whose place makes it an `Image`.
  var implicitInits = ImplicitInits()

  /// The computed property or function whose body is being read, the brace depth of that
  /// body and the type it is a member of.
  private var body: (member: String, depth: Int, type: String?)? = nil
  /// The token index of the `{` that opens a computed property's or function's body, and
  /// its name.
  private var opening: (index: Int, member: String)? = nil
  /// String tokens (by index) that are a constant's initial value, with the constant.
  private var initialValues: [Int: String] = [:]
  /// The brace depths of the type bodies the scan is in (0: the file): a declaration at the
  /// innermost one is a member; one deeper is a local, which no member chain can reach.
  private var typeBodies: [Int] = [0]
  /// The name of the type of each of `typeBodies` (nil for the file and a protocol).
  private var typeNames: [String?] = [nil]
  /// Whether the next `{` opens a type's body (after `struct`, `class`, `enum`,
  /// `extension`, `protocol` or `actor`), and that type's name.
  private var typeOpening = false
  private var openingType: String? = nil

  static let declaringKeywords: Set<String> = ["let", "var", "func", "case"]
  static let typeKeywords: Set<String> = ["struct", "class", "enum", "extension", "protocol", "actor"]
  /// What may follow `class` when it is a member's modifier (`class func`), not a type.
  static let classModifiers: Set<String> = ["func", "var", "let", "subscript", "override", "final", "static"]

  /// Reads an identifier at `index`, at brace depth `depth`: a type's start, a member's
  /// declaration, a carrier's start, or a taker.
  mutating func identifier(_ tokens: [SourceToken], _ index: Int, depth: Int, path: String) {
    let token = tokens[index]
    locals.identifier(tokens, index, depth: depth, memberDepth: typeBodies.last ?? 0, path: path)
    let memberDepth = depth == typeBodies.last
    parameters.identifier(tokens, index, depth: depth, path: path)
    requirements.identifier(tokens, index, depth: depth, path: path)
    typed.identifier(tokens, index, type: typeNames.last ?? nil, atMemberDepth: memberDepth)
    implicitInits.identifier(
      tokens, index, type: typeNames.last ?? nil, atMemberDepth: memberDepth, path: path)
    if Self.typeKeywords.contains(token.text), index == 0 || tokens[index - 1].text != "." {
      if token.text != "class"
        || (index + 1 < tokens.count && !Self.classModifiers.contains(tokens[index + 1].text))
      {
        typeOpening = true
        openingType = nil
        if token.text != "protocol", index + 1 < tokens.count, tokens[index + 1].kind == .identifier {
          openingType = tokens[index + 1].text
          if TypedCarriers.typeDeclaringKeywords.contains(token.text) {
            typed.declareType(tokens[index + 1].text, keyword: token.text)
          }
        }
      }
      return
    }
    if index >= 1, tokens[index - 1].kind == .identifier,
      Self.declaringKeywords.contains(tokens[index - 1].text)
    {
      guard depth == typeBodies.last else { return }
      declarations[token.text, default: 0] += 1
      if tokens[index - 1].text == "let" || tokens[index - 1].text == "var" {
        declaration(tokens, index)
      } else if tokens[index - 1].text == "func" {
        functionDeclaration(tokens, index)
      }
      return
    }
    guard index + 1 < tokens.count, tokens[index + 1].kind == .punctuation else { return }
    var next = tokens[index + 1].text
    // `f(…)`: a call's result, whole when its `)` ends the argument.
    let call = next == "("
    if call {
      guard let close = Self.closingParenthesis(tokens, opening: index + 1),
        let after = tokens.text(at: close + 1)
      else { return }
      next = after
    }
    guard next == ")" || next == "," else { return }
    var start = index
    while start >= 2, tokens[start - 1].text == ".", tokens[start - 2].kind == .identifier {
      start -= 2
    }
    // A bare identifier may be a parameter or a local; a bare call is a function's.
    guard start < index || call, start >= 2 else { return }
    // A call reads a function, never a property or constant of that name.
    let member = call ? Self.functionKey(token.text) : token.text
    if CodeScan.isStrictString(tokens, start) {
      if taken[member] == nil { taken[member] = (path, token.line) }
      if start < index, tokens[index - 2].kind == .identifier {
        // `.b` in `a.b.icon` is a member of `a`'s type, wherever it is declared.
        let receiver = index - 2 > start ? "." + tokens[index - 2].text : tokens[index - 2].text
        typed.takers.append((receiver, member, path, token.line))
      }
    } else if tokens[start - 1].text == ":", ["systemName", "systemImage"].contains(tokens[start - 2].text) {
      symbolNames.insert(member)
      if start < index, tokens[index - 2].kind == .identifier {
        let receiver = index - 2 > start ? "." + tokens[index - 2].text : tokens[index - 2].text
        symbolTakers.append((receiver, member))
      } else {
        untypedSymbolNames.insert(member)
      }
    }
  }

  /// `func m(…) -> String {` (also `String?`, `async`, `throws`): a function whose body's
  /// results are its values, as a computed property's are.
  private mutating func functionDeclaration(_ tokens: [SourceToken], _ index: Int) {
    var position = index + 1
    if tokens.text(at: position) == "<" {
      while let word = tokens.text(at: position), word != ">", position - index < 64 { position += 1 }
      position += 1
    }
    guard tokens.text(at: position) == "(", let close = Self.closingParenthesis(tokens, opening: position)
    else {
      return
    }
    position = close + 1
    while let word = tokens.text(at: position), ["async", "throws", "rethrows"].contains(word) {
      position += 1
    }
    guard tokens.text(at: position) == "-", tokens.text(at: position + 1) == ">",
      tokens.text(at: position + 2) == "String"
    else {
      return
    }
    position += tokens.text(at: position + 3) == "?" ? 4 : 3
    guard tokens.text(at: position) == "{" else { return }
    let member = Self.functionKey(tokens[index].text)
    opening = (position, member)
    if let type = typeNames.last ?? nil { typed.computedStrings[type, default: []].insert(member) }
  }

  /// How a function is told from a property of the same name: `name()`.
  static func functionKey(_ name: String) -> String { name + "()" }

  /// The name a member is declared as: `name` for `name()`.
  static func declaredName(_ member: String) -> String {
    member.hasSuffix("()") ? String(member.dropLast(2)) : member
  }

  /// The `)` that closes the `(` at `opening`, looking at most a few hundred tokens ahead.
  static func closingParenthesis(_ tokens: [SourceToken], opening: Int) -> Int? {
    var depth = 0
    var position = opening
    while position < tokens.count, position - opening < 400 {
      let token = tokens[position]
      if token.kind == .punctuation {
        switch token.text {
        case "(": depth += 1
        case ")":
          depth -= 1
          if depth == 0 { return position }
        case "{", "}", ";": return nil
        default: break
        }
      }
      position += 1
    }
    return nil
  }

  /// `let m = "x"`, `let m: String = "x"` or `var m: String {` (also `String?`); a
  /// protocol's `var m: T { get }` declares nothing.
  private mutating func declaration(_ tokens: [SourceToken], _ index: Int) {
    func text(_ offset: Int) -> String? { tokens.text(at: index + offset) }
    var next = 1
    if text(1) == ":" {
      var brace = 2
      while let word = text(brace), word != "{", word != "=", brace < 12 { brace += 1 }
      if text(brace) == "{", ["get", "set"].contains(text(brace + 1)) {
        declarations[tokens[index].text, default: 0] -= 1
        return
      }
      guard text(2) == "String" else { return }
      next = text(3) == "?" ? 4 : 3
      if text(next) == "{" {
        opening = (index + next, tokens[index].text)
        if let type = typeNames.last ?? nil {
          typed.computedStrings[type, default: []].insert(tokens[index].text)
        }
        return
      }
      if let type = typeNames.last ?? nil {
        typed.storedStrings[type, default: []].insert(tokens[index].text)
      }
    }
    guard text(next) == "=", index + next + 1 < tokens.count, tokens[index + next + 1].kind == .string else {
      return
    }
    initialValues[index + next + 1] = tokens[index].text
  }

  /// The `{` at `index`, after the brace depth was raised to `depth`.
  mutating func opened(at index: Int, depth: Int) {
    locals.opened(depth: depth)
    parameters.opened(depth: depth)
    requirements.opened(at: index, depth: depth)
    if typeOpening {
      typeBodies.append(depth)
      typeNames.append(openingType)
      typeOpening = false
    }
    if let (position, member) = opening, position == index {
      body = (member, depth, typeNames.last ?? nil)
      opening = nil
    }
  }

  /// A `}`, before the brace depth is lowered from `depth`.
  mutating func closed(depth: Int) {
    locals.closed(depth: depth)
    parameters.closed(depth: depth)
    requirements.closed(depth: depth)
    if body?.depth == depth { body = nil }
    if typeBodies.count > 1, typeBodies.last == depth {
      typeBodies.removeLast()
      typeNames.removeLast()
    }
  }

  /// A plain literal at `index`, recorded as the file's use number `use`: kept when it is a
  /// carrier's value.
  mutating func literal(_ tokens: [SourceToken], _ index: Int, use: Int, depth: Int) {
    locals.literal(tokens, index, use: use, depth: depth)
    typed.literal(tokens, index, use: use)
    requirements.literal(index, use: use)
    implicitInits.literal(tokens, index, use: use)
    if let member = initialValues[index] {
      if Self.standsWhole(tokens, index) { values[member, default: []].append(use) }
      return
    }
    guard let (member, _, type) = body, Self.isResult(tokens, index), Self.standsWhole(tokens, index),
      !Self.isAssigned(tokens, index)
    else {
      return
    }
    values[member, default: []].append(use)
    if let type { typed.computedValues["\(type).\(member)", default: []].append(use) }
  }

  /// Whether the literal at `index` ends its expression: what follows is on a later line,
  /// a `}`, the `:` of `?:` or a `;`.
  static func standsWhole(_ tokens: [SourceToken], _ index: Int) -> Bool {
    guard index + 1 < tokens.count else { return true }
    let next = tokens[index + 1]
    return next.line > tokens[index].line || ["}", ":", ";"].contains(next.text)
  }

  /// Whether the literal at `index` is part of an assignment's value on its line
  /// (`let kind = isDesktop ? "Desktop" : "Mobile"`): a local's or variable's value, not the
  /// body's result.
  static func isAssigned(_ tokens: [SourceToken], _ index: Int) -> Bool {
    let line = tokens[index].line
    var position = index - 1
    while position >= 1, tokens[position].line == line {
      let token = tokens[position]
      if token.kind == .punctuation, token.text == "=", tokens[position + 1].text != "=",
        !["=", "!", "<", ">"].contains(tokens[position - 1].text)
      {
        return true
      }
      position -= 1
    }
    return false
  }

  /// Whether the literal at `index` is a result of the body it is in: after `return`, `{`,
  /// `?`, or a `:` that ends a `case` label (`case .a, .b:`, `default:`) or separates `?:`'s
  /// branches — not an argument label's (`f(a: "x")`) or a dictionary's (`[k: "x"]`).
  static func isResult(_ tokens: [SourceToken], _ index: Int) -> Bool {
    guard index >= 2 else { return false }
    let previous = tokens[index - 1]
    switch previous.text {
    case "return", "{", "?": return true
    case ":":
      if tokens[index - 2].text == "default" { return true }
      // Back along the line: `case` or `?` outside brackets is a result; an unclosed `(`,
      // `[` or `{` first is a label.
      var depth = 0
      var position = index - 2
      while position >= 0, tokens[position].line == previous.line {
        let token = tokens[position]
        switch (token.kind, token.text) {
        case (.identifier, "case"): return depth == 0
        case (.punctuation, "?"): if depth == 0 { return true }
        case (.punctuation, ")"), (.punctuation, "]"): depth += 1
        case (.punctuation, "("), (.punctuation, "["), (.punctuation, "{"):
          if depth == 0 { return false }
          depth -= 1
        default: break
        }
        position -= 1
      }
      return false
    default: return false
    }
  }
}

extension SourceReferences {
  /// Makes strict each literal a carrier holds whose member an image initialiser takes,
  /// under the rules of ``CarrierScan``.
  ///
  /// - Parameter files: the scans, in the order their uses were appended, with the index of
  ///   each file's first use.
  mutating func resolveCarriers(_ files: [(scan: FileScan, firstUse: Int)]) {
    var declarations: [String: Int] = [:]
    var taken: [String: (path: String, line: Int)] = [:]
    var symbolNames: Set<String> = []
    var types = TypedCarriers.Merged()
    for (file, _) in files {
      types.add(file.carriers.typed)
      declarations.merge(file.carriers.declarations, uniquingKeysWith: +)
      taken.merge(file.carriers.taken) { first, _ in first }
      symbolNames.formUnion(file.carriers.symbolNames)
    }
    // A member given to `systemImage:` through a receiver of a known type is that type's
    // symbol name only (`MenuItem.icon`), so another type's member of the same name
    // (`Category.icon`) still carries asset names to a typed taker; through a receiver of
    // no known type, or with none, it is a symbol name whatever the type.
    var typedSymbols: Set<String> = []
    var untypedSymbols: Set<String> = []
    for (file, _) in files {
      untypedSymbols.formUnion(file.carriers.untypedSymbolNames)
      for taker in file.carriers.symbolTakers {
        if let carrier = types.carrier(
          receiver: taker.receiver, member: taker.member, in: file.carriers.typed)
        {
          typedSymbols.insert(carrier)
        } else {
          untypedSymbols.insert(taker.member)
        }
      }
    }
    var typedTaken: [String: (path: String, line: Int)] = [:]
    for (file, _) in files {
      for taker in file.carriers.typed.takers + file.carriers.locals.sourcedTakers
      where !untypedSymbols.contains(taker.member) {
        guard
          let carrier = types.carrier(
            receiver: taker.receiver, member: taker.member, in: file.carriers.typed),
          typedTaken[carrier] == nil, !typedSymbols.contains(carrier)
        else { continue }
        typedTaken[carrier] = (taker.path, taker.line)
      }
      for taker in file.carriers.parameters.taken
      where declarations[taker.function] == 1 && typedTaken[taker.key] == nil {
        typedTaken[taker.key] = (taker.path, taker.line)
      }
    }
    resolveRequirements(files, types: types, symbolNames: symbolNames, typedTaken: &typedTaken)
    resolveImplicitInits(files, types: types, taken: &taken)
    for (file, firstUse) in files {
      var labelled = file.carriers.typed.labelled
      for (use, carrier) in file.carriers.locals.handed { labelled[carrier, default: []].append(use) }
      // A computed property or function read through a receiver of its type.
      for (carrier, indices) in file.carriers.typed.computedValues {
        guard let place = typedTaken[carrier] else { continue }
        for index in indices where uses[firstUse + index].carrier == nil {
          uses[firstUse + index].isStrict = true
          uses[firstUse + index].carrier = Carrier(
            member: carrier, path: place.path, line: place.line, isComputed: true)
        }
      }
      for (carrier, indices) in labelled {
        guard let place = typedTaken[carrier] else { continue }
        for index in indices where uses[firstUse + index].carrier == nil {
          uses[firstUse + index].isStrict = true
          uses[firstUse + index].carrier = Carrier(
            member: carrier, path: place.path, line: place.line, isLocal: false,
            isTyped: !carrier.hasSuffix(":)"),
            isParameter: carrier.hasSuffix(":)"))
        }
      }
      for local in file.carriers.locals.carried where uses[firstUse + local.use].carrier == nil {
        uses[firstUse + local.use].isStrict = true
        uses[firstUse + local.use].carrier = Carrier(
          member: local.local, path: local.path, line: local.line, isLocal: true)
      }
      for (member, indices) in file.carriers.values
      where declarations[CarrierScan.declaredName(member)] == 1 && !symbolNames.contains(member) {
        guard let place = taken[member] else { continue }
        for index in indices {
          uses[firstUse + index].isStrict = true
          uses[firstUse + index].carrier = Carrier(member: member, path: place.path, line: place.line)
        }
      }
    }
  }
}
