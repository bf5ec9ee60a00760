/// The attribute values and element texts of an XML file, each with its element and line.
///
/// Enough XML for resource files and manifests: comments, processing instructions,
/// declarations and CDATA markers are skipped (a name in a comment is no use); entities
/// are left as written. One pass, no backtracking: a file that is not well formed still ends.
enum XMLValues {
  struct Item: Sendable {
    /// The element the value belongs to (`item`, `ImageView`).
    var element: String
    /// The attribute's qualified name (`android:src`), or `nil` for element text.
    var attribute: String?
    /// The value as written, without quotes and surrounding white space for a text.
    var value: String
    /// The 1-based line the value starts on.
    var line: Int
    /// The attributes of the same tag (qualified name, value and line), in their order.
    var siblings: [(name: String, value: String, line: Int)]

    /// The value of the tag's attribute `name` (the last one when it is written twice).
    func sibling(_ name: String) -> String? {
      siblings.last { $0.name == name }?.value
    }
  }

  static func read(_ bytes: [UInt8]) -> [Item] {
    var items: [Item] = []
    var index = 0
    var line = 1
    let count = bytes.count
    var elements: [String] = []
    func starts(_ utf8: StaticString, at offset: Int) -> Bool {
      let length = utf8.utf8CodeUnitCount
      guard offset + length <= count else { return false }
      let start = utf8.utf8Start
      for position in 0..<length where bytes[offset + position] != start[position] { return false }
      return true
    }
    func skip(to end: StaticString) {
      let first = end.utf8Start[0]
      while index < count && !(bytes[index] == first && starts(end, at: index)) {
        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
        index += 1
      }
      index = min(count, index + end.utf8CodeUnitCount)
    }
    var text: [UInt8] = []
    var textLine = 1
    func flushText() {
      defer { text.removeAll(keepingCapacity: true) }
      guard !text.isEmpty, let element = elements.last else { return }
      // Trimmed on the bytes (most texts between tags are only indentation): trimming ends
      // at ASCII bytes, where decoding the remainder gives the characters trimming the
      // decoded text would.
      if let range = text.withUnsafeBufferPointer(TextBytes.trimmedSpaces) {
        guard !range.isEmpty else { return }
        let offset = text[..<range.lowerBound].count { $0 == UInt8(ascii: "\n") }
        items.append(
          Item(
            element: element, attribute: nil, value: String(decoding: text[range], as: UTF8.self),
            line: textLine + offset, siblings: []))
        return
      }
      let value = String(decoding: text, as: UTF8.self)
      let trimmed = Substring(value).trimmingSpaces()
      if !trimmed.isEmpty {
        // The lines before the text: what was trimmed is spaces, tabs and line breaks, each a
        // character of its own, so its line feeds are its `\n` bytes.
        let offset = value.utf8[..<trimmed.startIndex].count { $0 == UInt8(ascii: "\n") }
        items.append(
          Item(
            element: element, attribute: nil, value: String(trimmed), line: textLine + offset, siblings: []))
      }
    }
    while index < count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") {
        if starts("<!--", at: index) {
          skip(to: "-->")
          continue
        }
        if starts("<![CDATA[", at: index) {
          index += 9
          while index < count && !(bytes[index] == UInt8(ascii: "]") && starts("]]>", at: index)) {
            if text.isEmpty { textLine = line }
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            text.append(bytes[index])
            index += 1
          }
          index = min(count, index + 3)
          continue
        }
        flushText()
        if starts("<?", at: index) {
          skip(to: "?>")
          continue
        }
        if starts("<!", at: index) {
          skip(to: ">")
          continue
        }
        index += 1
        let closing = index < count && bytes[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        let nameStart = index
        while index < count && !isSpaceOrEnd(bytes[index]) { index += 1 }
        let element = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        var attributes: [(name: String, value: String, line: Int)] = []
        var selfClosing = false
        while index < count && bytes[index] != UInt8(ascii: ">") {
          let current = bytes[index]
          if current == UInt8(ascii: "\n") {
            line += 1
            index += 1
          } else if current == UInt8(ascii: "/") {
            selfClosing = true
            index += 1
          } else if isSpaceOrEnd(current) {
            index += 1
          } else {
            let attributeStart = index
            while index < count && bytes[index] != UInt8(ascii: "=") && !isSpaceOrEnd(bytes[index]) {
              index += 1
            }
            let name = String(decoding: bytes[attributeStart..<index], as: UTF8.self)
            while index < count
              && (bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\n")
                || bytes[index] == UInt8(ascii: "\t") || bytes[index] == UInt8(ascii: "\r"))
            {
              if bytes[index] == UInt8(ascii: "\n") { line += 1 }
              index += 1
            }
            guard index < count, bytes[index] == UInt8(ascii: "=") else { continue }
            index += 1
            while index < count && (bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\n")) {
              if bytes[index] == UInt8(ascii: "\n") { line += 1 }
              index += 1
            }
            guard index < count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
            else {
              continue
            }
            let quote = bytes[index]
            index += 1
            let valueStart = index
            let valueLine = line
            while index < count && bytes[index] != quote {
              if bytes[index] == UInt8(ascii: "\n") { line += 1 }
              index += 1
            }
            attributes.append((name, String(decoding: bytes[valueStart..<index], as: UTF8.self), valueLine))
            index += 1
          }
        }
        index += 1
        if closing {
          if let last = elements.lastIndex(of: element) { elements.removeSubrange(last...) }
          continue
        }
        for (name, value, valueLine) in attributes {
          items.append(
            Item(element: element, attribute: name, value: value, line: valueLine, siblings: attributes))
        }
        if !selfClosing { elements.append(element) }
        continue
      }
      // Text up to the next tag, appended at once.
      if text.isEmpty { textLine = line }
      let textStart = index
      while index < count && bytes[index] != UInt8(ascii: "<") {
        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
        index += 1
      }
      text.append(contentsOf: bytes[textStart..<index])
    }
    flushText()
    return items
  }

  private static func isSpaceOrEnd(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
      || byte == UInt8(ascii: "\r")
      || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
  }
}
