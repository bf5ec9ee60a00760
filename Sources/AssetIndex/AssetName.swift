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
  ///
  /// The parts are taken as given, not parsed: a `base` that contains `@2x` keeps it.
  ///
  /// - Parameters:
  ///   - base: the name without scale, idiom and extension; may contain `/`.
  ///   - scale: the `@Nx` scale; `nil` for none.
  ///   - idiom: the `~iphone` / `~ipad` idiom; `nil` for none.
  ///   - ext: the extension without its dot.
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
  /// - Parameter text: a file or request name such as `tabs/home@2x~ipad.png`, with or
  ///   without the extension.
  /// - Complexity: O(n) in the length of `text`; it works on UTF-8 bytes and makes one
  ///   new string (the base), because the index parses every file name of a tree.
  public init(parsing text: String) {
    var text = text
    text.makeContiguousUTF8()
    self = text.utf8.withContiguousStorageIfAvailable { AssetName.parse($0) }!
  }

  private static let dot = UInt8(ascii: ".")
  private static let slash = UInt8(ascii: "/")
  private static let tilde = UInt8(ascii: "~")
  private static let at = UInt8(ascii: "@")

  /// Where the parts of a name lie in its UTF-8 bytes: what ``init(parsing:)`` reads,
  /// without making a string. The index reads every loose file's name this way, from the
  /// bytes the folder listing gives.
  package struct Parts {
    /// The end of the base: the bytes before it are ``AssetName/base``.
    package var baseEnd: Int
    /// The extension's bytes (after the dot), when the name ends in one of an image type.
    package var extensionRange: Range<Int>?
    /// The `@Nx` scale; `nil` when there is none.
    package var scale: Int?
    /// The `~iphone` / `~ipad` idiom; `nil` when there is none.
    package var idiom: Idiom?
    /// The bytes of ``AssetName/suspiciousSuffix``; `nil` when there is none.
    package var suspiciousRange: Range<Int>?
  }

  private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> AssetName {
    let parts = AssetName.parts(of: bytes)
    var name = AssetName(base: "")
    name.hasExplicitExtension = parts.extensionRange != nil
    if let range = parts.extensionRange {
      let tail = UnsafeBufferPointer(rebasing: bytes[range])
      if !isPNG(tail) { name.ext = String(decoding: tail, as: UTF8.self) }
    }
    name.scale = parts.scale
    name.idiom = parts.idiom
    name.suspiciousSuffix = parts.suspiciousRange.map {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self)
    }
    name.base = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<parts.baseEnd]), as: UTF8.self)
    return name
  }

  /// Splits the UTF-8 bytes of a name into its parts, as ``init(parsing:)`` does.
  ///
  /// - Parameter bytes: a file or request name's UTF-8 bytes.
  /// - Returns: where base, extension and suffixes lie, and the scale and idiom read.
  /// - Complexity: O(n) in the bytes; a string is made only for an extension other than
  ///   `png`, to look it up.
  package static func parts(of bytes: UnsafeBufferPointer<UInt8>) -> Parts {
    var parts = Parts(baseEnd: bytes.count)
    var end = bytes.count
    // The extension: after the last dot of the last path component, if it names an image type.
    var index = end - 1
    while index >= 0, bytes[index] != dot, bytes[index] != slash { index -= 1 }
    if index > 0, bytes[index] == dot, bytes[index - 1] != slash {
      let tail = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])
      if isPNG(tail) || imageExtensions.contains(String(decoding: tail, as: UTF8.self)) {
        parts.extensionRange = (index + 1)..<end
        end = index
      }
    }
    if hasSuffix(bytes, end, "~iphone") {
      parts.idiom = .iphone
      end -= 7
    } else if hasSuffix(bytes, end, "~ipad") {
      parts.idiom = .ipad
      end -= 5
    } else if let mark = lastIndex(of: tilde, in: bytes, before: end) {
      let word = UnsafeBufferPointer(rebasing: bytes[(mark + 1)..<end])
      if equalsIgnoringCase(word, "iphone") || equalsIgnoringCase(word, "ipad") {
        parts.suspiciousRange = mark..<end
      }
    }
    if let mark = lastIndex(of: at, in: bytes, before: end) {
      let suffix = UnsafeBufferPointer(rebasing: bytes[(mark + 1)..<end])
      if let value = scaleValue(suffix, marker: UInt8(ascii: "x")) {
        parts.scale = value
        end = mark
      } else if scaleValue(suffix, marker: UInt8(ascii: "X")) != nil, parts.suspiciousRange == nil {
        parts.suspiciousRange = mark..<end
      }
    }
    if parts.suspiciousRange == nil, let mark = lastIndex(of: tilde, in: bytes, before: end) {
      // `icon~ipad@2x`: the idiom sits before the scale, so a device reads neither.
      let word = UnsafeBufferPointer(rebasing: bytes[(mark + 1)..<end])
      if startsIgnoringCase(word, "iphone@") || startsIgnoringCase(word, "ipad@")
        || equalsIgnoringCase(word, "iphone") || equalsIgnoringCase(word, "ipad")
      {
        parts.suspiciousRange = mark..<end
      }
    }
    parts.baseEnd = end
    return parts
  }

  /// Whether the bytes are `png`: compared byte by byte, as every loose file's extension is.
  private static func isPNG(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count == 3 && bytes[0] == UInt8(ascii: "p") && bytes[1] == UInt8(ascii: "n")
      && bytes[2] == UInt8(ascii: "g")
  }

  private static func hasSuffix(_ bytes: UnsafeBufferPointer<UInt8>, _ end: Int, _ suffix: StaticString)
    -> Bool
  {
    let count = suffix.utf8CodeUnitCount
    guard end >= count else { return false }
    return UnsafeBufferPointer(rebasing: bytes[(end - count)..<end]).elementsEqual(
      UnsafeBufferPointer(start: suffix.utf8Start, count: count))
  }

  private static func lastIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Int?
  {
    var index = end - 1
    while index >= 0 {
      if bytes[index] == byte { return index }
      index -= 1
    }
    return nil
  }

  private static func lower(_ byte: UInt8) -> UInt8 {
    byte >= 65 && byte <= 90 ? byte + 32 : byte
  }

  private static func equalsIgnoringCase(_ word: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString)
    -> Bool
  {
    word.count == lowercase.utf8CodeUnitCount && startsIgnoringCase(word, lowercase)
  }

  private static func startsIgnoringCase(_ word: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString)
    -> Bool
  {
    let count = lowercase.utf8CodeUnitCount
    guard word.count >= count else { return false }
    for offset in 0..<count where lower(word[offset]) != lowercase.utf8Start[offset] { return false }
    return true
  }

  /// `N` for a suffix `N<marker>` with N a positive decimal integer without a leading zero.
  private static func scaleValue(_ suffix: UnsafeBufferPointer<UInt8>, marker: UInt8) -> Int? {
    guard suffix.count >= 2, suffix.count <= 10, suffix[suffix.count - 1] == marker,
      suffix[0] != UInt8(ascii: "0")
    else { return nil }
    var value = 0
    for byte in suffix.dropLast() {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
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
