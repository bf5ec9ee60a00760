import IconGridSupport

/// What an Android project's Kotlin, Java and resource XML name among its drawables and
/// mipmaps, each with the file and line, and what could not be read.
///
/// ```swift
/// let references = AndroidReferences.scan(root: "MyApp")
/// for use in references.uses { print(use.path, use.line, "\(use.type)/\(use.name)") }
/// ```
public struct AndroidReferences: Sendable {
  /// One drawable or mipmap a source names.
  public struct Use: Sendable, Hashable {
    /// How a use names its resource, which decides what a wrong name costs.
    public enum Form: String, Sendable, Hashable {
      /// `R.drawable.x` in Kotlin or Java: the compiler checks it against the generated `R`.
      case code
      /// `@drawable/x` in resource XML or the manifest: aapt2 checks it when it links.
      case xml
      /// `getIdentifier("x", "drawable", …)`: looked up at run time, `0` when absent.
      case identifier
      /// `tools:keep="@drawable/x"`: kept for the shrinker, not checked by any tool.
      case keep
    }

    /// `drawable` or `mipmap`.
    public var type: String
    /// The resource name as written.
    public var name: String
    /// How it is named.
    public var form: Form
    /// The file, relative to the root.
    public var path: String
    /// The 1-based line.
    public var line: Int
  }

  /// The root as given.
  public var root: String
  /// Every `drawable` and `mipmap` reference, in file then line order (not the platform's
  /// `android.R.drawable.x` and `@android:drawable/x`).
  public var uses: [Use] = []
  /// Every other plain string of the code and of `values` XML: a name in one may be looked
  /// up at run time.
  public var strings: Set<String> = []
  /// Names built at run time (`"ic_" + name`, `"ic_$name"`, `"ic_%d"`, `tools:keep` globs).
  public var patterns: [SourceReferences.Pattern] = []
  /// Whether some code looks a drawable or mipmap up by a name it computes
  /// (`getIdentifier(prefix + suffix, "drawable", …)`): then, as lint assumes, any string may
  /// be the start of a name.
  public var looksUpComputedNames = false
  /// Drawables and mipmaps that `values` XML declares (`<drawable name="x">`,
  /// `<item type="mipmap" name="x">`), as `type/name`.
  public var declared: Set<String> = []
  /// How many Kotlin and Java files were read.
  public var codeFiles = 0
  /// How many resource XML files and manifests were read.
  public var xmlFiles = 0
  /// Files that could not be read: while any is here, no resource may be called unused.
  public var unreadable: [SourceReferences.Skipped] = []
  /// JavaScript and TypeScript files (outside `node_modules`), which this scan does not read:
  /// ``JavaScriptReferences`` reads them (a React Native app names drawables there).
  public var unreadJavaScript: [String] = []
  /// The Gradle modules (folders holding `build.gradle` or `build.gradle.kts`, relative to
  /// the root) and whether each declares a dependency from outside the tree (a Maven
  /// coordinate or a version-catalog alias, not `project(…)` or local files): such a
  /// library's AAR may bring drawables into the module's `R`.
  public var modules: [String: Bool] = [:]

  /// Creates an empty result for `root`.
  ///
  /// - Parameter root: the root as given.
  public init(root: String) {
    self.root = root
  }

  /// Reads every Kotlin and Java file, every XML file in a `res/` type folder and every
  /// `AndroidManifest.xml` under `root`.
  ///
  /// - Parameter root: the folder to read.
  /// - Returns: the references found.
  /// - Complexity: O(bytes of the files read).
  public static func scan(root: String) -> AndroidReferences {
    scan(SourceFiles(root: root))
  }

  /// Reads the Kotlin, Java, resource XML and manifest files of a listing, as ``scan(root:)``
  /// does.
  ///
  /// - Parameter listing: the files of the root, listed once for every scan.
  /// - Returns: the references found.
  public static func scan(_ listing: SourceFiles) -> AndroidReferences {
    let root = listing.root
    let files = listing.files { path, fileExtension in
      switch fileExtension {
      case "kt", "java", "js", "jsx", "ts", "tsx": return true
      case "gradle", "kts":
        let name = Paths.lastComponent(of: path)
        return name == "build.gradle" || name == "build.gradle.kts"
      case "xml": return Paths.lastComponent(of: path) == "AndroidManifest.xml" || isResourceXML(path)
      default: return false
      }
    }
    var result = AndroidReferences(root: root)
    let javaScript: Set<String> = ["js", "jsx", "ts", "tsx"]
    result.unreadJavaScript = files.filter { javaScript.contains(Paths.fileExtension(of: $0).lowercased()) }
    let read = files.filter { !javaScript.contains(Paths.fileExtension(of: $0).lowercased()) }
    let scanned = Parallel.map(read) { path in AndroidFileScan.read(path, root: root) }
    result.strings.reserveCapacity(scanned.reduce(0) { $0 + $1.strings.count })
    for file in scanned {
      if let reason = file.skipped {
        result.unreadable.append(SourceReferences.Skipped(path: file.path, reason: reason))
        continue
      }
      if let external = file.externalDependencies {
        result.modules[Paths.parent(of: file.path)] = external
        continue
      }
      if file.isCode { result.codeFiles += 1 } else { result.xmlFiles += 1 }
      result.uses += file.uses
      result.patterns += file.patterns
      for string in file.strings { result.strings.insert(string) }
      result.declared.formUnion(file.declared)
      result.looksUpComputedNames = result.looksUpComputedNames || file.looksUpComputedNames
    }
    return result
  }

  /// Whether the Gradle module holding `path` declares a dependency from outside the tree.
  ///
  /// - Parameter path: a file, relative to the root.
  /// - Returns: the answer of the nearest folder above it with a build script, or `nil` when
  ///   none has one (the tree may have lost its build scripts).
  public func hasExternalDependencies(forFile path: String) -> Bool? {
    var folder = Paths.parent(of: path)
    while true {
      if let external = modules[folder] { return external }
      if folder.isEmpty { return nil }
      folder = Paths.parent(of: folder)
    }
  }

  /// Whether `path` is an XML file of a `res/` type folder (`res/layout/main.xml`,
  /// `res/values-night/styles.xml`).
  static func isResourceXML(_ path: String) -> Bool {
    if let folders = asciiFolders(of: path) { return folders.grandparent.elementsEqual("res".utf8) }
    let parts = path.split(separator: "/")
    return parts.count >= 3 && parts[parts.count - 3] == "res"
  }

  /// Whether `path` is in a `res/values*` folder.
  static func isValuesXML(_ path: String) -> Bool {
    if let folders = asciiFolders(of: path) {
      return folders.grandparent.elementsEqual("res".utf8) && folders.parent.starts(with: "values".utf8)
    }
    let parts = path.split(separator: "/")
    return parts.count >= 3 && parts[parts.count - 3] == "res" && parts[parts.count - 2].hasPrefix("values")
  }

  /// The names of the two folders above the last component of an ASCII path, as
  /// `split(separator: "/")` counts components (empty ones left out); `nil` for a path that
  /// is not ASCII or has fewer than three components. Splitting a long path into an array
  /// for each file was a measurable part of the Android scan.
  private static func asciiFolders(of path: String) -> (
    grandparent: Substring.UTF8View, parent: Substring.UTF8View
  )? {
    let utf8 = Substring(path).utf8
    guard !utf8.contains(where: { $0 >= 0x80 }) else { return nil }
    var found: [Substring.UTF8View] = []
    var end = utf8.endIndex
    var index = end
    while found.count < 3 {
      let atStart = index == utf8.startIndex
      if atStart || utf8[utf8.index(before: index)] == UInt8(ascii: "/") {
        if index != end { found.append(utf8[index..<end]) }
        if atStart { break }
        index = utf8.index(before: index)
        end = index
      } else {
        index = utf8.index(before: index)
      }
    }
    return found.count == 3 ? (found[2], found[1]) : nil
  }
}

/// What one Kotlin, Java or XML file gave.
struct AndroidFileScan: Sendable {
  var path: String
  var isCode = false
  var skipped: String?
  var uses: [AndroidReferences.Use] = []
  var patterns: [SourceReferences.Pattern] = []
  /// The plain strings, repeats included: each is hashed once, into the scan's set (strings
  /// tables in many languages make most of them, and hashing text that is not ASCII is slow).
  var strings: [String] = []
  var declared: Set<String> = []
  /// For a build script: whether it declares a dependency from outside the tree.
  var externalDependencies: Bool?
  var looksUpComputedNames = false

  static let types: Set<String> = ["drawable", "mipmap"]

  static func read(_ path: String, root: String) -> AndroidFileScan {
    var scan = AndroidFileScan(path: path)
    guard let bytes = SourceWalk.read(path, root: root) else {
      scan.skipped = "unreadable"
      return scan
    }
    switch Paths.fileExtension(of: path).lowercased() {
    case "gradle", "kts":
      scan.externalDependencies = AndroidFileScan.declaresExternalDependency(
        String(decoding: bytes, as: UTF8.self))
    case "kt":
      scan.isCode = true
      scan.code(TemplateLexer.tokens(bytes, .kotlin))
    case "java":
      scan.isCode = true
      scan.code(TemplateLexer.tokens(bytes, .java))
    default:
      scan.xml(bytes, values: AndroidReferences.isValuesXML(path))
    }
    return scan
  }

  /// Whether a build script has a dependency line (`implementation`, `api`, `…Implementation`)
  /// that names no `project(…)` and no local `files(…)`/`fileTree(…)`.
  static func declaresExternalDependency(_ text: String) -> Bool {
    for line in text.split(separator: "\n") {
      let content = line.drop { $0 == " " || $0 == "\t" }
      guard !content.hasPrefix("//") else { continue }
      let word = content.prefix { $0.isLetter }
      guard
        word == "implementation" || word == "api" || word == "compileOnly" || word.hasSuffix("Implementation")
          || word.hasSuffix("Api")
      else { continue }
      let rest = content.dropFirst(word.count).drop { $0 == " " }
      guard rest.hasPrefix("(") || rest.hasPrefix("\"") || rest.hasPrefix("'") || rest.hasPrefix("libs.")
      else { continue }
      if rest.contains("project(") || rest.contains("files(") || rest.contains("fileTree(") { continue }
      return true
    }
    return false
  }

  /// `R.drawable.x`, `getIdentifier("x", "drawable", …)`, and every string.
  mutating func code(_ tokens: [SourceToken]) {
    // Tokens are compared in place, lengths first: copying a token out retains its text and
    // pieces, and most identifiers differ from a keyword in length.
    func text(_ index: Int, is expected: StaticString) -> Bool {
      index >= 0 && index < tokens.count && TextBytes.equals(tokens[index].text, expected)
    }
    func kind(_ index: Int) -> SourceToken.Kind? {
      index >= 0 && index < tokens.count ? tokens[index].kind : nil
    }
    func isType(_ index: Int) -> Bool {
      index >= 0 && index < tokens.count && AndroidFileScan.isType(tokens[index].text)
    }
    // Kotlin's `import com.example.lib.R as LibR`: `LibR.drawable.x` names a drawable too.
    var classNames: Set<String> = ["R"]
    for index in tokens.indices
    where text(index, is: "as") && text(index - 1, is: "R") && text(index - 2, is: ".") {
      if kind(index + 1) == .identifier { classNames.insert(tokens[index + 1].text) }
    }
    for index in tokens.indices {
      switch tokens[index].kind {
      case .identifier:
        if text(index, is: "getIdentifier"), text(index + 1, is: "("), kind(index + 2) != .string {
          looksUpComputedNames = true
        }
        guard text(index + 1, is: "."), isType(index + 2), text(index + 3, is: "."),
          kind(index + 4) == .identifier, classNames.contains(tokens[index].text)
        else { continue }
        // `android.R.drawable.x`: the platform's, not the app's.
        if text(index - 1, is: "."), text(index - 2, is: "android") { continue }
        let name = tokens[index + 4]
        uses.append(
          .init(type: tokens[index + 2].text, name: name.text, form: .code, path: path, line: name.line))
      case .string:
        let token = tokens[index]
        if text(index - 1, is: "("), text(index - 2, is: "getIdentifier"), text(index + 1, is: ","),
          kind(index + 2) == .string, isType(index + 2)
        {
          let type = tokens[index + 2].text
          if token.isPattern {
            patterns.append(
              .init(path: path, line: token.line, pattern: token.text, pieces: token.pieces, isStrict: true))
          } else {
            uses.append(.init(type: type, name: token.text, form: .identifier, path: path, line: token.line))
          }
          continue
        }
        if token.isPattern {
          patterns.append(
            .init(path: path, line: token.line, pattern: token.text, pieces: token.pieces, isStrict: false))
          continue
        }
        // `"ic_" + name`, `name + "_24dp"`: concatenation builds a name at run time.
        let before = text(index - 1, is: "+") && kind(index - 1) == .punctuation
        let after = text(index + 1, is: "+") && kind(index + 1) == .punctuation
        if before || after {
          let pieces = (before ? [""] : []) + [token.text] + (after ? [""] : [])
          let written = (before ? "… + " : "") + "\"\(token.text)\"" + (after ? " + …" : "")
          patterns.append(
            .init(path: path, line: token.line, pattern: written, pieces: pieces, isStrict: false))
        } else if let pieces = FormatPattern.pieces(of: token.text) {
          patterns.append(
            .init(path: path, line: token.line, pattern: token.text, pieces: pieces, isStrict: false))
        } else if !token.text.isEmpty, token.text.utf8.count <= 256 {
          strings.append(token.text)
        }
      case .punctuation:
        continue
      }
    }
  }

  /// `@drawable/x` and `@mipmap/x` in attribute values and element text, outside comments;
  /// `tools:keep` lists; `values` declarations and plain texts.
  mutating func xml(_ bytes: [UInt8], values: Bool) {
    // Items are read in place: copying one out retains its texts and its tag's attributes.
    let items = XMLValues.read(bytes)
    for position in items.indices {
      if let attribute = items[position].attribute, AndroidFileScan.isTools(attribute) {
        // Stripped at build time; `discard` removes.
        if attribute == "tools:keep" { keep(items[position]) }
        continue
      }
      if values, let attribute = items[position].attribute, TextBytes.equals(attribute, "name") {
        let element = items[position].element
        if AndroidFileScan.isType(element) {
          declared.insert(element + "/" + items[position].value)
        } else if TextBytes.equals(element, "item"), let type = items[position].sibling("type"),
          AndroidFileScan.types.contains(type)
        {
          declared.insert(type + "/" + items[position].value)
        }
      }
      var found = false
      let line = items[position].line
      if TextBytes.contains(UInt8(ascii: "@"), in: items[position].value) {
        for (type, name, line) in AndroidFileScan.references(in: items[position].value, line: line) {
          found = true
          uses.append(.init(type: type, name: name, form: .xml, path: path, line: line))
        }
      }
      if values, items[position].attribute == nil, !found, !items[position].value.isEmpty,
        items[position].value.utf8.count <= 256
      {
        strings.append(items[position].value)
      }
    }
  }

  /// A `tools:keep` list: its references, and its globs as patterns.
  private mutating func keep(_ item: XMLValues.Item) {
    for entry in item.value.split(separator: ",") {
      let entry = entry.trimmingSpaces()
      guard let (type, name) = AndroidFileScan.reference(entry) else { continue }
      if name.contains("*") {
        patterns.append(
          .init(
            path: path, line: item.line, pattern: String(entry),
            pieces: name.split(separator: "*", omittingEmptySubsequences: false).map(String.init),
            isStrict: false))
      } else {
        uses.append(.init(type: type, name: name, form: .keep, path: path, line: item.line))
      }
    }
  }

  /// Whether `text` is `drawable` or `mipmap`.
  static func isType(_ text: String) -> Bool {
    TextBytes.equals(text, "drawable") || TextBytes.equals(text, "mipmap")
  }

  /// Whether an attribute's name starts with `tools:`, as `hasPrefix` answers: on the bytes
  /// unless a byte after the prefix that is not ASCII could join its `:` into one character.
  static func isTools(_ attribute: String) -> Bool {
    let utf8 = attribute.utf8
    guard utf8.starts(with: "tools:".utf8) else { return false }
    let next = utf8.dropFirst(6).first ?? 0
    return next < 0x80 || attribute.hasPrefix("tools:")
  }

  /// `@drawable/x`, `@+drawable/x`, `@com.lib:drawable/x` → (`drawable`, `x`); `nil` for
  /// another type or the platform's `@android:drawable/x`.
  static func reference(_ text: Substring) -> (String, String)? {
    guard text.hasPrefix("@") else { return nil }
    var rest = text.dropFirst()
    if rest.hasPrefix("+") { rest = rest.dropFirst() }
    guard let slash = rest.firstIndex(of: "/") else { return nil }
    var type = rest[..<slash]
    if let colon = type.firstIndex(of: ":") {
      if type[..<colon] == "android" { return nil }
      type = type[type.index(after: colon)...]
    }
    guard types.contains(String(type)) else { return nil }
    let name = rest[rest.index(after: slash)...]
    guard !name.isEmpty else { return nil }
    return (String(type), String(name))
  }

  /// Every reference in a value, with its line (a value may span lines: data binding).
  static func references(in value: String, line: Int) -> [(String, String, Int)] {
    if let ascii = value.utf8.withContiguousStorageIfAvailable({ asciiReferences(in: $0, line: line) }),
      let found = ascii
    {
      return found
    }
    var found: [(String, String, Int)] = []
    let scalars = Array(value.unicodeScalars)
    var index = 0
    var current = line
    while index < scalars.count {
      if scalars[index] == "\n" { current += 1 }
      guard scalars[index] == "@" else {
        index += 1
        continue
      }
      var end = index + 1
      while end < scalars.count,
        scalars[end].properties.isAlphabetic || scalars[end].properties.numericType != nil
          || "_.:/+".unicodeScalars.contains(scalars[end])
      {
        end += 1
      }
      var text = String(String.UnicodeScalarView(scalars[index..<end]))
      while text.hasSuffix(".") { text.removeLast() }
      if let (type, name) = reference(Substring(text)) { found.append((type, name, current)) }
      index = max(end, index + 1)
    }
    return found
  }

  /// ``references(in:line:)`` on the bytes of an ASCII value, where a letter or a digit is a
  /// scalar that is alphabetic or numeric; `nil` when a byte is not ASCII.
  private static func asciiReferences(in bytes: UnsafeBufferPointer<UInt8>, line: Int) -> [(
    String, String, Int
  )]? {
    func isNamePart(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"),
        UInt8(ascii: "/"), UInt8(ascii: "+"):
        return true
      default:
        return false
      }
    }
    guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
    var found: [(String, String, Int)] = []
    var index = 0
    var current = line
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "\n") { current += 1 }
      guard bytes[index] == UInt8(ascii: "@") else {
        index += 1
        continue
      }
      var end = index + 1
      while end < bytes.count && isNamePart(bytes[end]) { end += 1 }
      var last = end
      while last > index && bytes[last - 1] == UInt8(ascii: ".") { last -= 1 }
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<last]), as: UTF8.self)
      if let (type, name) = reference(Substring(text)) { found.append((type, name, current)) }
      index = end
    }
    return found
  }
}
