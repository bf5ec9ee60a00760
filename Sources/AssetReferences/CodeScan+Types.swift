/// Names handed to the app's own type by an argument label, then read back through a value
/// of that type by an image initialiser:
///
/// ```swift
/// struct Card { let imageName: String; let title: String }        // a stored property
/// Card(imageName: "onboarding_card", title: "Welcome")              // the label gives it
/// let content: Card                                                 // a receiver of the type
/// Image(content.imageName)                                          // a taker
/// ```
///
/// Swift gives a structure a memberwise initialiser whose labels are its stored properties,
/// and an explicit `init(imageName: String) { self.imageName = imageName }` does the same
/// by hand. So a literal given whole by the label `imageName:` to `Card(…)` is the property's
/// value, when:
///
/// - the type is declared once under the root (`struct`, `class`, `enum`, `actor`), with the
///   stored property `let`/`var imageName: String` (or `String?`) in its body;
/// - it is a structure with no `init` of its own (in its body or an extension), so the
///   memberwise one is the only one; otherwise (a class, or an explicit `init`) its body
///   holds `self.imageName = imageName`, the parameter given whole to the property;
/// - the taker's receiver (`content` in `content.imageName`) is declared in the same file as
///   that type and no other (`let content: Card`, `content: Card?`, `let content = Card(`,
///   `let content = value as? Card`, or `let content = cards[i]` where `cards: [Card]`;
///   `Any` and `AnyObject` say nothing); the taker may also be a local given
///   the chain whole (`if let name = content.imageName { UIImage(named: name) }`);
/// - a local given literals (see ``LocalCarriers``) and handed whole by the label
///   (`Card(imageName: name)`) gives them too, unless it is changed as that type says;
/// - no `systemName:` or `systemImage:` takes the property of this type, or one of its name
///   through a receiver whose type is not known (``CarrierScan/symbolTakers``).
///
/// A computed `String` property or `-> String` function of the type (in its body or an
/// extension) gives its literal results whoever made the value, so only the receiver's type
/// must be known. A receiver reached through a chain (`details` in `model.details.icon`) is
/// a member: when the taker's file declares no `details`, its type is the one every member
/// `let`/`var details: T` under the root is declared as.
///
/// A scan reads Swift without its types, so each rule only narrows what a name can mean:
/// where two types, two receivers or two meanings remain, nothing is carried.
struct TypedCarriers: Sendable {
  /// How often each type name is declared, and with which keyword the last time.
  var types: [String: (count: Int, keyword: String)] = [:]
  /// The stored `String` properties of each type's body.
  var storedStrings: [String: Set<String>] = [:]
  /// The computed `String` properties and `String` functions of each type's body.
  var computedStrings: [String: Set<String>] = [:]
  /// The literal results (indices into the file's uses) of each computed property or
  /// function, by `Type.member`.
  var computedValues: [String: [Int]] = [:]
  /// The types each member (a type's `let` or `var`, or a global) is declared as.
  var memberAnnotations: [String: Set<String>] = [:]
  /// The types with an `init` of their own (in their body or an extension).
  var explicitInits: Set<String> = []
  /// The properties each type's code sets whole from the parameter of the same name
  /// (`self.name = name`).
  var selfAssigned: [String: Set<String>] = [:]
  /// The literal uses (indices into the file's uses) given by label to a type's
  /// initialiser, by `Type.label`.
  var labelled: [String: [Int]] = [:]
  /// The types each identifier of the file is declared as.
  var annotations: [String: Set<String>] = [:]
  /// The element types each identifier of the file is declared an array of (`rows: [Row]`).
  var arrays: [String: Set<String>] = [:]
  /// The arrays each identifier of the file is given an element of (`let row = rows[i]`).
  var elements: [String: Set<String>] = [:]
  /// The member chains an image initialiser takes whole: the receiver, the member and the place.
  var takers: [(receiver: String, member: String, path: String, line: Int)] = []

  static let typeDeclaringKeywords: Set<String> = ["struct", "class", "enum", "actor"]

  /// Reads an identifier at `index`, inside the body of the type `type` (the innermost one;
  /// nil outside any, or in a protocol).
  mutating func identifier(_ tokens: [SourceToken], _ index: Int, type: String?, atMemberDepth: Bool) {
    func text(_ offset: Int) -> String? { tokens.text(at: index + offset) }
    let token = tokens[index]
    let previous = text(-1)
    if token.text == "init", previous != ".", atMemberDepth, let type, text(1) == "(" || text(2) == "(" {
      explicitInits.insert(type)
      return
    }
    if token.text == "self", previous != ".", let type, text(1) == ".", let member = text(2),
      text(3) == "=", text(4) == member, text(5) != "=",
      index + 4 < tokens.count, tokens[index + 2].kind == .identifier
    {
      let endsThere =
        index + 5 >= tokens.count || tokens[index + 5].line > tokens[index + 4].line
        || [";", "}"].contains(tokens[index + 5].text)
      if endsThere {
        selfAssigned[type, default: []].insert(member)
      }
      return
    }
    // `name: Type` (a property, parameter or local of that type), `let name = Type(`.
    guard previous != ".", index + 2 < tokens.count else { return }
    let next = tokens[index + 1]
    if next.text == ":", text(2) == "[", index + 4 < tokens.count, tokens[index + 3].kind == .identifier,
      text(4) == "]"
    {
      arrays[token.text, default: []].insert(tokens[index + 3].text)
      return
    }
    if next.text == "=", previous == "let" || previous == "var", tokens[index + 2].kind == .identifier,
      text(3) == "["
    {
      elements[token.text, default: []].insert(tokens[index + 2].text)
      return
    }
    let typeToken = tokens[index + 2]
    // `guard let model = value as? Model`
    if next.text == "=", previous == "let" || previous == "var", index + 6 < tokens.count,
      typeToken.kind == .identifier, text(3) == "as", ["?", "!"].contains(text(4)),
      tokens[index + 5].kind == .identifier, tokens[index + 5].text.first?.isUppercase == true,
      text(6) != "."
    {
      annotations[token.text, default: []].insert(tokens[index + 5].text)
      return
    }
    guard typeToken.kind == .identifier, typeToken.text.first?.isUppercase == true else { return }
    let after = text(3)
    // `Any` and `AnyObject` say nothing of which type: a member is read after a cast.
    if next.text == ":", next.kind == .punctuation, after != ".", after != "(", after != "<",
      typeToken.text != "Any", typeToken.text != "AnyObject"
    {
      annotations[token.text, default: []].insert(typeToken.text)
      if atMemberDepth, previous == "let" || previous == "var" {
        memberAnnotations[token.text, default: []].insert(typeToken.text)
      }
    } else if next.text == "=", previous == "let" || previous == "var", after == "(" {
      annotations[token.text, default: []].insert(typeToken.text)
    }
  }

  /// The key of an argument given by `label` to `callee`: `Type.label` for a capitalised
  /// callee (a type's initialiser), `name(label:)` for a function.
  static func key(_ callee: String, _ label: String) -> String {
    callee.first?.isUppercase == true ? "\(callee).\(label)" : ParameterCarriers.key(callee, label)
  }

  /// Declares the type `name` with `keyword`.
  mutating func declareType(_ name: String, keyword: String) {
    let count = (types[name]?.count ?? 0) + 1
    types[name] = (count, keyword)
  }

  /// A plain literal at `index`, the file's use number `use`: kept when it is an argument
  /// given whole by label to an initialiser named by a capitalised type (`Card(imageName: "x")`)
  /// or to a function (`link(icon: "x")`, see ``ParameterCarriers``).
  mutating func literal(_ tokens: [SourceToken], _ index: Int, use: Int) {
    guard index >= 3, index + 1 < tokens.count, tokens[index - 1].text == ":",
      tokens[index - 2].kind == .identifier, ["(", ","].contains(tokens[index - 3].text),
      [")", ","].contains(tokens[index + 1].text),
      let callee = CodeScan.callee(tokens, labelAt: index - 2)
    else {
      return
    }
    labelled[Self.key(callee, tokens[index - 2].text), default: []].append(use)
  }
}

extension TypedCarriers {
  /// What every file says of the types: merged before any taker is judged.
  struct Merged {
    var types: [String: (count: Int, keyword: String)] = [:]
    var storedStrings: [String: Set<String>] = [:]
    var computedStrings: [String: Set<String>] = [:]
    var memberAnnotations: [String: Set<String>] = [:]
    var explicitInits: Set<String> = []
    var selfAssigned: [String: Set<String>] = [:]

    mutating func add(_ file: TypedCarriers) {
      types.merge(file.types) { ($0.count + $1.count, $1.keyword) }
      storedStrings.merge(file.storedStrings) { $0.union($1) }
      computedStrings.merge(file.computedStrings) { $0.union($1) }
      memberAnnotations.merge(file.memberAnnotations) { $0.union($1) }
      explicitInits.formUnion(file.explicitInits)
      selfAssigned.merge(file.selfAssigned) { $0.union($1) }
    }

    /// `Type.member` when a taker in `file` reads `member` through `receiver`, under the
    /// rules of ``TypedCarriers``.
    func carrier(receiver: String, member: String, in file: TypedCarriers) -> String? {
      // `.b` (in `a.b.icon`) is a member: when the file declares no `b`, its type is the one
      // every member `b` under the root is declared as.
      let isMember = receiver.hasPrefix(".")
      let receiver = isMember ? String(receiver.dropFirst()) : receiver
      var declared = file.annotations[receiver] ?? []
      for array in file.elements[receiver] ?? [] {
        // An array declared as two element types, or as none in the file, tells nothing.
        guard let types = file.arrays[array], types.count == 1 else { return nil }
        declared.formUnion(types)
      }
      if isMember, declared.isEmpty, file.elements[receiver] == nil {
        declared = memberAnnotations[receiver] ?? []
      }
      guard declared.count == 1, let type = declared.first, let kind = types[type], kind.count == 1 else {
        return nil
      }
      // A computed property or function returns its results whoever made the value.
      if computedStrings[type]?.contains(member) == true, storedStrings[type]?.contains(member) != true {
        return "\(type).\(member)"
      }
      guard storedStrings[type]?.contains(member) == true else { return nil }
      let memberwise = kind.keyword == "struct" && !explicitInits.contains(type)
      guard memberwise || selfAssigned[type]?.contains(member) == true else { return nil }
      return "\(type).\(member)"
    }
  }
}
