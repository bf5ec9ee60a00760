/// The image names of storyboards, xibs and XML property lists.
///
/// In a storyboard or xib an image attribute (`image`, `highlightedImage`,
/// `backgroundImage`, ``imageAttributes``) names an image, and the `<resources>` section lists each as
/// `<image name="x">`; an image with `catalog="system"` is an SF Symbol, not an asset. Older
/// xibs name theirs in `<string key="NSResourceName">`. A property list's `<string>` values
/// mark what they name as used, never as missing (most strings of a plist are not images).
enum InterfaceScan {
  /// One start tag: its name, its attributes and the line it starts on.
  struct Tag {
    var name: String
    var attributes: [(String, String)]
    var line: Int
    /// The text after the tag up to the next `<`.
    var text: String

    func attribute(_ key: String) -> String? { attributes.first { $0.0 == key }?.1 }
  }

  /// The attributes of Interface Builder's documents that hold an image name.
  static let imageAttributes: Set<String> = [
    "image", "alternateImage", "highlightedImage", "selectedImage", "backgroundImage", "landscapeImage",
    "landscapeImagePhone", "largeContentSizeImage", "onImage", "offImage", "shadowImage",
    "backIndicatorImage",
    "backIndicatorTransitionMaskImage", "scopeBarBackgroundImage", "selectionIndicatorImage",
    "minimumValueImage",
    "maximumValueImage", "progressImage", "trackImage", "decrementImage", "incrementImage", "thumbImage",
  ]

  static func scan(_ text: [UInt8], into scan: inout FileScan) {
    let tags = self.tags(text)
    // The names a storyboard marks as system symbols anywhere in it.
    var system: Set<String> = []
    for tag in tags where tag.attribute("catalog") == "system" {
      if let name = tag.attribute("name") { system.insert(name) }
      if let name = tag.attribute("image") { system.insert(name) }
    }
    // A set named as a system symbol is its fallback where the system lacks the symbol
    // (an older macOS or iOS): used, never missing.
    for name in system.sorted() {
      let tag = tags.first { $0.attribute("name") == name || $0.attribute("image") == name }
      if let tag { scan.uses.append(use(name, tag, scan.path, strict: false)) }
    }
    // `<accessibilityTraits image="YES" button="YES"/>` holds UIAccessibilityTraits flags:
    // its `image` is the "is an image" trait, a Boolean, not a name.
    for tag in tags where tag.attribute("catalog") != "system" && tag.name != "accessibilityTraits" {
      if tag.name == "image", let name = tag.attribute("name"), !system.contains(name) {
        scan.uses.append(use(name, tag, scan.path, strict: true))
      }
      for (key, value) in tag.attributes
      where imageAttributes.contains(key) && !value.isEmpty && !system.contains(value) {
        scan.uses.append(use(value, tag, scan.path, strict: true))
      }
      if tag.name == "string", tag.attribute("key") == "NSResourceName", !tag.text.isEmpty {
        scan.uses.append(use(tag.text, tag, scan.path, strict: false))
      }
    }
  }

  static func scanPlist(_ text: [UInt8], into scan: inout FileScan) {
    for tag in tags(text) where tag.name == "string" && !tag.text.isEmpty && tag.text.utf8.count <= 256 {
      scan.uses.append(use(tag.text, tag, scan.path, strict: false))
    }
  }

  private static func use(_ name: String, _ tag: Tag, _ path: String, strict: Bool) -> SourceReferences.Use {
    SourceReferences.Use(
      name: LiteralName.normalised(XMLText.decoded(name)), kind: .literal, path: path, line: tag.line,
      isStrict: strict)
  }

  /// Every start tag of an XML document, in order. Comments, processing instructions and
  /// declarations are skipped; a malformed document yields what could be read.
  static func tags(_ bytes: [UInt8]) -> [Tag] {
    var tags: [Tag] = []
    var index = 0
    var line = 1
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") { line += 1 }
      guard byte == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      if index + 3 < count && bytes[index + 1] == UInt8(ascii: "!") && bytes[index + 2] == UInt8(ascii: "-")
        && bytes[index + 3] == UInt8(ascii: "-")
      {
        index += 4
        while index + 2 < count
          && !(bytes[index] == UInt8(ascii: "-") && bytes[index + 1] == UInt8(ascii: "-")
            && bytes[index + 2] == UInt8(ascii: ">"))
        {
          if bytes[index] == UInt8(ascii: "\n") { line += 1 }
          index += 1
        }
        index += 3
        continue
      }
      index += 1
      guard index < count, bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: "?"),
        bytes[index] != UInt8(ascii: "!")
      else { continue }
      let start = line
      let nameStart = index
      while index < count && !isSpace(bytes[index]) && bytes[index] != UInt8(ascii: ">")
        && bytes[index] != UInt8(ascii: "/")
      {
        index += 1
      }
      var tag = Tag(
        name: String(decoding: bytes[nameStart..<index], as: UTF8.self), attributes: [], line: start, text: ""
      )
      // Attributes up to `>`.
      while index < count && bytes[index] != UInt8(ascii: ">") {
        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
        guard !isSpace(bytes[index]) && bytes[index] != UInt8(ascii: "/") else {
          index += 1
          continue
        }
        let keyStart = index
        while index < count && bytes[index] != UInt8(ascii: "=") && !isSpace(bytes[index])
          && bytes[index] != UInt8(ascii: ">")
        {
          index += 1
        }
        let key = String(decoding: bytes[keyStart..<index], as: UTF8.self)
        guard index < count, bytes[index] == UInt8(ascii: "="), index + 1 < count else { continue }
        let quote = bytes[index + 1]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
          index += 1
          continue
        }
        index += 2
        let valueStart = index
        while index < count && bytes[index] != quote {
          if bytes[index] == UInt8(ascii: "\n") { line += 1 }
          index += 1
        }
        tag.attributes.append((key, String(decoding: bytes[valueStart..<min(index, count)], as: UTF8.self)))
        index += 1
      }
      index += 1
      let textStart = min(index, count)
      var textEnd = textStart
      while textEnd < count && bytes[textEnd] != UInt8(ascii: "<") && textEnd - textStart < 1024 {
        textEnd += 1
      }
      if textEnd < count && bytes[textEnd] == UInt8(ascii: "<") {
        tag.text = XMLText.decoded(String(decoding: bytes[textStart..<textEnd], as: UTF8.self))
      }
      tags.append(tag)
    }
    return tags
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
      || byte == UInt8(ascii: "\r")
  }
}

/// XML's five predefined entities and numeric character references, decoded.
enum XMLText {
  static func decoded(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var out = ""
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
      out += rest[..<amp]
      guard let semicolon = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semicolon) <= 10
      else {
        out += "&"
        rest = rest[rest.index(after: amp)...]
        continue
      }
      let entity = rest[rest.index(after: amp)..<semicolon]
      switch entity {
      case "amp": out += "&"
      case "lt": out += "<"
      case "gt": out += ">"
      case "quot": out += "\""
      case "apos": out += "'"
      default:
        let number =
          entity.hasPrefix("#x")
          ? UInt32(entity.dropFirst(2), radix: 16)
          : entity.hasPrefix("#")
            ? UInt32(entity.dropFirst()) : nil
        if let number, let scalar = Unicode.Scalar(number) {
          out.unicodeScalars.append(scalar)
        } else {
          out += "&" + entity + ";"
        }
      }
      rest = rest[rest.index(after: semicolon)...]
    }
    return out + rest
  }
}
