/// A JSON value with ordered keys, so `--format json` output is stable byte for byte.
package enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.rendered(pretty: false) == rhs.rendered(pretty: false)
  }

  /// `.string(value)`, or `.null` when `value` is nil.
  package static func optional(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
  /// `.int(value)`, or `.null` when `value` is nil.
  package static func optional(_ value: Int?) -> JSONValue { value.map { .int($0) } ?? .null }
  /// `.bool(value)`, or `.null` when `value` is nil.
  package static func optional(_ value: Bool?) -> JSONValue { value.map { .bool($0) } ?? .null }

  /// Serialises the value; pretty output indents by two spaces and ends without a newline.
  package func rendered(pretty: Bool = true) -> String {
    var out: [UInt8] = []
    write(into: &out, pretty: pretty)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends the value's UTF-8 serialisation to `out`, as ``rendered(pretty:)`` spells it.
  ///
  /// Large documents (a report of thousands of findings) are built in one byte buffer and
  /// written once, rather than through many small `String` appends.
  package func write(into out: inout [UInt8], pretty: Bool = true) {
    write(to: &out, indent: pretty ? 0 : nil)
  }

  /// Appends the value's pretty serialisation as it reads nested `indent` levels deep (its
  /// inner lines indented by two spaces more than that), for a writer that puts the
  /// document's outer levels together itself.
  package func write(into out: inout [UInt8], indent: Int) {
    write(to: &out, indent: indent)
  }

  private func write(to out: inout [UInt8], indent: Int?) {
    switch self {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
    case .int(let value): out.append(contentsOf: String(value).utf8)
    case .double(let value):
      if value.isFinite {
        let text = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        out.append(contentsOf: text.utf8)
      } else {
        out.append(contentsOf: "null".utf8)
      }
    case .string(let value): JSONValue.quote(value, into: &out)
    case .array(let items):
      guard !items.isEmpty else {
        out.append(contentsOf: "[]".utf8)
        return
      }
      out.append(UInt8(ascii: "["))
      let inner = indent.map { $0 + 1 }
      for (index, item) in items.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        JSONValue.newline(&out, inner)
        item.write(to: &out, indent: inner)
      }
      JSONValue.newline(&out, indent)
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else {
        out.append(contentsOf: "{}".utf8)
        return
      }
      out.append(UInt8(ascii: "{"))
      let inner = indent.map { $0 + 1 }
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        JSONValue.newline(&out, inner)
        JSONValue.quote(key, into: &out)
        out.append(UInt8(ascii: ":"))
        if indent != nil { out.append(UInt8(ascii: " ")) }
        value.write(to: &out, indent: inner)
      }
      JSONValue.newline(&out, indent)
      out.append(UInt8(ascii: "}"))
    }
  }

  private static func newline(_ out: inout [UInt8], _ indent: Int?) {
    guard let indent else { return }
    out.append(UInt8(ascii: "\n"))
    for _ in 0..<(2 * indent) { out.append(UInt8(ascii: " ")) }
  }

  /// Appends `text` to `out` as a JSON string literal (quotes, escapes, control
  /// characters as `\u00XX`); other writers of JSON in the package use it too.
  package static func quote(_ text: String, into out: inout String) {
    var bytes: [UInt8] = []
    quote(text, into: &bytes)
    out += String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `text` to `out` as the UTF-8 bytes of a JSON string literal.
  ///
  /// Works on UTF-8 code units: every byte of a multi-byte scalar is 0x80 or above, so only
  /// the quote, the backslash and control characters are ever escaped; the rest is copied.
  package static func quote(_ text: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      var start = 0
      for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        start = index + 1
        switch byte {
        case 0x22: out.append(contentsOf: "\\\"".utf8)
        case 0x5C: out.append(contentsOf: "\\\\".utf8)
        case 0x0A: out.append(contentsOf: "\\n".utf8)
        case 0x0D: out.append(contentsOf: "\\r".utf8)
        case 0x09: out.append(contentsOf: "\\t".utf8)
        default:
          let digits = String(byte, radix: 16)
          out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - digits.count) + digits).utf8)
        }
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }
    out.append(UInt8(ascii: "\""))
  }
}
