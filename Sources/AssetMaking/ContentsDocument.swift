import IconGridSupport

/// A `Contents.json` as a tree that keeps every key, its order and its number text, so a
/// set can be edited and written back with nothing else changed.
///
/// ``rendered()`` writes the layout Xcode writes: two-space indent, `"key" : value` with a
/// space on both sides of the colon, `[` and `{` at the end of the line, an empty array as
/// `[` blank line `]`, and a final newline. New objects made by the making operations list
/// their keys in Xcode's (alphabetical) order; existing ones keep theirs.
///
/// ```swift
/// var document = try ContentsDocument(parsing: bytes, path: "Icon.imageset/Contents.json")
/// document.images?.append(.object([("filename", .string("icon@2x.png")), ("idiom", .string("universal"))]))
/// let text = document.rendered()
/// ```
public struct ContentsDocument: Sendable, Equatable {
  /// One JSON value; objects are ordered lists of members, numbers keep their source text.
  public indirect enum Value: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as written (`1`, `0.5`, `1e3`).
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([Value])
    /// An object: its members in file order.
    case object([(String, Value)])

    public static func == (lhs: Value, rhs: Value) -> Bool {
      switch (lhs, rhs) {
      case (.null, .null): true
      case (.bool(let a), .bool(let b)): a == b
      case (.number(let a), .number(let b)): a == b
      case (.string(let a), .string(let b)): a == b
      case (.array(let a), .array(let b)): a == b
      case (.object(let a), .object(let b)):
        a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
      default: false
      }
    }

    /// The member `key` of an object; `nil` for a missing key or a value that is not an object.
    ///
    /// - Parameter key: the member's name.
    /// - Returns: its value.
    public subscript(key: String) -> Value? {
      guard case .object(let members) = self else { return nil }
      return members.first { $0.0 == key }?.1
    }

    /// The text of a string value; `nil` for any other value.
    public var text: String? {
      if case .string(let value) = self { return value }
      return nil
    }

    /// Sets member `key` of an object: replaced in place when present, else inserted where
    /// alphabetical order puts it among the others (Xcode's order), else appended.
    ///
    /// - Parameters:
    ///   - key: the member's name.
    ///   - value: its new value.
    public mutating func set(_ key: String, _ value: Value) {
      guard case .object(var members) = self else { return }
      if let index = members.firstIndex(where: { $0.0 == key }) {
        members[index].1 = value
      } else if let index = members.firstIndex(where: { $0.0 > key }) {
        members.insert((key, value), at: index)
      } else {
        members.append((key, value))
      }
      self = .object(members)
    }
  }

  /// The whole document (an object for every `Contents.json` Xcode writes).
  public var root: Value
  /// Whether the file ended with a newline (recent Xcode writes one, older did not); kept.
  public var endsWithNewline: Bool

  /// Wraps a value.
  ///
  /// - Parameters:
  ///   - root: the document.
  ///   - endsWithNewline: whether ``rendered()`` ends with a newline; `true` as Xcode 14+.
  public init(root: Value, endsWithNewline: Bool = true) {
    self.root = root
    self.endsWithNewline = endsWithNewline
  }

  /// Parses the bytes of a `Contents.json`.
  ///
  /// - Parameters:
  ///   - bytes: the file's bytes (UTF-8 JSON).
  ///   - path: the file, for the error.
  /// - Throws: ``MakingError`` with ``MakingError/Code/badData`` naming the byte offset of
  ///   what is not JSON.
  public init(parsing bytes: [UInt8], path: String) throws {
    var parser = JSONParser(bytes: bytes, path: path)
    root = try parser.document()
    var end = bytes.count
    while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0D { end -= 1 }
    endsWithNewline = end > 0 && bytes[end - 1] == 0x0A
  }

  /// The `images` array, when the document has one; setting it replaces the array in place
  /// (or adds `images` first, as Xcode orders it).
  public var images: [Value]? {
    get {
      if case .array(let items)? = root["images"] { return items }
      return nil
    }
    set {
      guard let newValue else { return }
      if case .object(var members) = root, root["images"] == nil {
        members.insert(("images", .array(newValue)), at: 0)
        root = .object(members)
      } else {
        root.set("images", .array(newValue))
      }
    }
  }

  /// The text Xcode writes for this document.
  ///
  /// - Returns: the JSON, with a final newline when ``endsWithNewline``.
  public func rendered() -> String {
    var out = ""
    ContentsDocument.write(root, indent: 0, into: &out)
    if endsWithNewline { out += "\n" }
    return out
  }

  /// The `info` object Xcode writes last in every `Contents.json`.
  ///
  /// Made on each use rather than kept in a global: a global enum whose payload pointer
  /// carries tag bits is reported by LeakSanitizer as leaked.
  public static var xcodeInfo: Value { .object([("author", .string("xcode")), ("version", .number("1"))]) }

  private static func write(_ value: Value, indent: Int, into out: inout String) {
    let pad = String(repeating: "  ", count: indent + 1)
    switch value {
    case .null: out += "null"
    case .bool(let flag): out += flag ? "true" : "false"
    case .number(let text): out += text
    case .string(let text): JSONValue.quote(text, into: &out)
    case .array(let items):
      out += "[\n"
      if items.isEmpty { out += "\n" }
      for (index, item) in items.enumerated() {
        out += pad
        write(item, indent: indent + 1, into: &out)
        out += index < items.count - 1 ? ",\n" : "\n"
      }
      out += String(repeating: "  ", count: indent) + "]"
    case .object(let members):
      out += "{\n"
      if members.isEmpty { out += "\n" }
      for (index, (key, item)) in members.enumerated() {
        out += pad
        JSONValue.quote(key, into: &out)
        out += " : "
        write(item, indent: indent + 1, into: &out)
        out += index < members.count - 1 ? ",\n" : "\n"
      }
      out += String(repeating: "  ", count: indent) + "}"
    }
  }
}

/// A strict JSON reader (RFC 8259) that keeps member order and number text.
private struct JSONParser {
  let bytes: [UInt8]
  let path: String
  var offset = 0
  var depth = 0

  init(bytes: [UInt8], path: String) {
    self.bytes = bytes
    self.path = path
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
  }

  mutating func document() throws -> ContentsDocument.Value {
    let value = try parseValue()
    skipSpace()
    guard offset == bytes.count else { throw failure("text after the end of the JSON document") }
    return value
  }

  func failure(_ what: String) -> MakingError {
    MakingError(
      .badData, "is not valid JSON at byte \(offset): \(what); fix the file or let Xcode rewrite it",
      path: path)
  }

  mutating func skipSpace() {
    while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
  }

  mutating func parseValue() throws -> ContentsDocument.Value {
    skipSpace()
    guard offset < bytes.count else { throw failure("it ends too early") }
    depth += 1
    defer { depth -= 1 }
    guard depth < 64 else { throw failure("nested more than 64 levels deep") }
    switch bytes[offset] {
    case UInt8(ascii: "{"):
      offset += 1
      var members: [(String, ContentsDocument.Value)] = []
      skipSpace()
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
        offset += 1
        return .object(members)
      }
      while true {
        skipSpace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
          throw failure("expected a key")
        }
        let key = try parseString()
        skipSpace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw failure("expected ':'") }
        offset += 1
        members.append((key, try parseValue()))
        skipSpace()
        guard offset < bytes.count else { throw failure("it ends inside an object") }
        if bytes[offset] == UInt8(ascii: ",") {
          offset += 1
          continue
        }
        guard bytes[offset] == UInt8(ascii: "}") else { throw failure("expected ',' or '}'") }
        offset += 1
        return .object(members)
      }
    case UInt8(ascii: "["):
      offset += 1
      var items: [ContentsDocument.Value] = []
      skipSpace()
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
        offset += 1
        return .array(items)
      }
      while true {
        items.append(try parseValue())
        skipSpace()
        guard offset < bytes.count else { throw failure("it ends inside an array") }
        if bytes[offset] == UInt8(ascii: ",") {
          offset += 1
          continue
        }
        guard bytes[offset] == UInt8(ascii: "]") else { throw failure("expected ',' or ']'") }
        offset += 1
        return .array(items)
      }
    case UInt8(ascii: "\""):
      return .string(try parseString())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    default:
      return try parseNumber()
    }
  }

  mutating func literal(_ word: String, _ value: ContentsDocument.Value) throws -> ContentsDocument.Value {
    let expected = Array(word.utf8)
    guard bytes.count - offset >= expected.count, Array(bytes[offset..<offset + expected.count]) == expected
    else { throw failure("unexpected character") }
    offset += expected.count
    return value
  }

  mutating func parseNumber() throws -> ContentsDocument.Value {
    let start = offset
    func digits() -> Int {
      let from = offset
      while offset < bytes.count, (0x30...0x39).contains(bytes[offset]) { offset += 1 }
      return offset - from
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    guard digits() > 0 else { throw failure("unexpected character") }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      guard digits() > 0 else { throw failure("a number needs digits after '.'") }
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
      offset += 1
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
        offset += 1
      }
      guard digits() > 0 else { throw failure("a number needs digits in its exponent") }
    }
    return .number(String(decoding: bytes[start..<offset], as: UTF8.self))
  }

  mutating func parseString() throws -> String {
    offset += 1
    var scalars = String.UnicodeScalarView()
    var run: [UInt8] = []
    func flush() throws {
      guard !run.isEmpty else { return }
      guard let text = String(validating: run, as: UTF8.self) else { throw failure("a string is not UTF-8") }
      scalars.append(contentsOf: text.unicodeScalars)
      run.removeAll(keepingCapacity: true)
    }
    while true {
      guard offset < bytes.count else { throw failure("it ends inside a string") }
      let byte = bytes[offset]
      offset += 1
      switch byte {
      case UInt8(ascii: "\""):
        try flush()
        return String(scalars)
      case UInt8(ascii: "\\"):
        try flush()
        guard offset < bytes.count else { throw failure("it ends inside a string") }
        let escape = bytes[offset]
        offset += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          var code = try hex4()
          if (0xD800..<0xDC00).contains(code) {
            guard bytes.count - offset >= 6, bytes[offset] == UInt8(ascii: "\\"),
              bytes[offset + 1] == UInt8(ascii: "u")
            else { throw failure("a lone surrogate in a string") }
            offset += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate in a string") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { throw failure("a lone surrogate in a string") }
          scalars.append(scalar)
        default: throw failure("an unknown escape in a string")
        }
      case 0..<0x20: throw failure("a control character in a string")
      default: run.append(byte)
      }
    }
  }

  mutating func hex4() throws -> UInt32 {
    guard bytes.count - offset >= 4 else { throw failure("a short \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      offset += 1
      let digit: UInt32
      switch byte {
      case 0x30...0x39: digit = UInt32(byte - 0x30)
      case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
      default: throw failure("a bad \\u escape")
      }
      value = value << 4 | digit
    }
    return value
  }
}
