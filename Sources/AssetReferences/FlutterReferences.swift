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
  /// The folders (relative to the root) that hold a `pubspec.yaml`, sorted.
  public var projects: [String] = []
  /// How many hand-written Dart files were read.
  public var dartFiles = 0
  /// The generated Dart files (flutter_gen's `*.gen.dart`), read as declarations.
  public var generated: [String] = []
  /// Files that could not be read: while any is here, no asset may be called unused.
  public var unreadable: [SourceReferences.Skipped] = []

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
      if scan.isGenerated { scan.generatedDeclarations(tokens) } else { scan.dart(tokens) }
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
        if at(index - 1)?.text == ".", at(index - 1)?.kind == .punctuation { members.insert(token.text) }
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
