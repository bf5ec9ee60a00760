/// Names a type's own members carry when its code reads them bare (`self`), and the
/// protocol requirements that every conforming type gives a literal:
///
/// ```swift
/// protocol Badge { var imageName: String { get } }
/// struct GoldBadge: Badge { let imageName = "badge_gold" }      // every conformer: a literal
/// extension Badge {
///   var body: some View { BadgeView(imageNamed: imageName) }    // handed by label, bare
/// }
/// struct BadgeView: View {
///   let imageNamed: String
///   var body: some View { Image(imageNamed) }                   // a bare stored property
/// }
/// ```
///
/// Inside a type's body (or an extension's), a bare identifier is `self`'s member unless
/// the body binds the name itself: a local, a parameter, a closure's parameter or a nested
/// type's member. So a bare name counts only when, in that body, every other occurrence is
/// after a `.` or is the member's own declaration (`let`/`var` among the body's members);
/// any `let name`, `name:`, `name in` or `name =` elsewhere in it, and nothing is carried.
/// `self.name` is the member without that check.
///
/// - An image initialiser that takes the bare name whole (`Image(imageNamed)`) takes the
///   type's member: a stored `String` property of a type declared once, set by the memberwise
///   initialiser or by `self.name = name`, as ``TypedCarriers`` reads it. Literals given by
///   label to the type's initialiser (`BadgeView(imageNamed: "x")`) are its values.
/// - A bare name handed whole by label to such a property (`BadgeView(imageNamed: imageName)`)
///   or to a parameter an image takes (see ``ParameterCarriers``) gives it the member's values.
/// - A member's values are its literal when it is a constant (`let name = "x"`, not `static`)
///   of a type declared once: no initialiser can change it. In a protocol's code, a
///   requirement `var name: String { get }` is each conformer's member; its values are the
///   conformers' constants when every type that conforms (`struct T: P`, `extension T: P`)
///   is declared once and declares it as such a constant, no other protocol refines the
///   protocol (its conformers would be unknown) and the protocol is declared once. One
///   conformer whose member is anything else (a `var`, a computed property, a call), and
///   nothing is carried.
///
/// The member's name is never given to `systemName:` or `systemImage:`.
struct RequirementCarriers: Sendable {
  /// A type's, extension's or protocol's body: its name, whether it is a protocol's, the
  /// index of its `{` and the brace depth inside it.
  private struct Scope: Sendable {
    var name: String
    var isProtocol: Bool
    var open: Int
    var depth: Int
  }

  /// The `String` instance requirements of each protocol declared in the file.
  var requirements: [String: Set<String>] = [:]
  /// How often each protocol is declared in the file.
  var protocolDeclarations: [String: Int] = [:]
  /// The names a protocol of the file inherits (a protocol refines them).
  var refined: Set<String> = []
  /// The types each name of an inheritance clause is given to: a protocol's conformers.
  var conformers: [String: Set<String>] = [:]
  /// The literal (an index into the file's uses) of each type's constant, by `Type.member`.
  var constants: [String: [Int]] = [:]
  /// Image initialisers that take a bare member whole: the type or protocol whose code
  /// does, the member and the place.
  var takers: [(scope: String, member: String, path: String, line: Int)] = []
  /// Bare members handed whole by label: the scope, the member and the label's key
  /// (`Type.label` or `name(label:)`).
  var handed: [(scope: String, member: String, key: String)] = []

  private var scopes: [Scope] = []
  private var opening: (name: String, isProtocol: Bool)? = nil
  /// The string tokens (by index) that are a constant's literal, with its `Type.member`.
  private var constantLiterals: [Int: String] = [:]
  /// Whether a name is bare `self`'s member in a scope, by `open:name`.
  private var unbound: [String: Bool] = [:]

  /// Reads an identifier at `index`, at brace depth `depth`.
  mutating func identifier(_ tokens: [SourceToken], _ index: Int, depth: Int, path: String) {
    func text(_ offset: Int) -> String? { tokens.text(at: index + offset) }
    let token = tokens[index]
    if CarrierScan.typeKeywords.contains(token.text), text(-1) != "." {
      if token.text == "class", let next = text(1), CarrierScan.classModifiers.contains(next) { return }
      typeDeclaration(tokens, index)
      return
    }
    guard let scope = scopes.last else { return }
    if depth == scope.depth, text(-1) == "var" || text(-1) == "let", text(-2) != "static",
      text(-2) != "class"
    {
      member(tokens, index, in: scope)
      return
    }
    guard depth > scope.depth, let next = text(1), next == ")" || next == "," else { return }
    // `name` bare, or `self.name`.
    var start = index
    if text(-1) == "." {
      guard text(-2) == "self", text(-3) != "." else { return }
      start = index - 2
    }
    guard start >= 2 else { return }
    if CodeScan.isStrictString(tokens, start) {
      guard start < index || isBare(token.text, in: scope, tokens) else { return }
      takers.append((scope.name, token.text, path, token.line))
    } else if tokens[start - 1].text == ":", tokens[start - 2].kind == .identifier,
      ["(", ","].contains(tokens.text(at: start - 3) ?? ""),
      let callee = CodeScan.callee(tokens, labelAt: start - 2), callee != "init"
    {
      guard start < index || isBare(token.text, in: scope, tokens) else { return }
      handed.append((scope.name, token.text, TypedCarriers.key(callee, tokens[start - 2].text)))
    }
  }

  /// `struct T: A, B {`, `extension T: P {`, `protocol P: Q {`: the next `{` opens its body,
  /// and its inheritance clause names what it conforms to or refines.
  private mutating func typeDeclaration(_ tokens: [SourceToken], _ index: Int) {
    guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier else { return }
    var position = index + 1
    // `extension Outer.Inner`: the last name.
    while tokens.text(at: position + 1) == ".", position + 2 < tokens.count,
      tokens[position + 2].kind == .identifier
    {
      position += 2
    }
    let name = tokens[position].text
    let isProtocol = tokens[index].text == "protocol"
    opening = (name, isProtocol)
    if isProtocol { protocolDeclarations[name, default: 0] += 1 }
    position += 1
    if tokens.text(at: position) == "<" {
      var angles = 0
      while let word = tokens.text(at: position), position - index < 64 {
        if word == "<" { angles += 1 }
        if word == ">" { angles -= 1 }
        position += 1
        if angles == 0 { break }
      }
    }
    guard tokens.text(at: position) == ":" else { return }
    var angles = 0
    position += 1
    while position < tokens.count, position - index < 64 {
      let word = tokens[position]
      if word.text == "{" || word.text == "where" { break }
      if word.text == "<" { angles += 1 }
      if word.text == ">" { angles -= 1 }
      if angles == 0, word.kind == .identifier, tokens.text(at: position + 1) != "." {
        if isProtocol {
          refined.insert(word.text)
        } else {
          conformers[word.text, default: []].insert(name)
        }
      }
      position += 1
    }
  }

  /// A `let` or `var` among a scope's members: a protocol's `String` requirement or a
  /// type's constant of a literal.
  private mutating func member(_ tokens: [SourceToken], _ index: Int, in scope: Scope) {
    func text(_ offset: Int) -> String? { tokens.text(at: index + offset) }
    let name = tokens[index].text
    if scope.isProtocol {
      if text(-1) == "var", text(1) == ":", text(2) == "String", text(3) == "{" {
        requirements[scope.name, default: []].insert(name)
      }
      return
    }
    guard text(-1) == "let" else { return }
    var equals = 1
    if text(1) == ":" {
      guard text(2) == "String" else { return }
      equals = 3
    }
    let value = index + equals + 1
    guard text(equals) == "=", value < tokens.count, tokens[value].kind == .string,
      CarrierScan.standsWhole(tokens, value)
    else {
      return
    }
    constantLiterals[value] = "\(scope.name).\(name)"
  }

  /// Whether every occurrence of `name` in the scope's body is after a `.`, the member's own
  /// declaration among the body's members, or a use that binds nothing.
  private mutating func isBare(_ name: String, in scope: Scope, _ tokens: [SourceToken]) -> Bool {
    let key = "\(scope.open):\(name)"
    if let known = unbound[key] { return known }
    var depth = 0
    var position = scope.open
    var result = true
    scan: while position < tokens.count {
      let token = tokens[position]
      if token.kind == .punctuation {
        if token.text == "{" { depth += 1 }
        if token.text == "}" {
          depth -= 1
          if depth == 0 { break }
        }
      } else if token.kind == .identifier, token.text == name, tokens.text(at: position - 1) != "." {
        let previous = tokens.text(at: position - 1) ?? ""
        let next = tokens.text(at: position + 1) ?? ""
        if ["let", "var"].contains(previous), depth == 1 {
          // The member itself.
        } else if ["let", "var", "func", "case", "for", "inout"].contains(previous)
          || [":", "in", "="].contains(next)
        {
          result = false
          break scan
        } else if next == "," || next == ")" {
          // `{ a, name in`, `{ (name) in`: a closure's parameters bind it.
          var ahead = position + 1
          while ahead < tokens.count, tokens[ahead].line == token.line,
            !["{", "}", "="].contains(tokens[ahead].text)
          {
            if tokens[ahead].text == "in" {
              result = false
              break scan
            }
            ahead += 1
          }
        }
      }
      position += 1
    }
    unbound[key] = result
    return result
  }

  /// A `{` at `index`, after the brace depth was raised to `depth`.
  mutating func opened(at index: Int, depth: Int) {
    guard let (name, isProtocol) = opening else { return }
    scopes.append(Scope(name: name, isProtocol: isProtocol, open: index, depth: depth))
    opening = nil
  }

  /// A `}`, before the brace depth is lowered from `depth`.
  mutating func closed(depth: Int) {
    if scopes.last?.depth == depth { scopes.removeLast() }
  }

  /// A plain literal at `index`, the file's use number `use`: kept when it is a constant's.
  mutating func literal(_ index: Int, use: Int) {
    if let member = constantLiterals[index] { constants[member, default: []].append(use) }
  }
}

extension RequirementCarriers {
  /// What every file says of protocols, conformers and constants, with uses numbered over
  /// all files.
  struct Merged {
    var requirements: [String: Set<String>] = [:]
    var protocolDeclarations: [String: Int] = [:]
    var refined: Set<String> = []
    var conformers: [String: Set<String>] = [:]
    var constants: [String: [Int]] = [:]

    init(_ files: [(scan: FileScan, firstUse: Int)]) {
      for (file, firstUse) in files {
        let scan = file.carriers.requirements
        requirements.merge(scan.requirements) { $0.union($1) }
        protocolDeclarations.merge(scan.protocolDeclarations, uniquingKeysWith: +)
        refined.formUnion(scan.refined)
        conformers.merge(scan.conformers) { $0.union($1) }
        for (member, uses) in scan.constants {
          constants[member, default: []].append(contentsOf: uses.map { firstUse + $0 })
        }
      }
    }

    /// The uses (numbered over all files) that are `scope`'s `member` read bare in its code,
    /// or nil when it is not known to be only those literals.
    func values(scope: String, member: String, types: TypedCarriers.Merged) -> [Int]? {
      if requirements[scope]?.contains(member) == true {
        guard protocolDeclarations[scope] == 1, types.types[scope] == nil, !refined.contains(scope),
          let conforming = conformers[scope], !conforming.isEmpty
        else {
          return nil
        }
        var result: [Int] = []
        for type in conforming.sorted() {
          guard types.types[type]?.count == 1, let uses = constants["\(type).\(member)"], uses.count == 1
          else {
            return nil
          }
          result += uses
        }
        return result
      }
      guard types.types[scope]?.count == 1, let uses = constants["\(scope).\(member)"], uses.count == 1 else {
        return nil
      }
      return uses
    }
  }
}

extension SourceReferences {
  /// Follows the bare members of ``RequirementCarriers``: adds the stored properties that
  /// an image initialiser takes bare to `typedTaken`, and makes strict the constants that
  /// reach an image, read bare or handed by label to a member or parameter an image takes.
  mutating func resolveRequirements(
    _ files: [(scan: FileScan, firstUse: Int)], types: TypedCarriers.Merged, symbolNames: Set<String>,
    typedTaken: inout [String: (path: String, line: Int)]
  ) {
    let merged = RequirementCarriers.Merged(files)
    func carry(_ uses: [Int], member: String, place: (path: String, line: Int)) {
      for use in uses where self.uses[use].carrier == nil {
        self.uses[use].isStrict = true
        self.uses[use].carrier = Carrier(
          member: member, path: place.path, line: place.line, isRequirement: true)
      }
    }
    for (file, _) in files {
      for taker in file.carriers.requirements.takers where !symbolNames.contains(taker.member) {
        if let uses = merged.values(scope: taker.scope, member: taker.member, types: types) {
          carry(uses, member: "\(taker.scope).\(taker.member)", place: (taker.path, taker.line))
          continue
        }
        let carrier = "\(taker.scope).\(taker.member)"
        guard typedTaken[carrier] == nil, let kind = types.types[taker.scope], kind.count == 1,
          types.storedStrings[taker.scope]?.contains(taker.member) == true
        else { continue }
        let memberwise = kind.keyword == "struct" && !types.explicitInits.contains(taker.scope)
        guard memberwise || types.selfAssigned[taker.scope]?.contains(taker.member) == true else { continue }
        typedTaken[carrier] = (taker.path, taker.line)
      }
    }
    for (file, _) in files {
      for handed in file.carriers.requirements.handed where !symbolNames.contains(handed.member) {
        guard let place = typedTaken[handed.key],
          let uses = merged.values(scope: handed.scope, member: handed.member, types: types)
        else { continue }
        carry(uses, member: "\(handed.scope).\(handed.member)", place: place)
      }
    }
  }
}
