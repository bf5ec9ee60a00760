/// The external references an SVG's text makes, for reports: librsvg never loads them
/// (see ``VectorImage``), so this scan is not what keeps them out, only what names them.
enum ExternalReferences {
  /// The values of `href` and `xlink:href` attributes that are neither fragments (`#id`)
  /// nor `data:` URLs, `url(…)` values that are not fragments, and the system identifiers
  /// of external entities, in the order they appear, each once.
  ///
  /// - Complexity: O(n) in the length of the text.
  static func find(in text: [UInt8]) -> [String] {
    var found: [String] = []
    func note(_ value: String) {
      let trimmed = value.trimmingSpaces
      let lower = trimmed.lowercased()
      guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), !lower.hasPrefix("data:") else { return }
      if !found.contains(trimmed) { found.append(trimmed) }
    }
    var index = 0
    let count = text.count
    func matches(_ word: String, at offset: Int) -> Bool {
      let bytes = Array(word.utf8)
      guard offset + bytes.count <= count else { return false }
      for (delta, byte) in bytes.enumerated() where lowercase(text[offset + delta]) != byte { return false }
      return true
    }
    /// The quoted string that starts at or after `offset` (skipping spaces and `=`).
    func quoted(after offset: Int) -> (String, Int)? {
      var cursor = offset
      while cursor < count,
        text[cursor] == 0x20 || text[cursor] == 0x09 || text[cursor] == 0x0A
          || text[cursor] == 0x0D || text[cursor] == UInt8(ascii: "=")
      {
        cursor += 1
      }
      guard cursor < count, text[cursor] == UInt8(ascii: "\"") || text[cursor] == UInt8(ascii: "'") else {
        return nil
      }
      let quote = text[cursor]
      var end = cursor + 1
      while end < count, text[end] != quote { end += 1 }
      return (String(decoding: text[(cursor + 1)..<min(end, count)], as: UTF8.self), end)
    }
    while index < count {
      let byte = lowercase(text[index])
      if byte == UInt8(ascii: "h"), matches("href", at: index),
        index == 0 || !isNameByte(text[index - 1]) || text[index - 1] == UInt8(ascii: ":"),
        let (value, end) = quoted(after: index + 4)
      {
        note(value)
        index = end
      } else if byte == UInt8(ascii: "u"), matches("url(", at: index) {
        var end = index + 4
        while end < count, text[end] != UInt8(ascii: ")") { end += 1 }
        var value = String(decoding: text[(index + 4)..<min(end, count)], as: UTF8.self).trimmingSpaces
        if value.hasPrefix("\"") || value.hasPrefix("'") { value = String(value.dropFirst().dropLast()) }
        note(value)
        index = end
      } else if byte == UInt8(ascii: "s"), matches("system", at: index),
        let (value, end) = quoted(after: index + 6)
      {
        note(value)
        index = end
      } else {
        index += 1
      }
    }
    return found
  }

  private static func lowercase(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    var scalars = Substring(self)
    while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }
}
