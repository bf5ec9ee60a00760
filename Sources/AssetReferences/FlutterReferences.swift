import IconGridSupport

/// What the Dart code of Flutter projects names among their assets: path literals, names
/// built at run time, flutter_gen members, and paths in the projects' YAML and JSON files.
///
/// ```swift
/// let references = FlutterReferences.scan(root: "MyApp")
/// for use in references.uses where use.isStrict { print(use.path, use.line, use.name) }
/// ```
public struct FlutterReferences: Sendable {
  /// One string a source holds.
  public struct Use: Sendable, Hashable {
    /// The string (`assets/images/logo.png`).
    public var name: String
    /// The file, relative to the root.
    public var path: String
    /// The 1-based line.
    public var line: Int
    /// Whether it is the asset argument of a loader (`Image.asset`, `AssetImage`,
    /// `SvgPicture.asset`, `rootBundle.load`…): such a path no asset provides fails at run time.
    public var isStrict: Bool
    /// The `package:` argument of the loader when it has one (`nil` when it has none; `""`
    /// when it is not a plain string): the path is then that package's.
    public var package: String?
  }

  /// The root as given.
  public var root: String
  /// Every plain string of Dart code (not of generated files), YAML values and JSON, in file
  /// then line order.
  public var uses: [Use] = []
  /// Names built at run time (`'assets/fly_$id.jpg'`, `'assets/' + name`).
  public var patterns: [SourceReferences.Pattern] = []
  /// flutter_gen's members (`foo` in `AssetGenImage get foo => …('assets/foo.png')`), with the
  /// paths they stand for.
  public var generatedMembers: [String: Set<String>] = [:]
  /// Member identifiers of hand-written Dart code (`foo` in `Assets.images.foo`).
  public var members: Set<String> = []
  /// The classes flutter_gen's files declare, with what each member stands for, in file order.
  public var generatedClasses: [GeneratedClass] = []
  /// The member chains of hand-written Dart code that start at a type name
  /// (`Assets.img.logo32.image`), where a generated class may be read.
  public var chains: [MemberChain] = []
  /// The folders (relative to the root) that hold a `pubspec.yaml`, sorted.
  public var projects: [String] = []
  /// How many hand-written Dart files were read.
  public var dartFiles = 0
  /// The generated Dart files (flutter_gen's `*.gen.dart`), read as declarations.
  public var generated: [String] = []
  /// Files that could not be read: while any is here, no asset may be called unused.
  public var unreadable: [SourceReferences.Skipped] = []

  /// A class of a flutter_gen file (`class $AssetsImgGen { … }`, `class Assets { … }`).
  public struct GeneratedClass: Sendable, Hashable {
    /// The class name.
    public var name: String
    /// The generated file, relative to the root.
    public var path: String
    /// Its members by name.
    public var members: [String: GeneratedMember]
  }

  /// What a member of a generated class stands for.
  public enum GeneratedMember: Sendable, Hashable {
    /// An asset path (`AssetGenImage get logo32 => const AssetGenImage('assets/img/logo-32.png')`,
    /// `static const String changelog = 'assets/CHANGELOG.md'`); `constructed` when an
    /// asset class wraps it rather than a bare `String`.
    case asset(String, constructed: Bool)
    /// An instance of another generated class (`static const $AssetsImgGen img = $AssetsImgGen()`).
    case nested(String)
  }

  /// Identifiers joined by `.` in hand-written Dart code, starting at a type name or an
  /// import prefix (`Assets.img.logo32.image`, `gen.Assets.img.logo32`).
  public struct MemberChain: Sendable, Hashable {
    /// The identifiers, in order.
    public var names: [String]
    /// The file, relative to the root.
    public var path: String
    /// The 1-based line of the first identifier.
    public var line: Int
  }

  /// Creates an empty result for `root`.
  ///
  /// - Parameter root: the root as given.
  public init(root: String) {
    self.root = root
  }

  /// The loaders whose first string argument is an asset path, by the identifiers before `(`.
  static let loaders: Set<[String]> = [
    ["Image", ".", "asset"], ["AssetImage"], ["ExactAssetImage"], ["SvgPicture", ".", "asset"],
    ["rootBundle", ".", "load"], ["rootBundle", ".", "loadString"],
    ["rootBundle", ".", "loadStructuredData"],
    ["rootBundle", ".", "loadBuffer"], ["Lottie", ".", "asset"], ["AssetLottie"], ["AssetBytesLoader"],
    ["SvgAssetLoader"], ["RiveAnimation", ".", "asset"], ["AssetSource"],
  ]

  /// Reads every Dart file, every YAML file and every JSON file under `root`.
  ///
  /// - Parameter root: the folder to read.
  /// - Returns: the references found.
  /// - Complexity: O(bytes of the files read).
  public static func scan(root: String) -> FlutterReferences {
    scan(SourceFiles(root: root))
  }

  /// Reads the Dart, YAML and JSON files of a listing, as ``scan(root:)`` does.
  ///
  /// - Parameter listing: the files of the root, listed once for every scan.
  /// - Returns: the references found.
  public static func scan(_ listing: SourceFiles) -> FlutterReferences {
    let root = listing.root
    let files = listing.files { path, fileExtension in
      ["dart", "yaml", "yml", "json"].contains(fileExtension)
    }
    var result = FlutterReferences(root: root)
    result.projects = files.filter { Paths.lastComponent(of: $0) == "pubspec.yaml" }.map(Paths.parent(of:))
    // Without a pubspec.yaml there is no Flutter project: no file is read.
    guard !result.projects.isEmpty else { return result }
    let scanned = Parallel.map(files) { path in FlutterFileScan.read(path, root: root) }
    for file in scanned {
      if let reason = file.skipped {
        // A JSON or YAML file that cannot be read hides no Dart code, but may name an asset.
        result.unreadable.append(SourceReferences.Skipped(path: file.path, reason: reason))
        continue
      }
      if file.isGenerated {
        result.generated.append(file.path)
      } else if file.isDart {
        result.dartFiles += 1
      }
      result.uses += file.uses
      result.patterns += file.patterns
      result.members.formUnion(file.members)
      result.generatedClasses += file.generatedClasses
      result.chains += file.chains
      for (member, paths) in file.generatedMembers {
        result.generatedMembers[member, default: []].formUnion(paths)
      }
    }
    return result
  }

  /// The project (a folder of ``projects``) that holds `path`: the deepest one containing it.
  ///
  /// - Parameter path: a file, relative to the root.
  /// - Returns: the project folder, or `nil` when none holds it.
  public func project(of path: String) -> String? {
    projects.filter { $0.isEmpty || path.hasPrefix($0 + "/") }.max { $0.count < $1.count }
  }
}

/// What one Dart, YAML or JSON file gave.
struct FlutterFileScan: Sendable {
  var path: String
  var isDart = false
  var isGenerated = false
  var skipped: String?
  var uses: [FlutterReferences.Use] = []
  var patterns: [SourceReferences.Pattern] = []
  var members: Set<String> = []
  var generatedMembers: [String: Set<String>] = [:]
  var generatedClasses: [FlutterReferences.GeneratedClass] = []
  var chains: [FlutterReferences.MemberChain] = []

  static func read(_ path: String, root: String) -> FlutterFileScan {
    var scan = FlutterFileScan(path: path)
    guard let bytes = SourceWalk.read(path, root: root) else {
      scan.skipped = "unreadable"
      return scan
    }
    switch Paths.fileExtension(of: path).lowercased() {
    case "dart":
      scan.isDart = true
      scan.isGenerated = path.hasSuffix(".gen.dart") || FlutterFileScan.namesFlutterGen(bytes.prefix(1024))
      let tokens = TemplateLexer.tokens(bytes, .dart)
      if scan.isGenerated {
        scan.generatedDeclarations(tokens)
        scan.generatedClasses(tokens)
      } else {
        scan.dart(tokens)
      }
    case "json":
      for token in TemplateLexer.tokens(bytes, .java) where token.kind == .string {
        scan.plain(token.text, line: token.line)
      }
    default:
      scan.yaml(String(decoding: bytes, as: UTF8.self))
    }
    return scan
  }

  /// Whether the head of a Dart file names FlutterGen, as `String.contains` says; the bytes
  /// are searched first, so the head of a file that does not is never decoded.
  static func namesFlutterGen(_ head: ArraySlice<UInt8>) -> Bool {
    TextBytes.occurs(Array("FlutterGen".utf8), in: head)
      && String(decoding: head, as: UTF8.self).contains("FlutterGen")
  }

  mutating func plain(_ text: String, line: Int) {
    guard !text.isEmpty, text.utf8.count <= 512, !TextBytes.hasLineFeed(text) else { return }
    uses.append(.init(name: FlutterFileScan.key(text), path: path, line: line, isStrict: false, package: nil))
  }

  /// `./assets/x.png` → `assets/x.png`: the key Flutter's bundle uses.
  static func key(_ text: String) -> String {
    text.hasPrefix("./") ? String(text.dropFirst(2)) : text
  }

  mutating func dart(_ tokens: [SourceToken]) {
    func at(_ index: Int) -> SourceToken? { index >= 0 && index < tokens.count ? tokens[index] : nil }
    for (index, token) in tokens.enumerated() {
      switch token.kind {
      case .identifier:
        let dotted = at(index - 1)?.text == "." && at(index - 1)?.kind == .punctuation
        if dotted {
          members.insert(token.text)
        } else if at(index + 1)?.text == ".", let chain = chain(tokens, from: index) {
          chains.append(chain)
        }
      case .string:
        let strict = at(index - 1)?.text == "(" && isLoader(tokens, before: index - 1)
        var package: String? = nil
        if strict { package = packageArgument(tokens, from: index) }
        if token.isPattern {
          patterns.append(
            .init(path: path, line: token.line, pattern: token.text, pieces: token.pieces, isStrict: strict))
          continue
        }
        let before = at(index - 1)?.text == "+" && at(index - 1)?.kind == .punctuation
        let after = at(index + 1)?.text == "+" && at(index + 1)?.kind == .punctuation
        if before || after {
          let pieces = (before ? [""] : []) + [token.text] + (after ? [""] : [])
          let written = (before ? "… + " : "") + "'\(token.text)'" + (after ? " + …" : "")
          patterns.append(
            .init(path: path, line: token.line, pattern: written, pieces: pieces, isStrict: strict))
          continue
        }
        guard !token.text.isEmpty, token.text.utf8.count <= 512, !TextBytes.hasLineFeed(token.text) else {
          continue
        }
        uses.append(
          .init(
            name: FlutterFileScan.key(token.text), path: path, line: token.line, isStrict: strict,
            package: package))
      case .punctuation:
        continue
      }
    }
  }

  /// The identifiers joined by `.` from `start` (at most eight), when the first or second
  /// begins with a capital or `$` (a type, or an import prefix and a type).
  func chain(_ tokens: [SourceToken], from start: Int) -> FlutterReferences.MemberChain? {
    var names = [tokens[start].text]
    var position = start + 1
    while names.count < 8, position + 1 < tokens.count, tokens[position].text == ".",
      tokens[position].kind == .punctuation, tokens[position + 1].kind == .identifier
    {
      names.append(tokens[position + 1].text)
      position += 2
    }
    func isType(_ name: String) -> Bool { name.first.map { $0 == "$" || $0.isUppercase } ?? false }
    guard names.count >= 2, isType(names[0]) || (names.count >= 3 && isType(names[1])) else { return nil }
    return .init(names: names, path: path, line: tokens[start].line)
  }

  /// Whether the tokens ending at `open - 1` name a loader (`Image.asset`, `const AssetImage`).
  func isLoader(_ tokens: [SourceToken], before open: Int) -> Bool {
    for loader in FlutterReferences.loaders where open >= loader.count {
      let start = open - loader.count
      guard tokens[start..<open].elementsEqual(loader, by: { $0.text == $1 }) else { continue }
      // `Image.asset` but not `MyImage.asset`'s receiver prefix: the token before is no `.`.
      if start > 0, loader.count == 1, tokens[start - 1].text == "." { return false }
      return true
    }
    return false
  }

  /// The `package:` argument of the call whose first argument is the string at `index`.
  func packageArgument(_ tokens: [SourceToken], from index: Int) -> String? {
    var depth = 1
    var position = index + 1
    while position < tokens.count, depth > 0, position < index + 400 {
      let token = tokens[position]
      if token.kind == .punctuation {
        if "([{".contains(token.text) { depth += 1 }
        if ")]}".contains(token.text) { depth -= 1 }
      } else if depth == 1, token.kind == .identifier, token.text == "package",
        position + 1 < tokens.count, tokens[position + 1].text == ":"
      {
        if position + 2 < tokens.count, tokens[position + 2].kind == .string, !tokens[position + 2].isPattern
        {
          return tokens[position + 2].text
        }
        return ""
      }
      position += 1
    }
    return nil
  }

  /// flutter_gen: `AssetGenImage get foo => const AssetGenImage('assets/foo.png');` and
  /// `static const String foo = 'assets/foo.json';` declare `foo` for that path.
  mutating func generatedDeclarations(_ tokens: [SourceToken]) {
    for (index, token) in tokens.enumerated() where token.kind == .string && !token.isPattern {
      var position = index - 1
      while position >= 0, position >= index - 8 {
        let candidate = tokens[position]
        if candidate.kind == .identifier,
          position > 0,
          tokens[position - 1].text == "get"
            || (position + 1 < tokens.count && tokens[position + 1].text == "=")
        {
          generatedMembers[candidate.text, default: []].insert(token.text)
          break
        }
        if candidate.text == ";" || candidate.text == "{" || candidate.text == "}" { break }
        position -= 1
      }
    }
  }

  /// flutter_gen's classes: in each class body, `Type get name => value;` and
  /// `static const Type name = value;`, where the value is a path string, an asset class
  /// made from one (`const AssetGenImage('assets/x.png')`, `SvgGenImage.vec('…')`), or
  /// another class's instance (`$AssetsImgGen()`).
  mutating func generatedClasses(_ tokens: [SourceToken]) {
    func text(_ index: Int) -> String? { index >= 0 && index < tokens.count ? tokens[index].text : nil }
    var open: [(name: String, depth: Int, members: [String: FlutterReferences.GeneratedMember])] = []
    var depth = 0
    var pendingClass: String?
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      defer { index += 1 }
      if token.kind == .punctuation {
        if token.text == "{" {
          depth += 1
          if let name = pendingClass {
            open.append((name, depth, [:]))
            pendingClass = nil
          }
        } else if token.text == "}" {
          if let last = open.last, last.depth == depth {
            generatedClasses.append(.init(name: last.name, path: path, members: last.members))
            open.removeLast()
          }
          depth -= 1
        } else if token.text == ";" {
          pendingClass = nil
        }
        continue
      }
      guard token.kind == .identifier else { continue }
      if token.text == "class", index + 1 < tokens.count, tokens[index + 1].kind == .identifier {
        pendingClass = tokens[index + 1].text
        continue
      }
      guard let current = open.last, current.depth == depth else { continue }
      // `get name =>` or `Type name =` (a field with its initial value).
      var valueStart: Int?
      if text(index - 1) == "get", text(index + 1) == "=", text(index + 2) == ">" {
        valueStart = index + 3
      } else if text(index + 1) == "=", text(index + 2) != "=", text(index + 2) != ">",
        index > 0, tokens[index - 1].kind == .identifier || text(index - 1) == ">"
      {
        valueStart = index + 2
      }
      guard var position = valueStart else { continue }
      if text(position) == "const" || text(position) == "new" { position += 1 }
      guard position < tokens.count else { continue }
      let value = tokens[position]
      if value.kind == .string {
        if !value.isPattern {
          open[open.count - 1].members[token.text] = .asset(value.text, constructed: false)
        }
        continue
      }
      guard value.kind == .identifier else { continue }
      var call = position + 1
      if text(call) == ".", call + 1 < tokens.count, tokens[call + 1].kind == .identifier { call += 2 }
      guard text(call) == "(", call + 1 < tokens.count else { continue }
      let argument = tokens[call + 1]
      if argument.kind == .string {
        if !argument.isPattern {
          open[open.count - 1].members[token.text] = .asset(argument.text, constructed: true)
        }
      } else if text(call + 1) == ")" {
        open[open.count - 1].members[token.text] = .nested(value.text)
      }
    }
  }

  /// The values of `key: value` lines (not `- item` lines: pubspec's asset entries are
  /// declarations), outside comments.
  mutating func yaml(_ text: String) {
    for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = YAMLLine.withoutComment(String(raw))
      let content = Substring(line).trimmingSpaces()
      guard !content.hasPrefix("-"), let colon = content.firstIndex(of: ":") else { continue }
      var value = content[content.index(after: colon)...].trimmingSpaces()
      if let first = value.first, first == "\"" || first == "'", value.count >= 2, value.last == first {
        value = value.dropFirst().dropLast()
      }
      plain(String(value), line: offset + 1)
    }
  }
}
