/// Image names that are an enum's raw value: `UIImage(named: icon.rawValue)`, or a computed
/// property that returns `placeholder.rawValue` to the image initialiser that takes it.
///
/// A `String` enum's raw value is either a literal of its declaration (`case duckPlayer =
/// "DuckPlayerURLIcon"`, a use already) or its case's own name (`case grid`), which no literal
/// spells. So a lookup that takes the raw value of a value declared as a `String` enum of the
/// tree takes that enum's case names, and is traced. One that takes the raw value of any other
/// value — a type no file under the root declares as such an enum (a Swift package's or a
/// framework's), or a value the scan cannot type (a `case let` binding) — takes names that no
/// file under the root may spell: which names is not known
/// (``SourceReferences/Lookup/unknownRawValue``).
///
/// A bare receiver is typed by its nearest declaration in the function before it (a
/// parameter's or typed local's `name: Type`; `let name` without a type, a `case let`
/// binding or a closure's parameter is not typed). A member, or a name declared nowhere
/// nearby, is typed by name: every `name: Type` declaration of it under the root must be a
/// `String` enum of the tree.
struct RawValueScan: Sendable {
  /// A value whose raw value is read (`icon` of `icon.rawValue`), and where.
  struct Receiver: Sendable, Hashable {
    var name: String
    var path: String
    var line: Int
    /// What the nearest declaration of a bare name before it says (``LocalType``).
    var local: LocalType = .member
  }

  /// What declares a receiver where it is read.
  enum LocalType: Sendable, Hashable {
    /// `name: Type` in the function or body: a parameter or a typed local.
    case annotated(String)
    /// `let name` (`if let`, `case let`, `case .x(let name)`) or a closure's `name in`: a
    /// type the scan does not know.
    case untyped
    /// A member (`a.name`), or a bare name declared nowhere before it nearby: typed by the
    /// tree's declarations of that name.
    case member
  }

  /// `enum T: String` of the file: the raw values its cases take from their names.
  var stringEnums: [String: [String]] = [:]
  /// The types each name is declared with (`icon: OmniBarIcon`, `var style: TabsStyle`).
  var declaredTypes: [String: Set<String>] = [:]
  /// Computed `String` properties and functions that return `x.rawValue`: member → receivers.
  var returned: [String: [Receiver]] = [:]
  /// Every `x.rawValue` read, by `line:x` (what a lookup's argument is matched with).
  var read: [String: Receiver] = [:]

  /// How far back a `rawValue`'s enclosing member, or its receiver's declaration, is looked
  /// for, in tokens.
  static let memberReach = 4000
  /// What may follow a type annotation's type (`icon: Icon)`, `var a: Icon = .x`,
  /// `let b: Icon?`); a `.` or `(` after it makes `label: Type.member` an argument instead.
  static let annotationEnds: Set<String> = [")", ",", "=", "{", "?", "!", "<", "}", ";"]

  /// Reads a Swift file's tokens.
  static func read(_ tokens: [SourceToken], path: String) -> RawValueScan {
    var scan = RawValueScan()
    for index in tokens.indices where tokens[index].kind == .identifier {
      let text = tokens[index].text
      if text == "enum", tokens.text(at: index + 2) == ":", tokens.text(at: index + 3) == "String",
        index + 1 < tokens.count, tokens[index + 1].kind == .identifier,
        let open = tokens[index...].firstIndex(where: { $0.kind == .punctuation && $0.text == "{" })
      {
        scan.stringEnums[tokens[index + 1].text, default: []] += ImageLookups.implicitCaseNames(
          tokens, open: open)
        continue
      }
      if text == "rawValue", index >= 2, tokens[index - 1].text == ".", tokens[index - 1].kind == .punctuation
      {
        scan.returnedRawValue(tokens, index, path: path)
        continue
      }
      scan.typeAnnotation(tokens, index)
    }
    return scan
  }

  /// `name: Type` where a declaration gives a name its type.
  private mutating func typeAnnotation(_ tokens: [SourceToken], _ index: Int) {
    guard tokens.text(at: index + 1) == ":", index + 2 < tokens.count, tokens[index + 2].kind == .identifier,
      let first = tokens[index + 2].text.unicodeScalars.first, first.properties.isUppercase,
      Self.annotationEnds.contains(tokens.text(at: index + 3) ?? ";"), index >= 1
    else { return }
    // A declaration: `let`/`var name:`, or a parameter (`(name:`, `, name:`, `label name:`).
    let previous = tokens[index - 1]
    let declares =
      ["let", "var"].contains(previous.text)
      || (previous.kind == .punctuation && ["(", ","].contains(previous.text))
      || (previous.kind == .identifier && index >= 2 && ["(", ","].contains(tokens[index - 2].text))
    guard declares else { return }
    declaredTypes[tokens[index].text, default: []].insert(tokens[index + 2].text)
  }

  /// `return x.rawValue` (or `{ x.rawValue }` alone) in a computed `String` property's or
  /// function's body: that member returns `x`'s raw value.
  private mutating func returnedRawValue(_ tokens: [SourceToken], _ index: Int, path: String) {
    var start = index - 2
    while start >= 0, ["?", "!"].contains(tokens[start].text) { start -= 1 }
    guard start >= 0, tokens[start].kind == .identifier, tokens[start].text != "self" else { return }
    let isMember = start >= 1 && tokens[start - 1].text == "."
    let receiver = Receiver(
      name: tokens[start].text, path: path, line: tokens[index].line,
      local: isMember ? .member : Self.localType(of: tokens[start].text, tokens, before: start))
    read["\(receiver.line):\(receiver.name)"] = receiver
    while start >= 2, tokens[start - 1].text == ".", tokens[start - 2].kind == .identifier { start -= 2 }
    guard start >= 1 else { return }
    let before = tokens[start - 1].text
    let alone = before == "{" && tokens.text(at: index + 1) == "}"
    guard before == "return" || alone, let member = Self.enclosingStringMember(tokens, before: start) else {
      return
    }
    returned[member, default: []].append(receiver)
  }

  /// The nearest declaration of `name` before `index`, back to the `func` or `init` it is in.
  static func localType(of name: String, _ tokens: [SourceToken], before index: Int) -> LocalType {
    var position = index - 1
    while position >= 1, index - position < memberReach {
      let token = tokens[position]
      if token.kind == .identifier, token.text == name {
        let previous = tokens[position - 1].text
        if tokens.text(at: position + 1) == ":", let type = tokens.text(at: position + 2),
          let first = type.unicodeScalars.first, first.properties.isUppercase,
          ["let", "var", "(", ","].contains(previous) || tokens[position - 1].kind == .identifier
        {
          return .annotated(type)
        }
        if previous == "let" || previous == "var" || tokens.text(at: position + 1) == "in" { return .untyped }
      }
      if token.kind == .identifier, ["func", "init"].contains(token.text) { return .member }
      position -= 1
    }
    return .member
  }

  /// The computed property or function whose body holds `index`, when it is declared
  /// `String` or `String?` (`var image: String? {`, `func icon() -> String {`).
  static func enclosingStringMember(_ tokens: [SourceToken], before index: Int) -> String? {
    var member: String? = nil
    tokens.forEachEnclosingHead(before: index, reach: memberReach, headLength: 40) { head, opening in
      for position in head.reversed() {
        let word = tokens[position].text
        if CarrierScan.typeKeywords.contains(word) { return true }
        if ["var", "func"].contains(word), position + 1 < opening {
          let declared = tokens[(position + 1)..<opening].map(\.text)
          member = declared.contains("String") ? tokens[position + 1].text : nil
          return true
        }
      }
      return false
    }
    return member
  }
}

extension SourceReferences {
  /// Follows the lookups that take a raw value (``RawValueScan``): an untraced one whose
  /// receiver is declared only as `String` enums of the tree takes their case names (uses at
  /// its line) and is traced; any lookup that may take another raw value gets
  /// ``Lookup/unknownRawValue``.
  mutating func resolveRawValues(_ files: [FileScan]) {
    var enums: [String: [String]] = [:]
    var types: [String: Set<String>] = [:]
    var returned: [String: [RawValueScan.Receiver]] = [:]
    for file in files {
      enums.merge(file.rawValues.stringEnums, uniquingKeysWith: +)
      types.merge(file.rawValues.declaredTypes) { $0.union($1) }
      returned.merge(file.rawValues.returned, uniquingKeysWith: +)
    }
    var read: [String: RawValueScan.Receiver] = [:]
    for file in files {
      for (key, receiver) in file.rawValues.read { read["\(file.path):\(key)"] = receiver }
    }
    /// The types a receiver may have; empty when nothing declares it.
    func typesOf(_ receiver: RawValueScan.Receiver) -> Set<String> {
      switch receiver.local {
      case .annotated(let type): [type]
      case .untyped: []
      case .member: types[receiver.name] ?? []
      }
    }
    // A traced lookup is followed too: a carrier matched by name may be one of several
    // members of that name, one of which returns a raw value.
    for index in lookups.indices {
      let lookup = lookups[index]
      var receivers: [RawValueScan.Receiver] = []
      let chain = lookup.argument.split(separator: ".").map { $0.filter { $0 != "?" && $0 != "!" } }
      if chain.count >= 2, chain.last == "rawValue", chain[chain.count - 2] != "self" {
        let name = chain[chain.count - 2]
        receivers = [
          read["\(lookup.path):\(lookup.line):\(name)"]
            ?? RawValueScan.Receiver(name: name, path: lookup.path, line: lookup.line)
        ]
      } else if let name = lookup.name, let carried = returned[name] {
        receivers = carried
      }
      guard !receivers.isEmpty else { continue }
      let unknown = receivers.first { receiver in
        let declared = typesOf(receiver)
        return declared.isEmpty || declared.contains { enums[$0] == nil }
      }
      if let unknown {
        let declared = typesOf(unknown).sorted()
        lookups[index].unknownRawValue =
          "`\(unknown.name).rawValue` at \(unknown.path):\(unknown.line), "
          + (declared.isEmpty
            ? "whose type no declaration read gives (a `case let` binding or an inferred local)"
            : "`\(unknown.name)` being declared as \(declared.joined(separator: " or ")), no String enum of the files read")
        continue
      }
      if lookups[index].isTraced { continue }
      lookups[index].isTraced = true
      let names = Set(receivers.flatMap { typesOf($0).flatMap { enums[$0] ?? [] } })
      for name in names.sorted() {
        uses.append(Use(name: name, kind: .literal, path: lookup.path, line: lookup.line, isStrict: false))
      }
    }
  }
}
