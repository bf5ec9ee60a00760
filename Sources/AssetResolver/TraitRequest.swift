import AssetIndex
import IconGridSupport

/// What a screen asks of an asset: its scale, device and the traits that pick among a set's
/// slots, as a `UITraitCollection` does, and the details the other platforms' rules read.
///
/// Every trait defaults to what a plain iOS screen has: any (light) appearance, standard
/// contrast, sRGB, any size class. A trait the set has no slot for falls back the way UIKit
/// does: a dark request with no dark slot gets the default one; a P3 request gets the sRGB
/// slot. A slot made for another trait value (dark for a light request, `compact` for any
/// size class) is used only when nothing else can serve.
///
/// The one request of every lookup: UIKit's rule reads the scale as a whole number
/// (``wholeScale``), the device and the traits; Flutter's, React Native's and Android's read
/// the exact scale, the density, the platform, the release bundle and the API level.
///
/// ```swift
/// let request = TraitRequest(scale: 2, idiom: .iphone, appearance: .dark)
/// let variant = asset.variant(for: request)
/// let android = TraitRequest(density: .xxhdpi)  // for `library.resolve(named:for:)`
/// ```
public struct TraitRequest: Sendable, Hashable, CustomStringConvertible {
  /// The interface style a request is for.
  public enum Appearance: String, Sendable, Hashable, CaseIterable {
    /// No preference: the default (light) artwork.
    case any
    /// Light mode: a `light` slot if there is one, else the default.
    case light
    /// Dark mode: a `dark` slot if there is one, else the default.
    case dark
    /// The tinted home screen (iOS 18): a `tinted` slot if there is one, else the default.
    case tinted
  }

  /// The colour space of the display.
  public enum Gamut: String, Sendable, Hashable, CaseIterable {
    /// A standard display: `sRGB` or gamut-less slots; a `display-P3` one only as a last resort.
    case sRGB
    /// A wide-colour display: `display-P3` slots first, then the others.
    case p3
  }

  /// A horizontal or vertical size class.
  public enum SizeClass: String, Sendable, Hashable, CaseIterable {
    /// `compact`.
    case compact
    /// `regular`.
    case regular
  }

  /// Pixels per point (or logical pixel, or dp): 1, 2, 3, or 2.625 for an Android screen.
  public var scale: Double
  /// The device; `nil` for a generic iOS screen (generic files first, then iPhone ones, iPad
  /// ones last).
  public var idiom: Idiom?
  /// The interface style.
  public var appearance: Appearance
  /// Whether the screen asks for high contrast (`contrast: high` slots first).
  public var highContrast: Bool
  /// The display's gamut.
  public var gamut: Gamut
  /// The horizontal size class; `nil` for any (slots without a `width-class`).
  public var widthClass: SizeClass?
  /// The vertical size class; `nil` for any (slots without a `height-class`).
  public var heightClass: SizeClass?
  /// Android's screen density; `nil` for the scale's (`scale × 160` dpi, see ``screenDensity``).
  public var density: AndroidDensity?
  /// React Native: the platform being bundled (`ios` or `android`).
  public var platform: String
  /// React Native: whether this is an iOS release bundle, which keeps only some scales.
  public var releaseBundle: Bool
  /// Android: the device's API level; `nil` for the newest.
  public var apiLevel: Int?

  /// Creates a request; every trait not given is the default.
  ///
  /// - Parameters:
  ///   - scale: the screen's scale, 1 or more.
  ///   - idiom: the device; `nil` for a generic iOS screen.
  ///   - appearance: the interface style.
  ///   - highContrast: whether high contrast is on.
  ///   - gamut: the display's gamut.
  ///   - widthClass: the horizontal size class; `nil` for any.
  ///   - heightClass: the vertical size class; `nil` for any.
  ///   - density: Android's density; `nil` for the scale's.
  ///   - platform: React Native's platform, `ios` by default.
  ///   - releaseBundle: whether a React Native iOS release bundle is asked about.
  ///   - apiLevel: Android's API level; `nil` for the newest.
  public init(
    scale: Double, idiom: Idiom? = nil, appearance: Appearance = .any, highContrast: Bool = false,
    gamut: Gamut = .sRGB, widthClass: SizeClass? = nil, heightClass: SizeClass? = nil,
    density: AndroidDensity? = nil, platform: String = "ios", releaseBundle: Bool = false,
    apiLevel: Int? = nil
  ) {
    self.scale = scale
    self.idiom = idiom
    self.appearance = appearance
    self.highContrast = highContrast
    self.gamut = gamut
    self.widthClass = widthClass
    self.heightClass = heightClass
    self.density = density
    self.platform = platform
    self.releaseBundle = releaseBundle
    self.apiLevel = apiLevel
  }

  /// A request for an Android density, at its scale.
  ///
  /// - Parameter density: the screen's density.
  public init(density: AndroidDensity) {
    self.init(scale: density.scale, density: density)
  }

  /// The scale UIKit's rule reads: ``scale`` rounded up (UIKit screens have whole scales,
  /// and its rule takes the nearest higher), at least 1.
  public var wholeScale: Int {
    guard scale > 1 else { return 1 }
    return Int(min(scale, 1_048_576).rounded(.up))
  }

  /// The density Android's rule reads: ``density``, else the scale's.
  public var screenDensity: AndroidDensity { density ?? AndroidDensity.forScale(scale) }

  /// Whether every trait but scale and idiom is the default (such requests are precomputed).
  public var hasDefaultTraits: Bool {
    (appearance == .any || appearance == .light) && !highContrast && gamut == .sRGB && widthClass == nil
      && heightClass == nil
  }

  /// `@2x iphone dark P3`: the whole scale and each trait that is not the default.
  public var description: String {
    var parts = ["@\(wholeScale)x"]
    if let idiom { parts.append(idiom.rawValue) }
    if appearance != .any { parts.append(appearance.rawValue) }
    if highContrast { parts.append("high-contrast") }
    if gamut == .p3 { parts.append("P3") }
    if let widthClass { parts.append("\(widthClass.rawValue)-width") }
    if let heightClass { parts.append("\(heightClass.rawValue)-height") }
    return parts.joined(separator: " ")
  }
}
