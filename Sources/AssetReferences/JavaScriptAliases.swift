import IconGridSupport

/// A module path prefix that a React Native project's configuration maps to a folder:
/// tsconfig's or jsconfig's `compilerOptions.paths` (which Expo's Metro and TypeScript read)
/// and babel-plugin-module-resolver's `alias` and `root` (which rewrite the path before
/// Metro sees it).
public struct JavaScriptAlias: Sendable, Hashable {
  /// The prefix a specifier starts with (`@assets/`); empty for a module-resolver `root`,
  /// which is tried for any path that is not relative.
  public var prefix: String
  /// The folder the rest of the path is looked up in, relative to the root.
  public var folder: String
  /// The configuration file, relative to the root.
  public var source: String

  /// Reads the aliases of the project in `project` (relative to `root`).
  ///
  /// - Parameters:
  ///   - project: the folder that holds the project's `package.json`.
  ///   - root: the tree's root.
  /// - Returns: the aliases of its `tsconfig.json`, `jsconfig.json`, `babel.config.js` and
  ///   `.babelrc`, in that order.
  static func read(project: String, root: String) -> [JavaScriptAlias] {
    var aliases: [JavaScriptAlias] = []
    for name in ["tsconfig.json", "jsconfig.json", "babel.config.js", ".babelrc", ".babelrc.js"] {
      let path = project.isEmpty ? name : project + "/" + name
      guard let bytes = SourceWalk.read(path, root: root) else { continue }
      // Configuration is the code around template literals, not the code in their `${…}`.
      let tokens = TemplateLexer.tokens(bytes, .javascript).filter { $0.templateDepth == 0 }
      aliases +=
        name.hasSuffix("config.json")
        ? paths(tokens, project: project, source: path)
        : moduleResolver(tokens, project: project, source: path)
    }
    return aliases
  }

  /// `"baseUrl": "."` and `"paths": {"@assets/*": ["./assets/*"]}`.
  static func paths(_ tokens: [SourceToken], project: String, source: String) -> [JavaScriptAlias] {
    var base = project
    for index in tokens.indices.dropLast(2)
    where tokens[index].kind == .string && tokens[index].text == "baseUrl"
      && tokens[index + 2].kind == .string
    {
      base = JavaScriptAlias.join(project, tokens[index + 2].text) ?? project
    }
    guard
      let start = tokens.indices.first(where: { tokens[$0].kind == .string && tokens[$0].text == "paths" })
    else { return [] }
    var aliases: [JavaScriptAlias] = []
    var key: String?
    var position = start + 1
    var depth = 0
    while position < tokens.count {
      let token = tokens[position]
      if token.kind == .punctuation {
        if "{[".contains(token.text) { depth += 1 }
        if "}]".contains(token.text) { depth -= 1 }
        if depth <= 0 && token.text == "}" { break }
      } else if token.kind == .string {
        if depth == 1 {
          key = token.text
        } else if depth == 2, let key, key.hasSuffix("/*"), token.text.hasSuffix("/*"),
          let folder = JavaScriptAlias.join(base, String(token.text.dropLast(2)))
        {
          aliases.append(.init(prefix: String(key.dropLast()), folder: folder, source: source))
        }
      }
      position += 1
    }
    return aliases
  }

  /// module-resolver's `root: ['./src']` and `alias: { assets: './src/assets' }`.
  static func moduleResolver(_ tokens: [SourceToken], project: String, source: String) -> [JavaScriptAlias] {
    var aliases: [JavaScriptAlias] = []
    for (index, token) in tokens.enumerated()
    where (token.text == "root" || token.text == "alias") && token.kind != .punctuation
      && index + 2 < tokens.count && tokens[index + 1].text == ":"
    {
      var position = index + 2
      if tokens[position].kind == .string {
        if token.text == "root", let folder = JavaScriptAlias.join(project, tokens[position].text) {
          aliases.append(.init(prefix: "", folder: folder, source: source))
        }
        continue
      }
      guard "[{".contains(tokens[position].text) else { continue }
      let close = tokens[position].text == "[" ? "]" : "}"
      position += 1
      var key: String?
      while position < tokens.count, tokens[position].text != close, position < index + 400 {
        let current = tokens[position]
        if token.text == "root", current.kind == .string,
          let folder = JavaScriptAlias.join(project, current.text)
        {
          aliases.append(.init(prefix: "", folder: folder, source: source))
        } else if token.text == "alias", current.kind != .punctuation,
          position + 1 < tokens.count, tokens[position + 1].text == ":"
        {
          key = current.text
        } else if token.text == "alias", current.kind == .string, let name = key,
          current.text.hasPrefix("."), let folder = JavaScriptAlias.join(project, current.text)
        {
          aliases.append(.init(prefix: name + "/", folder: folder, source: source))
          key = nil
        }
        position += 1
      }
    }
    return aliases
  }

  /// `./assets` in `app` → `app/assets`; `nil` when it leaves the root or is absolute.
  package static func join(_ folder: String, _ relative: String) -> String? {
    guard !relative.hasPrefix("/") else { return nil }
    var parts = folder.split(separator: "/").map(String.init)
    for part in relative.split(separator: "/") {
      switch part {
      case ".": continue
      case "..":
        guard !parts.isEmpty else { return nil }
        parts.removeLast()
      default: parts.append(String(part))
      }
    }
    return parts.joined(separator: "/")
  }
}
