/// The asset names of Swift and Objective-C code, read from its tokens.
///
/// A string is a *strict* use where only an asset can be meant: `UIImage(named:)`,
/// `NSImage(named:)`, `UIImage(imageLiteralResourceName:)`, `Image(_:)`, `Image(decorative:)`,
/// `Label(_:image:)`, `#imageLiteral(resourceName:)`, `NSImage.Name(_:)`,
/// `UIApplicationShortcutIcon(templateImageName:)` and Objective-C's `imageNamed:`; so is a
/// literal a property, constant, local or labelled stored property carries to one of them
/// (``CarrierScan``, ``LocalCarriers``, ``TypedCarriers``). Every other string marks what it
/// names as used.
/// `UIColor(named:)` and `Color(_:)` name colours, `systemName:` SF Symbols: neither is an
/// image asset. A symbol is a strict use in `Image(.x)`, `UIImage(resource: .x)`,
/// `NSImage(resource: .x)`, `Label(_:image: .x)` and `ImageResource.x`; every member
/// identifier (`.x`) is kept to match SwiftGen's and R.swift's accessors.
enum CodeScan {
  /// The callees whose first unlabelled string argument is an image name (`NSImage.Name`
  /// only after `NSImage.`: `Notification.Name("x")` is no image).
  static let unlabelledImageCallees: Set<String> = ["Image"]
  /// The callees whose `named:` argument is an image name.
  static let namedImageCallees: Set<String> = ["UIImage", "NSImage", "WKImage"]
  /// The initialisers that take a generated image symbol.
  static let symbolCallees: Set<String> = ["Image", "UIImage", "NSImage"]

  static func scan(_ text: [UInt8], swift: Bool, declarationsOnly: Bool, into scan: inout FileScan) {
    let tokens = SourceLexer.tokens(text)
    let carriers = swift && !declarationsOnly
    var braceDepth = 0
    var extensionOpening = false
    var resourceDepth: Int? = nil
    for (index, token) in tokens.enumerated() {
      func at(_ offset: Int) -> SourceToken? {
        let position = index + offset
        return position >= 0 && position < tokens.count ? tokens[position] : nil
      }
      switch token.kind {
      case .identifier:
        // `extension ImageResource { static let x = … }`: a member a symbol context can name
        // without an asset behind it.
        if swift, token.text == "ImageResource", at(-1)?.text == "extension" {
          extensionOpening = true
        }
        if swift, let depth = resourceDepth, depth <= braceDepth, let previous = at(-1),
          ["let", "var"].contains(previous.text), at(-2)?.text == "static"
        {
          scan.declared.insert(token.text)
        }
        guard !declarationsOnly else { continue }
        ImageLookups.identifier(tokens, index, swift: swift, into: &scan)
        if carriers { scan.carriers.identifier(tokens, index, depth: braceDepth, path: scan.path) }
        if swift, at(-1)?.text == ".", at(-1)?.kind == .punctuation {
          scan.members.insert(token.text)
          if let symbol = strictSymbol(tokens, index) {
            scan.uses.append(
              SourceReferences.Use(
                name: symbol, kind: .symbol, path: scan.path, line: token.line, isStrict: true))
          }
        }
      case .string:
        guard !declarationsOnly else { continue }
        let strict = isStrictString(tokens, index)
        if token.isPattern {
          // A constant local of literals in an interpolation builds only its values.
          let built = swift ? InterpolatedLocals.expansions(tokens, index) : nil
          for (pattern, pieces) in built ?? [(token.text, token.pieces)] {
            scan.patterns.append(
              SourceReferences.Pattern(
                path: scan.path, line: token.line, pattern: pattern, pieces: pieces, isStrict: strict))
          }
        } else if !token.text.isEmpty, token.text.utf8.count <= 256, !token.text.contains("\n") {
          // `name + "-circle"`: a piece of a name built at run time, not a whole name.
          let pieces = swift ? joinedPieces(tokens, index) : nil
          if let pieces {
            scan.patterns.append(
              SourceReferences.Pattern(
                path: scan.path, line: token.line, pattern: pieces.joined(separator: "\\(…)"),
                pieces: pieces, isStrict: strict))
          }
          scan.uses.append(
            SourceReferences.Use(
              name: LiteralName.normalised(unescaped(token.text)), kind: .literal, path: scan.path,
              line: token.line, isStrict: strict && pieces == nil))
          if carriers, !strict, pieces == nil {
            scan.carriers.literal(tokens, index, use: scan.uses.count - 1, depth: braceDepth)
          }
        }
      case .punctuation:
        if token.text == "{" {
          braceDepth += 1
          if carriers { scan.carriers.opened(at: index, depth: braceDepth) }
          if extensionOpening {
            resourceDepth = braceDepth
            extensionOpening = false
          }
        } else if token.text == "}" {
          if carriers { scan.carriers.closed(depth: braceDepth) }
          if resourceDepth == braceDepth { resourceDepth = nil }
          braceDepth -= 1
        }
      }
    }
    if carriers {
      scan.carriers.locals.finish()
      scan.rawValues = RawValueScan.read(tokens, path: scan.path)
    }
  }

  /// For a Swift literal joined by `+` (or `+=`) to an operand that is no literal
  /// (`name + "-circle"`, `"icon_" + name`), its pieces around the run-time part
  /// (`["", "-circle"]`, `["icon_", ""]`); `nil` for a literal that stands alone or is
  /// joined only to literals.
  static func joinedPieces(_ tokens: [SourceToken], _ index: Int) -> [String]? {
    func isPlus(_ position: Int) -> Bool {
      position >= 0 && position < tokens.count && tokens[position].kind == .punctuation
        && tokens[position].text == "+"
    }
    func isOperand(_ position: Int) -> Bool {
      guard position >= 0, position < tokens.count else { return false }
      let token = tokens[position]
      return token.kind == .identifier || (token.kind == .punctuation && [")", "]"].contains(token.text))
    }
    let text = unescaped(tokens[index].text)
    // `"icon_" + name`, `"icon_" + (…)`
    if isPlus(index + 1), index + 2 < tokens.count,
      tokens[index + 2].kind == .identifier || tokens[index + 2].text == "("
    {
      return [text, ""]
    }
    // `name + "-circle"`, `f() + "-circle"`, `name += "-circle"`
    if isPlus(index - 1), isOperand(index - 2) { return ["", text] }
    if index >= 3, tokens[index - 1].text == "=", tokens[index - 1].kind == .punctuation, isPlus(index - 2),
      isOperand(index - 3)
    {
      return ["", text]
    }
    return nil
  }

  /// A literal's text with its simple escapes resolved (`\"` → `"`).
  static func unescaped(_ text: String) -> String {
    guard text.contains("\\") else { return text }
    var out = ""
    var escaping = false
    for character in text {
      if escaping {
        switch character {
        case "n": out.append("\n")
        case "t": out.append("\t")
        default: out.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        out.append(character)
      }
    }
    return out
  }

  /// Whether the string at `index` is an image initialiser's name argument.
  static func isStrictString(_ tokens: [SourceToken], _ index: Int) -> Bool {
    guard index >= 2 else { return false }
    let previous = tokens[index - 1]
    let before = tokens[index - 2]
    if previous.text == "(" && previous.kind == .punctuation {
      // `Image("x")`, `NSImage.Name("x")`; `Image.init("x")` too.
      if before.kind == .identifier && unlabelledImageCallees.contains(before.text) { return true }
      if before.text == "Name", index >= 4, tokens[index - 3].text == ".",
        namedImageCallees.contains(tokens[index - 4].text)
      {
        return true
      }
      if before.text == "init", index >= 4, tokens[index - 3].text == ".",
        tokens[index - 4].text == "Image"
      {
        return true
      }
      return false
    }
    guard previous.text == ":" && previous.kind == .punctuation && before.kind == .identifier else {
      return false
    }
    switch before.text {
    case "imageNamed", "imageLiteralResourceName": return true
    case "named": return namedImageCallee(tokens, labelAt: index - 2)
    case "resourceName": return callee(tokens, labelAt: index - 2) == "#imageLiteral"
    case "decorative": return callee(tokens, labelAt: index - 2) == "Image"
    case "image": return callee(tokens, labelAt: index - 2) == "Label"
    // A Home Screen quick action's icon: a template image of the bundle or its catalog.
    case "templateImageName": return callee(tokens, labelAt: index - 2) == "UIApplicationShortcutIcon"
    default: return false
    }
  }

  /// Whether the call whose argument label sits at `labelAt` is `UIImage(named:)` or kin.
  private static func namedImageCallee(_ tokens: [SourceToken], labelAt: Int) -> Bool {
    guard let name = callee(tokens, labelAt: labelAt) else { return false }
    // A typealias of either (`RSImage`, `PlatformImage`) takes `named:` the same way.
    if namedImageCallees.contains(name) || (name.hasSuffix("Image") && name.first?.isUppercase == true) {
      return true
    }
    // `UIImage.init(named:)`
    if name == "init", let open = openingParenthesis(tokens, before: labelAt), open >= 3,
      tokens[open - 2].text == ".", namedImageCallees.contains(tokens[open - 3].text)
    {
      return true
    }
    return false
  }

  /// The name just before the `(` that opens the argument list holding the label at `labelAt`.
  static func callee(_ tokens: [SourceToken], labelAt: Int) -> String? {
    guard let open = openingParenthesis(tokens, before: labelAt), open >= 1 else { return nil }
    let name = tokens[open - 1]
    return name.kind == .identifier ? name.text : nil
  }

  /// The unmatched `(` before `position`, looking back at most a few dozen tokens.
  private static func openingParenthesis(_ tokens: [SourceToken], before position: Int) -> Int? {
    var depth = 0
    var index = position - 1
    while index >= 0 && position - index < 64 {
      let token = tokens[index]
      if token.kind == .punctuation {
        switch token.text {
        case ")", "]": depth += 1
        case "(", "[":
          if depth == 0 { return token.text == "(" ? index : nil }
          depth -= 1
        case "{", "}", ";": return nil
        default: break
        }
      }
      index -= 1
    }
    return nil
  }

  /// For a member identifier at `index` (after a `.`): the symbol it names when it is an
  /// image resource in a context that takes only one (`Image(.x)`, `ImageResource.x`), with
  /// any leading namespace members joined by `.` (`Image(.icons.arrow)` → `icons.arrow`).
  static func strictSymbol(_ tokens: [SourceToken], _ index: Int) -> String? {
    // The last member of the chain only.
    if index + 2 < tokens.count, tokens[index + 1].text == ".", tokens[index + 2].kind == .identifier {
      return nil
    }
    if index + 1 < tokens.count, tokens[index + 1].text == "(" { return nil }
    var chain = [tokens[index].text]
    var dot = index - 1
    while dot >= 2, tokens[dot - 1].kind == .identifier, tokens[dot - 2].text == "." {
      chain.insert(tokens[dot - 1].text, at: 0)
      dot -= 2
    }
    // `ImageResource.x` (and `ImageResource.icons.x`)
    if dot >= 1, tokens[dot - 1].kind == .identifier {
      if tokens[dot - 1].text == "ImageResource" { return chain.joined(separator: ".") }
      if chain.count > 1 || dot < 2 { return nil }
      return nil
    }
    guard dot >= 2 else { return nil }
    let previous = tokens[dot - 1]
    let next = index + 1 < tokens.count ? tokens[index + 1].text : ""
    guard next == ")" || next == "," else { return nil }
    if previous.text == "(", symbolCallees.contains(tokens[dot - 2].text) {
      return chain.joined(separator: ".")
    }
    if previous.text == ":", tokens[dot - 2].kind == .identifier {
      switch tokens[dot - 2].text {
      case "resource":
        if let name = callee(tokens, labelAt: dot - 2), symbolCallees.contains(name) {
          return chain.joined(separator: ".")
        }
      case "image":
        if callee(tokens, labelAt: dot - 2) == "Label" { return chain.joined(separator: ".") }
      default: break
      }
    }
    return nil
  }
}
