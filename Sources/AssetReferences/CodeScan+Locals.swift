/// Names a function's local carries to an image initialiser in the same block:
///
/// ```swift
/// let icon: String
/// switch status { case .closed: icon = "issue-closed" … }
/// imageView.image = UIImage(named: icon)
/// ```
///
/// A local is a `let` or `var` declared below a type's members (in a function, a closure, a
/// computed property). Its values are the literals given to it whole: its initial value, or
/// an assignment's (`icon = "x"`, either branch of `?:`), or a result of a `switch` or `if`
/// expression given to it (`let icon = switch kind { case .a: "x" default: "y" }`, Swift
/// 5.9's SE-0380: each branch is one expression, its value). It carries them when, before its
/// block closes, an image initialiser takes the bare name whole (`UIImage(named: icon)`), and
/// it carries nothing when it is also given to `systemName:` or `systemImage:`, appended to
/// (`+=`, `.append`) or passed `inout` (`&icon`), whose value is then no longer one of them.
struct LocalCarriers: Sendable {
  /// One local, from its declaration to the end of its block.
  private struct Local: Sendable {
    var depth: Int
    var values: [Int] = []
    var taken: (path: String, line: Int)? = nil
    var changed = false
    /// The member chain's end it was given whole (`let name = row.iconName`).
    var source: (receiver: String, member: String)? = nil
    /// The `Type.label` arguments it is given to whole (`Row(iconName: name)`).
    var handedTo: [String] = []
  }

  /// The literal uses (indices into the file's uses) carried to an image, with the local
  /// and the initialiser's place.
  var carried: [(use: Int, local: String, path: String, line: Int)] = []
  /// Member chains an image initialiser takes through a local given them whole
  /// (`if let name = row.iconName { UIImage(named: name) }`), as ``TypedCarriers`` takers.
  var sourcedTakers: [(receiver: String, member: String, path: String, line: Int)] = []
  /// The literal uses a local hands whole, by label, to a type's initialiser (`Type.label`)
  /// or a function (`name(label:)`).
  var handed: [(use: Int, carrier: String)] = []
  private var locals: [String: Local] = [:]
  /// The local an assignment on this line gives a value to.
  private var assigning: (name: String, line: Int)? = nil
  /// A `switch` or `if` expression given to a local: the local, the brace depth the
  /// expression stands at, and whether its branches' braces are open (a result stands one
  /// deeper), or closed with an `else` still possible.
  private var expression: (name: String, depth: Int, state: ExpressionState)? = nil

  private enum ExpressionState: Sendable {
    /// Between `switch`/`if`/`else` and the `{` of a body.
    case head
    /// Inside a body.
    case body
    /// After a body's `}`: `else` continues the expression; anything else ends it.
    case after
  }

  /// Reads an identifier at `index`, at brace depth `depth`, where members are declared at
  /// `memberDepth`.
  mutating func identifier(_ tokens: [SourceToken], _ index: Int, depth: Int, memberDepth: Int, path: String)
  {
    let token = tokens[index]
    if let current = assigning, current.line != token.line { assigning = nil }
    func text(_ offset: Int) -> String? { tokens.text(at: index + offset) }
    let previous = text(-1)
    if let current = expression, current.state != .body, depth == current.depth {
      if token.text == "else" {
        expression?.state = .head
        return
      }
      if current.state == .after { expression = nil }
    }
    if token.text == "switch" || token.text == "if", previous == "=", let current = assigning,
      current.line == token.line
    {
      expression = (current.name, depth, .head)
      assigning = nil
      return
    }
    if previous == "let" || previous == "var" {
      guard depth > memberDepth, tokens[index - 1].kind == .identifier else { return }
      end(token.text)
      locals[token.text] = Local(depth: depth)
      // `let name = row.iconName` (also `if let`, `guard let`), ending its expression.
      if text(1) == "=", index + 4 < tokens.count, tokens[index + 2].kind == .identifier, text(3) == ".",
        tokens[index + 4].kind == .identifier,
        index + 5 >= tokens.count || tokens[index + 5].line > token.line
          || ["{", ",", "else"].contains(tokens[index + 5].text)
      {
        locals[token.text]?.source = (tokens[index + 2].text, tokens[index + 4].text)
      }
      if text(1) == "=" || (text(1) == ":" && text(2) == "String" && (text(3) == "=" || text(4) == "=")) {
        assigning = (token.text, token.line)
      }
      return
    }
    guard previous != ".", locals[token.text] != nil else { return }
    switch text(1) {
    case "=" where text(2) != "=":
      assigning = (token.text, token.line)
    case "+" where text(2) == "=":
      locals[token.text]?.changed = true
    case "." where text(2) == "append":
      locals[token.text]?.changed = true
    case ")", ",":
      if previous == "&" {
        locals[token.text]?.changed = true
      } else if CodeScan.isStrictString(tokens, index) {
        if locals[token.text]?.taken == nil { locals[token.text]?.taken = (path, token.line) }
      } else if previous == ":", let label = text(-2), label == "systemName" || label == "systemImage" {
        locals[token.text]?.changed = true
      } else if previous == ":", index >= 3, tokens[index - 2].kind == .identifier,
        ["(", ","].contains(tokens[index - 3].text),
        let callee = CodeScan.callee(tokens, labelAt: index - 2)
      {
        locals[token.text]?.handedTo.append(TypedCarriers.key(callee, tokens[index - 2].text))
      }
    default:
      if previous == "&" { locals[token.text]?.changed = true }
    }
  }

  /// A plain literal at `index`, the file's use number `use`: a value when an assignment on
  /// its line gives it whole.
  mutating func literal(_ tokens: [SourceToken], _ index: Int, use: Int, depth: Int) {
    if let current = expression, current.state == .body, depth == current.depth + 1,
      CarrierScan.isResult(tokens, index), CarrierScan.standsWhole(tokens, index)
    {
      locals[current.name]?.values.append(use)
      return
    }
    guard let current = assigning, tokens[index].line == current.line, index >= 1 else { return }
    let previous = tokens[index - 1].text
    guard previous == "=" || CarrierScan.isResult(tokens, index), CarrierScan.standsWhole(tokens, index)
    else {
      return
    }
    locals[current.name]?.values.append(use)
  }

  /// A `{`, after the brace depth was raised to `depth`: a body of the expression opens.
  mutating func opened(depth: Int) {
    if let current = expression, current.state == .head, depth == current.depth + 1 {
      expression?.state = .body
    }
  }

  /// A `}`, before the brace depth is lowered from `depth`: its block's locals end.
  mutating func closed(depth: Int) {
    if let current = expression {
      if depth == current.depth + 1, current.state == .body {
        expression?.state = .after
      } else if depth <= current.depth {
        expression = nil
      }
    }
    for (name, local) in locals where local.depth == depth { end(name) }
  }

  /// The end of the file: every local left ends.
  mutating func finish() {
    for name in Array(locals.keys) { end(name) }
  }

  /// Ends `name`'s local, keeping its values when an image took it unchanged.
  private mutating func end(_ name: String) {
    guard let local = locals.removeValue(forKey: name), !local.changed else { return }
    for carrier in local.handedTo {
      for use in local.values { handed.append((use, carrier)) }
    }
    guard let place = local.taken else { return }
    if let source = local.source {
      sourcedTakers.append((source.receiver, source.member, place.path, place.line))
    }
    for use in local.values { carried.append((use, name, place.path, place.line)) }
  }
}
