import Foundation

/// The objects of a `project.pbxproj`, by identifier, with typed access to their fields.
///
/// Xcode writes an old-style (OpenStep) property list: every scalar is a string, and objects
/// refer to each other by 24-digit identifiers. Nothing here trusts a reference: a missing or
/// wrongly typed object reads as absent.
struct ProjectFile {
  /// The largest file read; real ones are a few MB at most (the largest seen is 1.1 MB).
  static let sizeLimit = 32 << 20

  typealias Object = [String: Any]

  /// The path as given, for errors.
  let file: String
  /// Every object by identifier.
  let objects: [String: Object]
  /// The `PBXProject` object.
  let root: Object

  /// Reads and parses `file`, refusing anything that is not a regular, UTF-8, old-style
  /// property list of at most ``sizeLimit`` bytes whose root object is a `PBXProject`.
  init(contentsOf file: String) throws(ProjectError) {
    self.file = file
    let data = try Self.read(file)
    let plist = try Self.parse(data, file: file)
    guard let top = plist as? [String: Any] else {
      throw ProjectError(file: file, reason: .malformed("the top level is not a dictionary"))
    }
    guard let objects = top["objects"] as? [String: Any] else {
      throw ProjectError(file: file, reason: .malformed("it has no \"objects\" dictionary"))
    }
    var table: [String: Object] = [:]
    table.reserveCapacity(objects.count)
    for (id, value) in objects {
      if let object = value as? Object { table[id] = object }
    }
    guard let rootID = top["rootObject"] as? String else {
      throw ProjectError(file: file, reason: .malformed("it has no \"rootObject\""))
    }
    guard let root = table[rootID], root["isa"] as? String == "PBXProject" else {
      throw ProjectError(file: file, reason: .malformed("its root object \(rootID) is not a PBXProject"))
    }
    self.objects = table
    self.root = root
  }

  /// The bytes of a regular file no larger than the limit (a FIFO or a folder would hang or fail).
  private static func read(_ file: String) throws(ProjectError) -> Data {
    let attributes: [FileAttributeKey: Any]
    do {
      let resolved = URL(fileURLWithPath: file).resolvingSymlinksInPath().path
      attributes = try FileManager.default.attributesOfItem(atPath: resolved)
    } catch {
      let exists = FileManager.default.fileExists(atPath: file)
      throw ProjectError(
        file: file, reason: .unreadable(exists ? "its attributes cannot be read" : "no such file"))
    }
    let type = attributes[.type] as? FileAttributeType
    guard type == .typeRegular else {
      throw ProjectError(file: file, reason: .unreadable("it is not a regular file"))
    }
    if let size = (attributes[.size] as? NSNumber)?.intValue, size > sizeLimit {
      throw ProjectError(file: file, reason: .tooLarge(bytes: size, limit: sizeLimit))
    }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: file))
    } catch {
      throw ProjectError(file: file, reason: .unreadable(error.localizedDescription))
    }
    guard data.count <= sizeLimit else {
      throw ProjectError(file: file, reason: .tooLarge(bytes: data.count, limit: sizeLimit))
    }
    return data
  }

  /// Hands the bytes to Foundation's old-style parser, but only after checking they are UTF-8
  /// and start (after comments) with `{`, so XML and binary property lists, which take other
  /// parsers, never get there.
  private static func parse(_ data: Data, file: String) throws(ProjectError) -> Any {
    guard String(validating: data, as: UTF8.self) != nil else {
      throw ProjectError(file: file, reason: .notAPropertyList("the file is not UTF-8 text"))
    }
    guard firstSignificantByte(of: data) == UInt8(ascii: "{") else {
      throw ProjectError(file: file, reason: .notAPropertyList("it does not start with \"{\""))
    }
    do {
      return try PropertyListSerialization.propertyList(
        from: foundationParserInput(data), options: [], format: nil)
    } catch {
      let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
      throw ProjectError(file: file, reason: .notAPropertyList(text ?? "the parser refused it"))
    }
  }

  /// A copy of the bytes for Foundation's old-style parser. On a file it refuses, the parser's
  /// error path (`CFPropertyListCreateWithData`) never releases the data it was given
  /// (LeakSanitizer shows it); `Scripts/lsan.supp` names this function, so only this copy is
  /// excused, never a buffer of ours.
  @inline(never)
  private static func foundationParserInput(_ data: Data) -> Data {
    data.withUnsafeBytes { raw in
      guard let base = raw.baseAddress, raw.count > 0 else { return Data() }
      return Data(bytes: base, count: raw.count)
    }
  }

  /// The first byte that is not white space, a byte-order mark or inside a comment.
  private static func firstSignificantByte(of data: Data) -> UInt8? {
    let bytes = [UInt8](data.prefix(4096))
    var index = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        index += 1
      } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
      } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
        index += 2
        while index + 1 < bytes.count,
          !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
        {
          index += 1
        }
        index += 2
      } else {
        return byte
      }
    }
    return nil
  }

  // MARK: Typed access

  /// The object with identifier `id`, if there is one.
  func object(_ id: String?) -> Object? {
    guard let id else { return nil }
    return objects[id]
  }

  /// The object's `isa`.
  func isa(_ object: Object) -> String? {
    object["isa"] as? String
  }

  /// A string field.
  func string(_ object: Object, _ key: String) -> String? {
    object[key] as? String
  }

  /// An array field of strings (identifiers or paths); other elements are skipped.
  func strings(_ object: Object, _ key: String) -> [String] {
    (object[key] as? [Any])?.compactMap { $0 as? String } ?? []
  }
}
