import IconGridSupport

/// What the JavaScript and TypeScript code of React Native projects names: the images it
/// `require`s or `import`s (which Metro bundles), requires of paths built at run time, the
/// image paths of Expo's `app.json`, and every other plain string (a native resource name in
/// `{uri: 'ic_launcher'}`).
///
/// ```swift
/// let references = JavaScriptReferences.scan(root: "MyApp")
/// for use in references.requires { print(use.path, use.line, use.specifier) }
/// ```
public struct JavaScriptReferences: Sendable {
  /// One module path a source hands Metro.
  public struct Require: Sendable, Hashable {
    /// The path as written (`./images/logo.png`), constant pieces joined.
    public var specifier: String
    /// The file, relative to the root.
    public var path: String
    /// The 1-based line.
    public var line: Int
  }

  /// The extensions read as code.
  public static let codeExtensions: Set<String> = ["js", "jsx", "ts", "tsx", "mjs", "cjs"]
  /// The image extensions of Metro's default `assetExts` (metro-config): `svg` is one, so a
  /// required SVG is an asset unless react-native-svg-transformer makes it source; either
  /// way the file must exist.
  public static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "bmp", "psd", "svg"]
  /// Folders of libraries and build output, not the app's code.
  public static let skippedFolders: Set<String> = ["dist", "web-build", "coverage"]
  /// A file with more bytes per line than this is minified (bundler output or a vendored
  /// library): not the app's code, and one line that a misread `/` or `<` could hide whole.
  static let minifiedLineLength = 400
  /// The longest quoted piece of a minified file kept as a string, in bytes
  /// (``quotedStrings``).
  public static let quotedStringLimit = 256

  /// The root as given.
  public var root: String
  /// Image paths given to `require(…)`, `import … from` or `import(…)` as constants, in file
  /// then line order.
  public var requires: [Require] = []
  /// Image paths given to `require(…)` or `import(…)` built at run time
  /// (`'./flags/' + code + '.png'`).
  public var dynamicRequires: [SourceReferences.Pattern] = []
  /// Image paths in Expo's `app.json` or `app.config.*` (`"icon": "./assets/icon.png"`),
  /// relative to that file's folder; ``Require/path`` is the config file.
  public var configPaths: [Require] = []
  /// Every other plain string of the code (at most 512 bytes, one line).
  public var strings: Set<String> = []
  /// The folders (relative to the root) whose `package.json` depends on react-native, sorted.
  public var projects: [String] = []
  /// The module path aliases of those projects' tsconfig, jsconfig and Babel configuration.
  public var aliases: [JavaScriptAlias] = []
  /// How many JavaScript and TypeScript files were read.
  public var codeFiles = 0
  /// Files that were not read (`minified`, `unreadable or larger than 64 MiB`): while any is
  /// here, no image it could name may be called unused (a Metro asset, or a catalog set when
  /// the file is React Native code or an app bundles it).
  public var unreadable: [SourceReferences.Skipped] = []
  /// For each minified file of ``unreadable`` (by path): the text between each quote and the
  /// next like quote on its line (``QuotedStrings``). Its `require`s are not read, but no
  /// string it holds is missed, so such a file that can only name a catalog set by a string
  /// (a script an app injects into its web views) need not stop the verdict.
  public var quotedStrings: [String: Set<String>] = [:]

  /// Creates an empty result for `root`.
  ///
  /// - Parameter root: the root as given.
  public init(root: String) {
    self.root = root
  }

  /// Whether a module path names an image Metro bundles as an asset.
  ///
  /// - Parameter specifier: a module path such as `./logo.png`.
  /// - Returns: `true` for the extensions of ``imageExtensions`` (any case).
  public static func isImage(_ specifier: String) -> Bool {
    // Not `Paths.fileExtension`: a piece of a built path (`'.png'`) is all extension.
    guard let dot = specifier.lastIndex(of: ".") else { return false }
    return imageExtensions.contains(specifier[specifier.index(after: dot)...].lowercased())
  }

  /// Reads every JavaScript and TypeScript file, every `app.json` and every `package.json`
  /// under `root`, outside `node_modules`, `Pods`, build output and ``skippedFolders``.
  ///
  /// - Parameter root: the folder to read.
  /// - Returns: the references found.
  /// - Complexity: O(bytes of the files read).
  public static func scan(root: String) -> JavaScriptReferences {
    scan(SourceFiles(root: root))
  }

  /// Reads the JavaScript, TypeScript, `app.json` and `package.json` files of a listing, as
  /// ``scan(root:)`` does.
  ///
  /// - Parameter listing: the files of the root, listed once for every scan.
  /// - Returns: the references found.
  public static func scan(_ listing: SourceFiles) -> JavaScriptReferences {
    let root = listing.root
    let files = listing.files { path, fileExtension in
      // The name first: most files of a tree are not JavaScript, and splitting every path
      // into its folders costs more.
      let name = Paths.lastComponent(of: path)
      guard codeExtensions.contains(fileExtension) || name == "app.json" || name == "package.json" else {
        return false
      }
      return !path.split(separator: "/").contains(where: { skippedFolders.contains(String($0)) })
    }
    var result = JavaScriptReferences(root: root)
    let scanned = Parallel.map(files) { path in JavaScriptFileScan.read(path, root: root) }
    for file in scanned {
      if file.isReactNativeManifest { result.projects.append(Paths.parent(of: file.path)) }
      if let reason = file.skipped {
        result.unreadable.append(SourceReferences.Skipped(path: file.path, reason: reason))
        if let quoted = file.quotedStrings { result.quotedStrings[file.path] = quoted }
        continue
      }
      if file.isCode { result.codeFiles += 1 }
      result.requires += file.requires
      result.dynamicRequires += file.dynamicRequires
      result.configPaths += file.configPaths
      result.strings.formUnion(file.strings)
    }
    result.projects.sort()
    result.aliases = result.projects.flatMap { JavaScriptAlias.read(project: $0, root: root) }
    return result
  }
}

/// What one JavaScript, TypeScript, `app.json` or `package.json` file gave.
struct JavaScriptFileScan: Sendable {
  var path: String
  var isCode = false
  var isReactNativeManifest = false
  var skipped: String?
  var requires: [JavaScriptReferences.Require] = []
  var dynamicRequires: [SourceReferences.Pattern] = []
  var configPaths: [JavaScriptReferences.Require] = []
  var strings: Set<String> = []
  /// A minified file's quoted strings (``QuotedStrings``).
  var quotedStrings: Set<String>?

  static func read(_ path: String, root: String) -> JavaScriptFileScan {
    var scan = JavaScriptFileScan(path: path)
    let name = Paths.lastComponent(of: path)
    guard let bytes = SourceWalk.read(path, root: root) else {
      scan.skipped = "unreadable or larger than 64 MiB"
      return scan
    }
    if name == "package.json" {
      let text = String(decoding: bytes, as: UTF8.self)
      scan.isReactNativeManifest = text.contains("\"react-native\"")
      return scan
    }
    let lines = bytes.count { $0 == UInt8(ascii: "\n") } + 1
    if name.hasSuffix(".min.js") || bytes.count / lines > JavaScriptReferences.minifiedLineLength {
      scan.skipped = "minified (\(bytes.count / lines) bytes per line)"
      scan.quotedStrings = QuotedStrings.read(bytes)
      return scan
    }
    // JSX is in `.js`, `.jsx` and `.tsx`; in `.ts` a `<` after `=` is a type assertion.
    let tokens = TemplateLexer.tokens(
      bytes, .javascript, jsx: !name.hasSuffix("ts") && !name.hasSuffix(".json"))
    if name == "app.json" || name.hasPrefix("app.config.") {
      for token in tokens
      where token.kind == .string && !token.isPattern && JavaScriptReferences.isImage(token.text) {
        scan.configPaths.append(.init(specifier: token.text, path: path, line: token.line))
      }
      if name == "app.json" { return scan }
    }
    scan.isCode = true
    scan.code(tokens)
    return scan
  }

  /// Finds `require(…)`, `import(…)`, `import '…'` and `from '…'`, and keeps other strings.
  mutating func code(_ tokens: [SourceToken]) {
    var consumed: Set<Int> = []
    for (index, token) in tokens.enumerated() {
      switch token.kind {
      case .identifier:
        // The next token of the same code: a template literal's `${…}` is code of its own.
        let next =
          index + 1 < tokens.count && tokens[index + 1].templateDepth == token.templateDepth
          ? tokens[index + 1] : nil
        if (token.text == "require" || token.text == "import") && next?.text == "("
          && next?.kind == .punctuation
        {
          consumed.formUnion(call(tokens, open: index + 1))
        } else if token.text == "from" || token.text == "import", let next, next.kind == .string,
          !next.isPattern
        {
          consumed.insert(index + 1)
          if JavaScriptReferences.isImage(next.text) {
            requires.append(.init(specifier: next.text, path: path, line: next.line))
          }
        }
      case .string:
        guard !consumed.contains(index), !token.isPattern, !token.text.isEmpty, token.text.utf8.count <= 512,
          !token.text.contains("\n")
        else { continue }
        strings.insert(token.text)
      case .punctuation:
        continue
      }
    }
  }

  /// Reads the argument of the call whose `(` is at `open`: one constant (strings joined by
  /// `+`, as Babel's `evaluate()` folds them) is a require; strings with anything else
  /// between them build the path at run time. Returns the indices of the strings read.
  ///
  /// The tokens of a template literal's `${…}` in the argument are not its own (the literal
  /// is one token of it); a call in a `${…}` ends with it.
  mutating func call(_ tokens: [SourceToken], open: Int) -> [Int] {
    var depth = 0
    var position = open
    var argument: [Int] = []
    let level = tokens[open].templateDepth
    var read = 0
    while position < tokens.count, read < 64 {
      let token = tokens[position]
      if token.templateDepth != level {
        if token.templateDepth < level { break }
        position += 1
        continue
      }
      read += 1
      if token.kind == .punctuation {
        if "([{".contains(token.text) { depth += 1 }
        if ")]}".contains(token.text) { depth -= 1 }
        if depth == 0 { break }
      }
      if position > open { argument.append(position) }
      position += 1
    }
    let strings = argument.filter { tokens[$0].kind == .string }
    guard let first = strings.first else { return [] }
    let constant =
      !argument.isEmpty
      && argument.enumerated().allSatisfy { offset, index in
        offset % 2 == 0
          ? tokens[index].kind == .string && !tokens[index].isPattern
          : tokens[index].kind == .punctuation && tokens[index].text == "+"
      } && argument.count % 2 == 1
    if constant {
      let specifier = strings.map { tokens[$0].text }.joined()
      if JavaScriptReferences.isImage(specifier) {
        requires.append(.init(specifier: specifier, path: path, line: tokens[first].line))
      }
      return strings
    }
    // The literal pieces in order; whatever stands between two of them is built at run time.
    var pieces: [String] = [""]
    var written: [String] = []
    for index in argument {
      let token = tokens[index]
      if token.kind == .string {
        if token.isPattern {
          pieces[pieces.count - 1] += token.pieces.first ?? ""
          pieces += token.pieces.dropFirst()
          written.append("`\(token.text)`")
        } else {
          pieces[pieces.count - 1] += token.text
          written.append("'\(token.text)'")
        }
      } else if token.kind == .punctuation && token.text == "+" {
        continue
      } else if pieces.last != "" || pieces.count == 1 {
        pieces.append("")
        written.append("…")
      }
    }
    guard JavaScriptReferences.isImage(pieces.last ?? "") || JavaScriptReferences.isImage(pieces.joined())
    else {
      return strings
    }
    dynamicRequires.append(
      .init(
        path: path, line: tokens[first].line, pattern: written.joined(separator: " + "), pieces: pieces,
        isStrict: true))
    return strings
  }
}
