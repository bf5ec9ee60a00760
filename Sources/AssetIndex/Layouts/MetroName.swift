import IconGridSupport

/// A React Native image file name read as Metro reads it: `name@2.5x.ios.png` is the 2.5
/// variant of `name.png` for iOS.
///
/// The extension comes off first, then a platform suffix (`.ios`, `.android`, `.native`,
/// `.web`), then an `@Nx` scale with a decimal `N` (`@1.5x`). A name without `@Nx` is the 1x
/// file. Metro's scale pattern is case-sensitive and wants the scale last: `@2X`,
/// `icon@2x-dark.png` and `icon.ios@2x.png` are not variants (see ``ignoredSuffix``).
public struct MetroName: Sendable, Hashable, CustomStringConvertible {
  /// The file name as given.
  public var fileName: String
  /// The name every variant shares, without scale, platform or extension (`name`).
  public var base: String
  /// The scale (`@2.5x` → 2.5); 1 without a suffix.
  public var scale: Double
  /// Whether the name spelled a scale.
  public var hasScaleSuffix: Bool
  /// The platform suffix (`ios`, `android`, `native`, `web`), or `nil`.
  public var platform: String?
  /// The extension without its dot (`png`); empty when there is none.
  public var fileExtension: String
  /// A suffix that looks like a scale Metro does not read (`@2X`, `@2x-dark`, `@x2`), or `nil`.
  public var ignoredSuffix: String?

  /// The platform suffixes Metro's default resolver knows.
  public static let platforms: Set<String> = ["ios", "android", "native", "web"]

  /// Reads a file name (the last path component).
  ///
  /// - Parameter fileName: a file name such as `logo@3x.android.png`.
  public init(_ fileName: String) {
    self.fileName = fileName
    var rest = Substring(fileName)
    if let dot = rest.lastIndex(of: "."), dot != rest.startIndex {
      fileExtension = String(rest[rest.index(after: dot)...])
      rest = rest[..<dot]
    } else {
      fileExtension = ""
    }
    platform = nil
    if let dot = rest.lastIndex(of: "."),
      MetroName.platforms.contains(String(rest[rest.index(after: dot)...]))
    {
      platform = String(rest[rest.index(after: dot)...])
      rest = rest[..<dot]
    }
    scale = 1
    hasScaleSuffix = false
    ignoredSuffix = nil
    if let at = rest.lastIndex(of: "@"), at != rest.startIndex {
      let suffix = rest[rest.index(after: at)...]
      if suffix.count >= 2, suffix.last == "x", let value = Double(suffix.dropLast()), value > 0,
        suffix.dropLast().allSatisfy({ $0 == "." || ($0.isASCII && $0.isNumber) })
      {
        scale = value
        hasScaleSuffix = true
        rest = rest[..<at]
      } else if suffix.first.map({ $0.isNumber || $0 == "x" || $0 == "X" }) == true {
        ignoredSuffix = "@" + String(suffix)
      }
    }
    base = String(rest)
  }

  /// `fileName (base, @2.5x, ios)`.
  public var description: String {
    var parts = [base, "@\(ScaleText.format(scale))x"]
    if let platform { parts.append(platform) }
    return "\(fileName) (\(parts.joined(separator: ", ")))"
  }
}
