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
/// an assignment's (`icon = "x"`, either branch of `?:`). It carries them when, before its
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
  }

  /// The literal uses (indices into the file's uses) carried to an image, with the local
  /// and the initialiser's place.
  var carried: [(use: Int, local: String, path: String, line: Int)] = []
  private var locals: [String: Local] = [:]
  /// The local an assignment on this line gives a value to.
  private var assigning: (name: String, line: Int)? = nil

  /// Reads an identifier at `index`, at brace depth `depth`, where members are declared at
  /// `memberDepth`.
  mutating func identifier(_ tokens: [SourceToken], _ index: Int, depth: Int, memberDepth: Int, path: String)
  {
    let token = tokens[index]
    if let current = assigning, current.line != token.line { assigning = nil }
    func text(_ offset: Int) -> String? {
      let position = index + offset
      return position >= 0 && position < tokens.count ? tokens[position].text : nil
    }
    let previous = text(-1)
    if previous == "let" || previous == "var" {
      guard depth > memberDepth, tokens[index - 1].kind == .identifier else { return }
      end(token.text)
      locals[token.text] = Local(depth: depth)
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
      }
    default:
      if previous == "&" { locals[token.text]?.changed = true }
    }
  }

  /// A plain literal at `index`, the file's use number `use`: a value when an assignment on
  /// its line gives it whole.
  mutating func literal(_ tokens: [SourceToken], _ index: Int, use: Int) {
    guard let current = assigning, tokens[index].line == current.line, index >= 1 else { return }
    let previous = tokens[index - 1].text
    guard previous == "=" || CarrierScan.isResult(tokens, index), CarrierScan.standsWhole(tokens, index)
    else {
      return
    }
    locals[current.name]?.values.append(use)
  }

  /// A `}`, before the brace depth is lowered from `depth`: its block's locals end.
  mutating func closed(depth: Int) {
    for (name, local) in locals where local.depth == depth { end(name) }
  }

  /// The end of the file: every local left ends.
  mutating func finish() {
    for name in Array(locals.keys) { end(name) }
  }

  /// Ends `name`'s local, keeping its values when an image took it unchanged.
  private mutating func end(_ name: String) {
    guard let local = locals.removeValue(forKey: name) else { return }
    guard let place = local.taken, !local.changed else { return }
    for use in local.values { carried.append((use, name, place.path, place.line)) }
  }
}
