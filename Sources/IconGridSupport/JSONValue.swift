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
    var out = ""
    write(to: &out, indent: pretty ? 0 : nil)
    return out
  }

  private func write(to out: inout String, indent: Int?) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .int(let value): out += String(value)
    case .double(let value):
      if value.isFinite {
        out += value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
      } else {
        out += "null"
      }
    case .string(let value): JSONValue.quote(value, into: &out)
    case .array(let items):
      guard !items.isEmpty else {
        out += "[]"
        return
      }
      out += "["
      for (index, item) in items.enumerated() {
        if index > 0 { out += "," }
        newline(&out, indent.map { $0 + 1 })
        item.write(to: &out, indent: indent.map { $0 + 1 })
      }
      newline(&out, indent)
      out += "]"
    case .object(let members):
      guard !members.isEmpty else {
        out += "{}"
        return
      }
      out += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out += "," }
        newline(&out, indent.map { $0 + 1 })
        JSONValue.quote(key, into: &out)
        out += indent == nil ? ":" : ": "
        value.write(to: &out, indent: indent.map { $0 + 1 })
      }
      newline(&out, indent)
      out += "}"
    }
  }

  private func newline(_ out: inout String, _ indent: Int?) {
    guard let indent else { return }
    out += "\n" + String(repeating: "  ", count: indent)
  }

  /// Appends `text` to `out` as a JSON string literal (quotes, escapes, control
  /// characters as `\u00XX`); other writers of JSON in the package use it too.
  package static func quote(_ text: String, into out: inout String) {
    out += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case let c where c.value < 0x20:
        let digits = String(c.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
