/// A device family that a variant can be specific to; a generic (universal) variant has
/// no idiom (`nil`).
public enum Idiom: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// `~iphone` files and `"idiom": "iphone"` catalog slots.
  case iphone
  /// `~ipad` files and `"idiom": "ipad"` catalog slots.
  case ipad

  public var description: String { rawValue }
}

/// A file or request name split into `base[@Nx][~idiom].ext`.
///
/// The scale comes before the idiom (`icon@2x~ipad.png`); any integer scale N ≥ 1 is
/// accepted, idioms are case-sensitive, and a name without an extension means `.png`.
/// A suffix a device would not honour (`@2X`, `~iPad`, `~iphone@2x`) stays part of the
/// base and is reported in ``suspiciousSuffix`` so a check can flag it.
///
/// ```swift
/// let name = AssetName(parsing: "tabs/home@2x~ipad.png")
/// // name.base == "tabs/home", name.scale == 2, name.idiom == .ipad, name.ext == "png"
/// ```
public struct AssetName: Sendable, Hashable, CustomStringConvertible {
  /// The name without scale, idiom and extension; may contain `/` for nested folders.
  public var base: String
  /// The `@Nx` scale, `nil` when the name has none (a file without one is scale 1).
  public var scale: Int?
  /// The `~iphone` / `~ipad` idiom, `nil` when the name has none.
  public var idiom: Idiom?
  /// The extension without its dot, `png` when the name has none.
  public var ext: String
  /// Whether the text named the extension explicitly.
  public var hasExplicitExtension: Bool
  /// A suffix that looks like a scale or idiom but is not one a device honours, such as
  /// `@2X`, `~iPad` or an idiom before the scale; `nil` when there is none.
  public var suspiciousSuffix: String?

  /// Extensions recognised as such; any other `.xyz` tail is part of the base.
  static let imageExtensions: Set<String> = [
    "png", "jpg", "jpeg", "gif", "pdf", "heic", "webp", "svg", "PNG", "JPG", "JPEG",
  ]

  /// Creates a name from its parts.
  public init(base: String, scale: Int? = nil, idiom: Idiom? = nil, ext: String = "png") {
    self.base = base
    self.scale = scale
    self.idiom = idiom
    self.ext = ext
    self.hasExplicitExtension = true
    self.suspiciousSuffix = nil
  }

  /// Splits `text` into base, scale, idiom and extension.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public init(parsing text: String) {
    self.init(base: text)
    hasExplicitExtension = false
    var stem = Substring(text)
    if let dot = stem.lastIndex(of: "."), !stem[..<dot].hasSuffix("/") {
      let tail = stem[stem.index(after: dot)...]
      if !tail.contains("/"), AssetName.imageExtensions.contains(String(tail)) {
        ext = String(tail)
        hasExplicitExtension = true
        stem = stem[..<dot]
      }
    }
    if stem.hasSuffix("~iphone") {
      idiom = .iphone
      stem = stem.dropLast(7)
    } else if stem.hasSuffix("~ipad") {
      idiom = .ipad
      stem = stem.dropLast(5)
    } else if let tilde = stem.lastIndex(of: "~") {
      let word = stem[stem.index(after: tilde)...].lowercased()
      if word == "iphone" || word == "ipad" { suspiciousSuffix = String(stem[tilde...]) }
    }
    if let at = stem.lastIndex(of: "@") {
      let suffix = stem[stem.index(after: at)...]
      if let value = AssetName.scaleValue(suffix, marker: "x") {
        scale = value
        stem = stem[..<at]
      } else if AssetName.scaleValue(suffix, marker: "X") != nil, suspiciousSuffix == nil {
        suspiciousSuffix = String(stem[at...])
      }
    }
    if suspiciousSuffix == nil, let tilde = stem.lastIndex(of: "~") {
      // `icon~ipad@2x`: the idiom sits before the scale, so a device reads neither.
      let word = stem[stem.index(after: tilde)...]
      let lower = word.lowercased()
      if lower.hasPrefix("iphone@") || lower.hasPrefix("ipad@") || lower == "iphone" || lower == "ipad" {
        suspiciousSuffix = String(stem[tilde...])
      }
    }
    base = String(stem)
  }

  /// `N` for a suffix `N<marker>` with N a positive decimal integer without a leading zero.
  private static func scaleValue(_ suffix: Substring, marker: Character) -> Int? {
    guard suffix.count >= 2, suffix.last == marker else { return nil }
    let digits = suffix.dropLast()
    guard digits.first != "0", digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    guard let value = Int(digits), value >= 1 else { return nil }
    return value
  }

  /// The file name: `base@Nx~idiom.ext`, omitting the parts that are `nil`.
  public var fileName: String {
    var text = base
    if let scale { text += "@\(scale)x" }
    if let idiom { text += "~\(idiom.rawValue)" }
    return text + "." + ext
  }

  public var description: String { fileName }
}
