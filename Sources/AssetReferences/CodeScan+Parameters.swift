/// Names a function's labelled `String` parameter carries from its call sites to an image
/// initialiser in its body:
///
/// ```swift
/// private func link(_ name: String, icon: String) -> some View { … Image(icon) … }
/// link("GitHub", icon: "github")
/// ```
///
/// A parameter is a constant in Swift, so every call's argument is its value. The flow
/// counts when the body gives the bare parameter whole to an image initialiser, nothing in
/// the body declares or binds the same name (`let icon`, `{ icon in`) or gives it to
/// `systemName:` or `systemImage:`, and the function's name is declared once under the root
/// (an overload, or two types' methods of that name, could take the call). The call's
/// literal must stand whole after the label (`link(icon: "github")`); an unlabelled
/// parameter (`_`) is matched by no label, so it carries nothing.
struct ParameterCarriers: Sendable {
  /// One function's labelled `String` parameters, from its declaration to its body's end.
  private struct Function: Sendable {
    var name: String
    var depth: Int
    /// Internal name → label.
    var parameters: [String: String]
    var bodyOpen = false
    var taken: [String: (path: String, line: Int)] = [:]
    var changed: Set<String> = []
  }

  /// The parameters an image initialiser takes whole: the function, its `name(label:)`
  /// key and the initialiser's place.
  var taken: [(function: String, key: String, path: String, line: Int)] = []
  private var function: Function? = nil

  /// The key of a call's labelled argument: `name(label:)`.
  static func key(_ function: String, _ label: String) -> String { "\(function)(\(label):)" }

  /// Reads an identifier at `index`, at brace depth `depth`.
  mutating func identifier(_ tokens: [SourceToken], _ index: Int, depth: Int, path: String) {
    func text(_ offset: Int) -> String? { tokens.text(at: index + offset) }
    let token = tokens[index]
    if token.text == "func", let current = function, current.bodyOpen {
      // A nested function may bind the same names: the outer one carries nothing.
      function?.changed = Set(current.parameters.keys)
      return
    }
    if token.text == "func", index + 2 < tokens.count, tokens[index + 1].kind == .identifier, text(2) == "(" {
      // A requirement without a body is replaced by the next declaration.
      let parameters = Self.parameters(tokens, open: index + 2)
      function =
        parameters.isEmpty
        ? nil : Function(name: tokens[index + 1].text, depth: depth, parameters: parameters)
      return
    }
    guard var current = function, current.bodyOpen, current.parameters[token.text] != nil, text(-1) != "."
    else {
      return
    }
    let name = token.text
    if ["let", "var", "func", "case"].contains(text(-1) ?? "") || text(1) == "in"
      || (text(1) == "=" && text(2) != "=")
    {
      current.changed.insert(name)
    } else if text(1) == ")" || text(1) == "," {
      if CodeScan.isStrictString(tokens, index) {
        if current.taken[name] == nil { current.taken[name] = (path, token.line) }
      } else if text(-1) == ":", let label = text(-2), label == "systemName" || label == "systemImage" {
        current.changed.insert(name)
      } else if text(-1) == "," || text(-1) == "(" {
        // `{ a, icon in`: a closure's parameter list binds the name.
        var position = index + 1
        while position < tokens.count, tokens[position].line == token.line, tokens[position].text != "in",
          tokens[position].text != "{", tokens[position].text != "}"
        {
          position += 1
        }
        if position < tokens.count, tokens[position].text == "in" { current.changed.insert(name) }
      }
    }
    function = current
  }

  /// A `{`, after the brace depth was raised to `depth`: the function's body opens.
  mutating func opened(depth: Int) {
    if let current = function, !current.bodyOpen, depth == current.depth + 1 { function?.bodyOpen = true }
  }

  /// A `}`, before the brace depth is lowered from `depth`: the function's body may end.
  mutating func closed(depth: Int) {
    guard let current = function, depth <= current.depth + 1 else { return }
    if current.bodyOpen {
      for (name, place) in current.taken where !current.changed.contains(name) {
        guard let label = current.parameters[name] else { continue }
        taken.append((current.name, Self.key(current.name, label), place.path, place.line))
      }
    }
    function = nil
  }

  /// The labelled `String` (or `String?`) parameters of the list opening at `open`:
  /// internal name → label.
  private static func parameters(_ tokens: [SourceToken], open: Int) -> [String: String] {
    var result: [String: String] = [:]
    var depth = 0
    var start = open + 1
    var position = open
    while position < tokens.count, position - open < 400 {
      let text = tokens[position].text
      if tokens[position].kind == .punctuation {
        if text == "(" || text == "[" || text == "<" {
          depth += 1
        } else if text == ")" || text == "]" || text == ">" {
          depth -= 1
        }
      }
      if depth == 0 || (depth == 1 && text == "," && tokens[position].kind == .punctuation) {
        let part = tokens[start..<position]
        start = position + 1
        let words = Array(part.prefix(4))
        if words.count >= 3, words[0].kind == .identifier {
          var label = words[0].text
          var internalName = words[0].text
          var colon = 1
          if words[1].kind == .identifier {
            internalName = words[1].text
            colon = 2
          }
          if colon < words.count, words[colon].text == ":", colon + 1 < words.count,
            words[colon + 1].text == "String", label != "_"
          {
            let after = part.index(part.startIndex, offsetBy: colon + 2)
            if after == part.endIndex || ["?", "="].contains(tokens[after].text) {
              if internalName == "_" { label = "_" }
              if label != "_" { result[internalName] = label }
            }
          }
        }
        if depth == 0 { break }
      }
      position += 1
    }
    return result
  }
}
