/// An Android screen density: a named bucket (`hdpi`), a custom dpi (`420dpi`), or one of
/// the two markers that are no density (`nodpi`, `anydpi`).
public struct AndroidDensity: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The dots per inch `ResTable_config` stores: 120 for `ldpi` … 640 for `xxxhdpi`,
  /// ``noDPI`` (0xFFFF) for `nodpi`, ``anyDPI`` (0xFFFE) for `anydpi`.
  public var dpi: Int

  /// Creates a density from its dpi.
  ///
  /// - Parameter dpi: dots per inch (160 is `mdpi`, one pixel per dp).
  public init(dpi: Int) { self.dpi = dpi }

  /// `ldpi`, 120 dpi (0.75 px per dp).
  public static let ldpi = AndroidDensity(dpi: 120)
  /// `mdpi`, 160 dpi (1 px per dp); also what an unqualified folder is drawn at.
  public static let mdpi = AndroidDensity(dpi: 160)
  /// `tvdpi`, 213 dpi (1.33 px per dp).
  public static let tvdpi = AndroidDensity(dpi: 213)
  /// `hdpi`, 240 dpi (1.5 px per dp).
  public static let hdpi = AndroidDensity(dpi: 240)
  /// `xhdpi`, 320 dpi (2 px per dp).
  public static let xhdpi = AndroidDensity(dpi: 320)
  /// `xxhdpi`, 480 dpi (3 px per dp).
  public static let xxhdpi = AndroidDensity(dpi: 480)
  /// `xxxhdpi`, 640 dpi (4 px per dp).
  public static let xxxhdpi = AndroidDensity(dpi: 640)
  /// `nodpi`: drawn at its pixel size on every screen, never scaled.
  public static let noDPI = AndroidDensity(dpi: 0xFFFF)
  /// `anydpi`: scales itself (vector drawables, adaptive icons); preferred over any bucket.
  public static let anyDPI = AndroidDensity(dpi: 0xFFFE)

  /// The named buckets, lowest first.
  public static let buckets: [(name: String, density: AndroidDensity)] = [
    ("ldpi", .ldpi), ("mdpi", .mdpi), ("tvdpi", .tvdpi), ("hdpi", .hdpi), ("xhdpi", .xhdpi),
    ("xxhdpi", .xxhdpi), ("xxxhdpi", .xxxhdpi),
  ]

  /// Reads a density qualifier or a number: `xxhdpi`, `420dpi`, `420`, `nodpi`, `anydpi`.
  ///
  /// - Parameter text: the qualifier (lowercase, as Android spells it) or a plain dpi.
  /// - Returns: the density, or `nil` when `text` is none.
  public static func named(_ text: String) -> AndroidDensity? {
    if let bucket = buckets.first(where: { $0.name == text }) { return bucket.density }
    if text == "nodpi" { return .noDPI }
    if text == "anydpi" { return .anyDPI }
    let digits = text.hasSuffix("dpi") ? String(text.dropLast(3)) : text
    guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let dpi = Int(digits), dpi > 0, dpi < 0xFFFE
    else { return nil }
    return AndroidDensity(dpi: dpi)
  }

  /// Whether this is a real density (not `nodpi` or `anydpi`).
  public var isBucket: Bool { dpi > 0 && dpi < 0xFFFE }

  /// Pixels per dp (`dpi / 160`); 1 for `nodpi` and `anydpi`, which are not scaled by density.
  public var scale: Double { isBucket ? Double(dpi) / 160 : 1 }

  /// The density whose scale is `scale` (2 → 320 dpi, 2.625 → 420 dpi).
  ///
  /// - Parameter scale: pixels per dp.
  /// - Returns: the density, rounded to a whole dpi.
  public static func forScale(_ scale: Double) -> AndroidDensity {
    AndroidDensity(dpi: Int((scale * 160).rounded()))
  }

  /// The qualifier: `hdpi`, `420dpi`, `nodpi`, `anydpi`.
  public var description: String {
    if self == .noDPI { return "nodpi" }
    if self == .anyDPI { return "anydpi" }
    return AndroidDensity.buckets.first(where: { $0.density == self })?.name ?? "\(dpi)dpi"
  }

  /// Orders by dpi.
  ///
  /// - Parameters:
  ///   - a: one density.
  ///   - b: another.
  /// - Returns: whether `a` has fewer dots per inch.
  public static func < (a: AndroidDensity, b: AndroidDensity) -> Bool { a.dpi < b.dpi }
}
