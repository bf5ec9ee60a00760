import Foundation

/// Why a manifest could not be turned into a sheet: the file, where in it, and what is wrong.
///
/// `description` reads like a compiler diagnostic:
/// `apps.plist: item 3: key 'icon': expected a string`.
public struct ManifestError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of failure this is.
  public enum Kind: String, Sendable, Hashable {
    /// The file does not exist.
    case notFound = "not-found"
    /// The file exists but cannot be read.
    case unreadable
    /// The bytes are not JSON or a property list.
    case syntax
    /// The document parses but is not an array of items or groups.
    case structure
    /// An icon name points outside the assets folder (absolute, or with `..`).
    case unsafeIcon = "unsafe-icon"
    /// The manifest lists no items.
    case empty
    /// The file is larger, or nested deeper, than ``Manifest/maximumBytes`` or
    /// ``Manifest/maximumDepth`` allow.
    case tooLarge = "too-large"
  }

  /// What kind of failure this is.
  public var kind: Kind
  /// The manifest, as the caller named it.
  public var path: String
  /// Where in the document, for example `item 3: key 'icon'` (items count from 0, as
  /// Xcode's property list editor shows them); `nil` for the document as a whole.
  public var location: String?
  /// What is wrong: "expected a string".
  public var reason: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: what kind of failure this is.
  ///   - path: the manifest, as the caller named it.
  ///   - location: where in the document, such as `item 3: key 'icon'`; `nil` for the
  ///     document as a whole.
  ///   - reason: what is wrong, in words: "expected a string".
  public init(_ kind: Kind, path: String, location: String? = nil, reason: String) {
    self.kind = kind
    self.path = path
    self.location = location
    self.reason = reason
  }

  public var description: String {
    [path, location, reason].compactMap { $0 }.joined(separator: ": ")
  }
}

/// Reads sheet manifests: JSON, XML property lists and binary property lists.
///
/// Two shapes are accepted, and may be mixed:
/// - flat: an array of `{name, icon, badge?}` items, which form one untitled section;
/// - grouped: an array of `{title, <key>: [{name, icon, badge?}]}`, whatever the array's key,
///   each group a section with its title as header.
///
/// ```swift
/// let content = try Manifest.load(contentsOf: "Assets/Demo/app.plist")
/// ```
public enum Manifest {
  /// Manifests longer than this (16 MB) are refused before they are read.
  public static let maximumBytes = 16 * 1_048_576

  /// JSON and XML manifests whose arrays and dictionaries nest deeper than this are refused
  /// before they are parsed: a real manifest needs four levels, and Foundation's XML
  /// property list parser recurses once per level, so 100,000 levels would overflow the stack.
  public static let maximumDepth = 32

  /// Reads and decodes the manifest at `path`.
  ///
  /// The file must be a regular file of at most ``maximumBytes``; its format (JSON, XML or
  /// binary property list) is recognised from its first bytes, not its extension.
  ///
  /// - Parameter path: the manifest file, absolute or relative to the working directory;
  ///   errors name it as given.
  /// - Returns: the manifest's sections and tiles, in the document's order.
  /// - Throws: ``ManifestError`` with the file and what is wrong: ``ManifestError/Kind/notFound``
  ///   when nothing is at `path`; ``ManifestError/Kind/unreadable`` for a directory, a file
  ///   that is not regular (a FIFO, a device) or a failed read;
  ///   ``ManifestError/Kind/tooLarge`` above ``maximumBytes``; and whatever
  ///   ``decode(_:path:labelKey:)`` throws for the bytes.
  public static func load(contentsOf path: String) throws -> SheetContent {
    try load(contentsOf: path, labelKey: "name")
  }

  /// Reads and decodes the manifest at `path`, taking each tile's label from `labelKey`.
  ///
  /// - Parameters:
  ///   - path: the manifest file; errors name it as given.
  ///   - labelKey: the key that holds an item's label (`name` by default, `title`, `label`…);
  ///     `nil` when no label is drawn, so items need none (a tile is then named by its icon).
  /// - Returns: the manifest's sections and tiles, in the document's order.
  /// - Throws: ``ManifestError``, as ``load(contentsOf:)``.
  public static func load(contentsOf path: String, labelKey: String?) throws -> SheetContent {
    let url = URL(fileURLWithPath: path)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw ManifestError(.notFound, path: path, reason: "no such file")
    }
    guard !isDirectory.boolValue else {
      throw ManifestError(.unreadable, path: path, reason: "is a directory, not a manifest")
    }
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    // A FIFO or a device would block the read, or never end it.
    guard attributes?[.type] as? FileAttributeType == .typeRegular else {
      throw ManifestError(.unreadable, path: path, reason: "is not a regular file")
    }
    let size = (attributes?[.size] as? Int) ?? 0
    guard size <= maximumBytes else {
      throw ManifestError(
        .tooLarge, path: path, reason: "\(size) bytes is larger than the \(maximumBytes)-byte limit")
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw ManifestError(.unreadable, path: path, reason: "cannot read: \(error.localizedDescription)")
    }
    return try decode(data, path: path, labelKey: labelKey)
  }

  /// Decodes manifest bytes; `path` names them in errors.
  ///
  /// - Parameters:
  ///   - data: the manifest's bytes: JSON, an XML property list (UTF-8) or a binary property
  ///     list, recognised from the first bytes.
  ///   - path: the name errors give the manifest; nothing is read from it.
  /// - Returns: the manifest's sections and tiles, in the document's order.
  /// - Throws: ``ManifestError``: ``ManifestError/Kind/tooLarge`` above ``maximumBytes`` or
  ///   nested deeper than ``maximumDepth``; ``ManifestError/Kind/syntax`` for bytes that are
  ///   neither JSON nor a property list (or an XML property list that is not UTF-8);
  ///   ``ManifestError/Kind/structure`` for a document that is not an array of items and
  ///   groups, an item without a string `name` and `icon`, or an empty `icon`;
  ///   ``ManifestError/Kind/unsafeIcon`` for an icon that is absolute or contains `..`; and
  ///   ``ManifestError/Kind/empty`` when it lists no items.
  public static func decode(_ data: Data, path: String) throws -> SheetContent {
    try decode(data, path: path, labelKey: "name")
  }

  /// Decodes manifest bytes, taking each tile's label from `labelKey`; `path` names them in
  /// errors.
  ///
  /// - Parameters:
  ///   - data: the manifest's bytes (JSON, or an XML or binary property list).
  ///   - path: the name errors give the manifest.
  ///   - labelKey: the key holding an item's label; `nil` when items need none.
  /// - Returns: the manifest's sections and tiles, in the document's order.
  /// - Throws: ``ManifestError``, as ``decode(_:path:)``; a missing label names `labelKey`.
  public static func decode(_ data: Data, path: String, labelKey: String?) throws -> SheetContent {
    guard data.count <= maximumBytes else {
      throw ManifestError(
        .tooLarge, path: path, reason: "\(data.count) bytes is larger than the \(maximumBytes)-byte limit")
    }
    let entries: [ManifestEntry]
    let format = sniff(data)
    let depth = format == .json ? jsonDepth(data) : format == .propertyList ? xmlDepth(data) : 0
    guard depth <= maximumDepth else {
      throw ManifestError(.tooLarge, path: path, reason: "nested deeper than \(maximumDepth) levels")
    }
    // Foundation's XML property list parser stops the process (a fatal error, not a thrown
    // one) on some bytes that are not UTF-8, such as 0xFF inside <integer>; found by
    // `Scripts/fuzz manifest`. Manifests are UTF-8, so anything else is refused first.
    if format == .propertyList, !data.starts(with: Array("bplist".utf8)),
      String(validating: data, as: UTF8.self) == nil
    {
      throw ManifestError(.syntax, path: path, reason: "is not valid UTF-8 (an XML property list must be)")
    }
    do {
      switch format {
      case .json:
        let decoder = JSONDecoder()
        decoder.userInfo[ManifestItem.labelKeyInfo] = LabelKey(key: labelKey)
        entries = try decoder.decode([ManifestEntry].self, from: data)
      case .propertyList:
        let decoder = PropertyListDecoder()
        decoder.userInfo[ManifestItem.labelKeyInfo] = LabelKey(key: labelKey)
        entries = try decoder.decode([ManifestEntry].self, from: data)
      case .unknown:
        throw ManifestError(.syntax, path: path, reason: "is neither JSON nor a property list")
      }
    } catch let error as ManifestError {
      throw error
    } catch let error as DecodingError {
      throw ManifestError(decoding: error, path: path, format: format)
    } catch {
      throw ManifestError(.syntax, path: path, reason: "cannot be parsed: \(error)")
    }
    return try content(of: entries, path: path)
  }

  enum Format { case json, propertyList, unknown }

  /// Binary plists start with `bplist`; XML ones with `<` (after an optional BOM and
  /// blanks); JSON with `[` or `{`.
  static func sniff(_ data: Data) -> Format {
    if data.starts(with: Array("bplist".utf8)) { return .propertyList }
    var bytes = data[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
      return .unknown
    }
    switch first {
    case UInt8(ascii: "<"): return .propertyList
    case UInt8(ascii: "["), UInt8(ascii: "{"): return .json
    default: return .unknown
    }
  }

  /// The deepest nesting of arrays and objects, counting brackets outside strings; it stops
  /// counting once past the limit, so the cost is one pass at most.
  static func jsonDepth(_ data: Data) -> Int {
    var depth = 0
    var deepest = 0
    var inString = false
    var escaped = false
    for byte in data {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        deepest = max(deepest, depth)
        if deepest > maximumDepth { return deepest }
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      default: break
      }
    }
    return deepest
  }

  /// The deepest nesting of XML elements: start tags that do not close themselves count one
  /// level, end tags close one; comments, CDATA, `<?…?>` and `<!…>` count nothing. Binary
  /// property lists (`bplist`) have no tags and give 0: Foundation reads them without
  /// recursing per level.
  static func xmlDepth(_ data: Data) -> Int {
    guard !data.starts(with: Array("bplist".utf8)) else { return 0 }
    let bytes = [UInt8](data)
    var depth = 0
    var deepest = 0
    var index = 0
    func skip(past terminator: [UInt8], from start: Int) -> Int {
      var at = start
      while at + terminator.count <= bytes.count {
        if bytes[at] == terminator[0], bytes[at..<(at + terminator.count)].elementsEqual(terminator) {
          return at + terminator.count
        }
        at += 1
      }
      return bytes.count
    }
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      let rest = bytes[index...]
      if rest.starts(with: Array("<!--".utf8)) {
        index = skip(past: Array("-->".utf8), from: index + 4)
      } else if rest.starts(with: Array("<![CDATA[".utf8)) {
        index = skip(past: Array("]]>".utf8), from: index + 9)
      } else if rest.starts(with: Array("<?".utf8)) || rest.starts(with: Array("<!".utf8)) {
        index = skip(past: [UInt8(ascii: ">")], from: index + 2)
      } else if rest.starts(with: Array("</".utf8)) {
        depth -= 1
        index = skip(past: [UInt8(ascii: ">")], from: index + 2)
      } else {
        let end = skip(past: [UInt8(ascii: ">")], from: index + 1)
        let selfClosing = end >= index + 3 && end <= bytes.count && bytes[end - 2] == UInt8(ascii: "/")
        if !selfClosing {
          depth += 1
          deepest = max(deepest, depth)
          if deepest > maximumDepth { return deepest }
        }
        index = end
      }
    }
    return deepest
  }

  /// Entries to sections: consecutive items share an untitled section, each group is one.
  private static func content(of entries: [ManifestEntry], path: String) throws -> SheetContent {
    var sections: [SheetSection] = []
    var loose: [SheetTile] = []
    for (index, entry) in entries.enumerated() {
      switch entry {
      case .item(let item):
        try check(item, path: path, location: "item \(index)")
        loose.append(item)
      case .group(let title, let key, let items):
        if !loose.isEmpty {
          sections.append(SheetSection(title: nil, tiles: loose))
          loose = []
        }
        for (inner, item) in items.enumerated() {
          try check(item, path: path, location: "item \(index): key '\(key)': item \(inner)")
        }
        sections.append(SheetSection(title: title, tiles: items))
      }
    }
    if !loose.isEmpty { sections.append(SheetSection(title: nil, tiles: loose)) }
    let content = SheetContent(sections: sections)
    guard content.tileCount > 0 else {
      throw ManifestError(.empty, path: path, reason: "lists no items")
    }
    return content
  }

  /// Icons resolve inside the assets folder only.
  private static func check(_ item: SheetTile, path: String, location: String) throws {
    let place = "\(location): key 'icon'"
    guard !item.icon.isEmpty else {
      throw ManifestError(.structure, path: path, location: place, reason: "is empty")
    }
    if item.icon.hasPrefix("/") || item.icon.split(separator: "/").contains("..") {
      throw ManifestError(
        .unsafeIcon, path: path, location: place,
        reason: "'\(item.icon)' is outside the assets folder (absolute or with '..')")
    }
  }
}

/// One element of the top-level array: an item, or a titled group of items.
private enum ManifestEntry: Decodable {
  case item(SheetTile)
  case group(title: String, key: String, items: [SheetTile])

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    let title = AnyKey("title")
    if container.contains(AnyKey("icon")) || !container.contains(title) {
      self = .item(try ManifestItem(from: decoder).tile)
      return
    }
    let name = try container.decode(String.self, forKey: title)
    let arrays = container.allKeys.filter { key in
      key.stringValue != "title" && (try? container.nestedUnkeyedContainer(forKey: key)) != nil
    }.sorted { $0.stringValue < $1.stringValue }
    guard let key = arrays.first else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "group '\(name)' has no array of items"))
    }
    guard arrays.count == 1 else {
      let names = arrays.map { "'\($0.stringValue)'" }.joined(separator: ", ")
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "group '\(name)' has more than one array (\(names)); expected one"))
    }
    let items = try container.decode([ManifestItem].self, forKey: key)
    self = .group(title: name, key: key.stringValue, items: items.map(\.tile))
  }
}

/// Which key holds an item's label, passed to the decoder in its `userInfo`.
private struct LabelKey: Sendable {
  /// `nil`: no label is needed.
  var key: String?
}

private struct ManifestItem: Decodable {
  static let labelKeyInfo = CodingUserInfoKey(rawValue: "icongrid.labelKey")!

  var name: String
  var icon: String
  var badge: Int?

  var tile: SheetTile { SheetTile(name: name, icon: icon, badge: badge) }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    icon = try container.decode(String.self, forKey: AnyKey("icon"))
    badge = try container.decodeIfPresent(Int.self, forKey: AnyKey("badge"))
    let choice = (decoder.userInfo[ManifestItem.labelKeyInfo] as? LabelKey) ?? LabelKey(key: "name")
    if let key = choice.key {
      name = try container.decode(String.self, forKey: AnyKey(key))
    } else {
      name = try container.decodeIfPresent(String.self, forKey: AnyKey("name")) ?? icon
    }
  }
}

private struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}

extension ManifestError {
  /// Foundation's decoding error in words: the coding path becomes `item 3: key 'icon'`.
  init(decoding error: DecodingError, path: String, format: Manifest.Format) {
    func locate(_ codingPath: [any CodingKey]) -> String? {
      guard !codingPath.isEmpty else { return nil }
      return codingPath.map { key in
        key.intValue.map { "item \($0)" } ?? "key '\(key.stringValue)'"
      }.joined(separator: ": ")
    }
    switch error {
    case .typeMismatch(let type, let context):
      let location = locate(context.codingPath)
      let reason =
        location == nil
        ? "expected an array of items or groups at the top level" : "expected \(Self.describe(type))"
      self.init(.structure, path: path, location: location, reason: reason)
    case .valueNotFound(let type, let context):
      self.init(
        .structure, path: path, location: locate(context.codingPath),
        reason: "expected \(Self.describe(type)), found nothing")
    case .keyNotFound(let key, let context):
      self.init(
        .structure, path: path, location: locate(context.codingPath),
        reason: "missing key '\(key.stringValue)'")
    case .dataCorrupted(let context) where !context.codingPath.isEmpty:
      self.init(
        .structure, path: path, location: locate(context.codingPath), reason: context.debugDescription)
    case .dataCorrupted(let context):
      let what = format == .json ? "JSON" : "property list"
      let detail = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
      let structural = context.debugDescription.hasPrefix("group ")
      self.init(
        structural ? .structure : .syntax, path: path,
        reason: structural
          ? context.debugDescription : "is not valid \(what)" + (detail.map { ": \($0)" } ?? ""))
    @unknown default:
      self.init(.syntax, path: path, reason: "cannot be decoded: \(error)")
    }
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Int.Type, is Int?.Type: return "an integer"
    case is [Any].Type: return "an array"
    case is [String: Any].Type: return "a dictionary"
    default:
      let name = String(describing: type)
      if name.hasPrefix("Array") || name.hasPrefix("[") { return "an array" }
      return "a dictionary"
    }
  }
}
