import ImageCore

/// An Android colour value resolved to sRGB components, and the table `@color/name`
/// references are looked up in (with the res folder's `@dimen/name` lengths, which the same
/// values files hold).
///
/// Android writes colours `#RGB`, `#ARGB`, `#RRGGBB` or `#AARRGGBB`: the alpha comes first.
///
/// ```swift
/// let table = try AndroidColorTable(bytes: colorsXML, path: "res/values/colors.xml")
/// table.colors["primary"]   // "#FF3F51B5"
/// ```
public struct AndroidColorTable: Sendable, Hashable {
  /// The raw value of each `<color name="…">` (a literal or another reference), by name.
  public var colors: [String: String]
  /// The raw value of each `<dimen name="…">` (`8dp`, `@dimen/other`), by name.
  public var dimensions: [String: String]

  /// Creates a table from names and values.
  ///
  /// - Parameters:
  ///   - colors: each colour's raw value (`#AARRGGBB`, `@color/other`) by name.
  ///   - dimensions: each dimension's raw value (`8dp`, `@dimen/other`) by name.
  public init(colors: [String: String] = [:], dimensions: [String: String] = [:]) {
    self.colors = colors
    self.dimensions = dimensions
  }

  /// Reads the `<color>` and `<dimen>` elements of a `values*/colors.xml` (or any values
  /// file).
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - path: the file's name for messages.
  ///   - limits: the input limits.
  /// - Throws: ``ImageError`` (with `path`): ``ImageError/Code/malformed`` for bad XML,
  ///   ``ImageError/Code/unsupported`` for a DOCTYPE, ``ImageError/Code/limitExceeded``
  ///   for too many bytes or elements.
  public init(bytes: [UInt8], path: String? = nil, limits: VectorLimits = .default) throws {
    let root = try ImageError.attributing(path) { try AndroidDrawableXML.parse(bytes, limits: limits) }
    var colors: [String: String] = [:]
    var dimensions: [String: String] = [:]
    for element in root.children {
      guard let name = element.attributes["name"], let value = element.text else { continue }
      switch element.name {
      case "color": colors[name] = value.androidTrimmed
      case "dimen": dimensions[name] = value.androidTrimmed
      default: break
      }
    }
    self.colors = colors
    self.dimensions = dimensions
  }

  /// Adds `other`'s colours and dimensions, replacing those of the same name.
  ///
  /// - Parameter other: the values to add.
  public mutating func merge(_ other: AndroidColorTable) {
    colors.merge(other.colors) { _, new in new }
    dimensions.merge(other.dimensions) { _, new in new }
  }
}

/// A colour as straight sRGB components, each 0...255, and where a reference could not be
/// resolved, what to say about it.
struct AndroidColor: Hashable {
  var red: Int
  var green: Int
  var blue: Int
  /// 0...255.
  var alpha: Int

  /// The neutral grey an unresolved reference is drawn in, so it is never silently black.
  static let unresolved = AndroidColor(red: 0x9E, green: 0x9E, blue: 0x9E, alpha: 255)
  static let transparent = AndroidColor(red: 0, green: 0, blue: 0, alpha: 0)

  /// `#rrggbb`, for SVG.
  var hex: String {
    "#"
      + [red, green, blue].map { component in
        let digits = String(component, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
      }.joined()
  }

  /// 0...1.
  var opacity: Double { Double(alpha) / 255 }

  /// Parses `#RGB`, `#ARGB`, `#RRGGBB` or `#AARRGGBB`; `nil` for anything else.
  init?(hex text: String) {
    guard text.first == "#" else { return nil }
    var digits = Array(text.dropFirst())
    guard digits.allSatisfy(\.isHexDigit) else { return nil }
    switch digits.count {
    case 3: digits = ["F", "F"] + digits.flatMap { [$0, $0] }
    case 4: digits = digits.flatMap { [$0, $0] }
    case 6: digits = ["F", "F"] + digits
    case 8: break
    default: return nil
    }
    let values = stride(from: 0, to: 8, by: 2).map { Int(String(digits[$0...$0 + 1]), radix: 16) ?? 0 }
    self.init(red: values[1], green: values[2], blue: values[3], alpha: values[0])
  }

  init(red: Int, green: Int, blue: Int, alpha: Int) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Resolves a colour attribute: a literal, `@color/name` through `table` (following
  /// references up to 16 deep), or a few `@android:color/…` constants. Anything else is
  /// the neutral grey, and `warning` says why.
  static func resolve(_ value: String, table: AndroidColorTable?) -> (color: AndroidColor, warning: String?) {
    var current = value.androidTrimmed
    for _ in 0..<16 {
      if let color = AndroidColor(hex: current) { return (color, nil) }
      if let system = systemColors[current] { return (system, nil) }
      guard current.hasPrefix("@color/"), let table else { break }
      guard let next = table.colors[String(current.dropFirst("@color/".count))] else {
        return (.unresolved, "\(value) is not in the res folder's colours; drawn in grey")
      }
      current = next.androidTrimmed
    }
    if current.hasPrefix("?") {
      return (.unresolved, "\(value) is a theme attribute, which depends on the app's theme; drawn in grey")
    }
    if current.hasPrefix("@color/") {
      return (.unresolved, "\(value) needs the res folder's colour table, which was not given; drawn in grey")
    }
    return (.unresolved, "\(value) is not a colour IconGrid can read; drawn in grey")
  }

  private static let systemColors: [String: AndroidColor] = [
    "@android:color/white": AndroidColor(red: 255, green: 255, blue: 255, alpha: 255),
    "@android:color/black": AndroidColor(red: 0, green: 0, blue: 0, alpha: 255),
    "@android:color/transparent": .transparent,
    "@android:color/darker_gray": AndroidColor(red: 0xAA, green: 0xAA, blue: 0xAA, alpha: 255),
  ]
}

extension String {
  /// The string without leading and trailing spaces, tabs and newlines.
  var androidTrimmed: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
    else {
      return ""
    }
    return String(self[first...last])
  }
}
