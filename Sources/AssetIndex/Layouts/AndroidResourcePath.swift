/// An Android resource file read as AAPT reads its path: `res/drawable-hdpi-v11/foo.9.png`
/// is resource `foo` of type `drawable` for `hdpi` screens on API 11 and later, a nine-patch.
///
/// Qualifiers must come in AAPT's order (mcc, mnc, locale, layout direction, smallest
/// width, available width, available height, screen size, aspect, round, wide colour gamut,
/// HDR, orientation, UI mode, night mode, density, touchscreen, keyboard, text input,
/// navigation state, navigation method, size, version); AAPT refuses a folder whose
/// qualifiers are out of order or unknown, and so does ``init(_:)`` (as an error).
public struct AndroidResourcePath: Sendable, Hashable, CustomStringConvertible {
  /// The path as given, from its `res/` folder on.
  public var path: String
  /// The resource type: `drawable`, `mipmap`, `raw`, `values`…
  public var type: String
  /// The qualifiers after the type, in order (`["hdpi", "v11"]`).
  public var qualifiers: [String]
  /// The density qualifier, or `nil` for a folder without one (drawn as `mdpi`).
  public var density: AndroidDensity?
  /// The `-vN` qualifier's API level, or `nil`.
  public var apiLevel: Int?
  /// The resource name: the file name without its extension or `.9` (`foo`).
  public var name: String
  /// Whether the file is a nine-patch (`foo.9.png`).
  public var isNinePatch: Bool
  /// The extension without its dot (`png`, `xml`, `webp`); empty when there is none.
  public var fileExtension: String

  /// Why a path is not an Android resource path.
  public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path.
    public var path: String
    /// What is wrong, in words.
    public var reason: String
    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
  }

  /// The qualifier groups in AAPT's order, each with a test of one qualifier.
  static let order: [(group: String, test: @Sendable (String) -> Bool)] = [
    ("mcc", { $0.hasPrefix("mcc") && $0.count == 6 && $0.dropFirst(3).allSatisfy(\.isNumber) }),
    ("mnc", { $0.hasPrefix("mnc") && $0.count >= 5 && $0.dropFirst(3).allSatisfy(\.isNumber) }),
    ("locale", { isLocale($0) }),
    ("layout direction", { $0 == "ldrtl" || $0 == "ldltr" }),
    ("smallest width", { isDp($0, prefix: "sw") }),
    ("available width", { isDp($0, prefix: "w") }),
    ("available height", { isDp($0, prefix: "h") }),
    ("screen size", { ["small", "normal", "large", "xlarge"].contains($0) }),
    ("screen aspect", { $0 == "long" || $0 == "notlong" }),
    ("round screen", { $0 == "round" || $0 == "notround" }),
    ("wide colour gamut", { $0 == "widecg" || $0 == "nowidecg" }),
    ("high dynamic range", { $0 == "highdr" || $0 == "lowdr" }),
    ("orientation", { $0 == "port" || $0 == "land" || $0 == "square" }),
    ("UI mode", { ["car", "desk", "television", "appliance", "watch", "vrheadset"].contains($0) }),
    ("night mode", { $0 == "night" || $0 == "notnight" }),
    ("density", { AndroidDensity.named($0) != nil && !$0.allSatisfy(\.isNumber) }),
    ("touchscreen", { ["notouch", "stylus", "finger"].contains($0) }),
    ("keyboard", { ["keysexposed", "keyshidden", "keyssoft"].contains($0) }),
    ("text input", { ["nokeys", "qwerty", "12key"].contains($0) }),
    ("navigation state", { $0 == "navexposed" || $0 == "navhidden" }),
    ("navigation method", { ["nonav", "dpad", "trackball", "wheel"].contains($0) }),
    ("screen dimensions", { isDimensions($0) }),
    ("platform version", { $0.hasPrefix("v") && $0.count >= 2 && $0.dropFirst().allSatisfy(\.isNumber) }),
  ]

  /// The resource types whose folders hold files (not `values`).
  public static let fileTypes: Set<String> = [
    "drawable", "mipmap", "raw", "layout", "anim", "animator", "color", "font", "interpolator", "menu",
    "navigation", "transition", "xml",
  ]

  /// Reads a path whose last two components are `<type>[-qualifiers]/<file>`.
  ///
  /// - Parameter path: the file's path (`app/src/main/res/drawable-hdpi/foo.png` or
  ///   `drawable-hdpi/foo.png`).
  /// - Throws: ``Problem`` when the folder is no resource type, a qualifier is unknown or
  ///   out of AAPT's order, or two qualifiers share a group.
  public init(_ path: String) throws(Problem) {
    self.path = path
    let parts = path.split(separator: "/").map(String.init)
    guard parts.count >= 2 else { throw Problem(path: path, reason: "not inside a resource folder") }
    let folder = parts[parts.count - 2]
    let file = parts[parts.count - 1]
    let pieces = folder.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    type = pieces[0]
    guard AndroidResourcePath.fileTypes.contains(type) || type == "values" else {
      throw Problem(path: path, reason: "'\(type)' is not an Android resource type")
    }
    qualifiers = Array(pieces.dropFirst())
    density = nil
    apiLevel = nil
    var next = 0
    var index = 0
    while index < qualifiers.count {
      var qualifier = qualifiers[index]
      // A region follows its language as its own piece (`en-rGB`).
      if index + 1 < qualifiers.count, AndroidResourcePath.isLocale(qualifier),
        qualifiers[index + 1].hasPrefix("r"), qualifiers[index + 1].count == 3
      {
        qualifier += "-" + qualifiers[index + 1]
        index += 1
      }
      guard
        let group = AndroidResourcePath.order.indices.first(where: {
          AndroidResourcePath.order[$0].test(qualifier)
        })
      else {
        throw Problem(path: path, reason: "'\(qualifier)' in '\(folder)' is not a qualifier AAPT knows")
      }
      guard group >= next else {
        let name = AndroidResourcePath.order[group].group
        throw Problem(
          path: path,
          reason:
            "the \(name) qualifier '\(qualifier)' in '\(folder)' comes after a later group; AAPT wants them in its order"
        )
      }
      next = group + 1
      if AndroidResourcePath.order[group].group == "density" { density = AndroidDensity.named(qualifier) }
      if AndroidResourcePath.order[group].group == "platform version" {
        apiLevel = Int(qualifier.dropFirst())
      }
      index += 1
    }
    var stem = Substring(file)
    if let dot = stem.lastIndex(of: "."), dot != stem.startIndex {
      fileExtension = String(stem[stem.index(after: dot)...])
      stem = stem[..<dot]
    } else {
      fileExtension = ""
    }
    isNinePatch = stem.hasSuffix(".9")
    if isNinePatch { stem = stem.dropLast(2) }
    name = String(stem)
  }

  /// The density the file is drawn for: its qualifier's, or `mdpi` without one.
  public var effectiveDensity: AndroidDensity { density ?? .mdpi }

  /// The qualifiers other than density and version: the configuration the file is for
  /// (`night`, `land`, `en-rGB`); empty for the default configuration.
  public var otherQualifiers: [String] {
    qualifiers.filter {
      AndroidDensity.named($0) == nil && !($0.hasPrefix("v") && Int($0.dropFirst()) != nil)
    }
  }

  /// Whether the resource name is one Android accepts (`a-z`, `0-9`, `_`, not starting
  /// with a digit).
  public var hasValidName: Bool {
    guard let first = name.unicodeScalars.first, !(first >= "0" && first <= "9") else { return false }
    return name.unicodeScalars.allSatisfy {
      ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") || $0 == "_"
    }
  }

  /// `res/drawable-hdpi/foo.png (drawable foo, hdpi)`.
  public var description: String {
    var parts = ["\(type) \(name)", density?.description ?? "no density (mdpi)"]
    if let apiLevel { parts.append("API \(apiLevel)+") }
    if isNinePatch { parts.append("nine-patch") }
    return "\(path) (\(parts.joined(separator: ", ")))"
  }

  static func isDp(_ text: String, prefix: String) -> Bool {
    guard text.hasPrefix(prefix), text.hasSuffix("dp") else { return false }
    let number = text.dropFirst(prefix.count).dropLast(2)
    return !number.isEmpty && number.allSatisfy(\.isNumber)
  }

  static func isLocale(_ text: String) -> Bool {
    if text.hasPrefix("b+") { return text.count > 2 }
    let main = text.split(separator: "-").first.map(String.init) ?? text
    guard main.count == 2 || main.count == 3, main.allSatisfy({ $0 >= "a" && $0 <= "z" }) else {
      return false
    }
    // Two- or three-letter words that are other qualifiers' values.
    return !["car", "dpad", "h", "w", "sw", "v"].contains(main)
  }

  static func isDimensions(_ text: String) -> Bool {
    let sides = text.split(separator: "x")
    return sides.count == 2 && sides.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
  }
}
