import ImageCore

/// Every trait that identifies a catalog slot, as `Contents.json` writes it.
///
/// Two slots of a set repeat each other only when all their traits are equal: a
/// `height-class: compact` slot, a `display-gamut: display-P3` slot or a `subtype: 38mm` slot
/// is a slot of its own beside the plain one. Values are kept as written (`"dark"`,
/// `"display-P3"`, `"compact"`), so traits this type does not interpret still tell slots
/// apart; the computed properties read the ones a request matches.
///
/// A loose file's traits are its idiom (`~iphone`, `~ipad`) and its scale.
public struct SlotTraits: Sendable, Hashable, CustomStringConvertible {
  /// `idiom` as written: `universal`, `iphone`, `ipad`, `ios-marketing`, `car`, `watch`,
  /// `watch-marketing`, `mac`, `tv`, `vision`…; `nil` when the slot gives none.
  public var idiom: String?
  /// `scale` (`2x` → 2); `nil` for a scale-less slot (Single Size app icons, vector images).
  public var scale: Int?
  /// `size` in points, for app icon slots.
  public var size: PointSize?
  /// `appearances`, kind to value (`["luminosity": "dark"]`, `["contrast": "high"]`); empty
  /// for the default ("any") appearance.
  public var appearances: [String: String] = [:]
  /// `width-class`: `compact` or `regular`; `nil` for any.
  public var widthClass: String?
  /// `height-class`: `compact` or `regular`; `nil` for any.
  public var heightClass: String?
  /// `display-gamut`: `sRGB` or `display-P3`; `nil` for any.
  public var displayGamut: String?
  /// `subtype`: a device's screen or case size (`retina4`, `736h`, `38mm`, `44mm`…).
  public var subtype: String?
  /// `memory`: the least memory the device has (`1GB`, `2GB`…).
  public var memory: String?
  /// `graphics-feature-set` (`metal1v2`, `apple2`…).
  public var graphicsFeatureSet: String?
  /// `language-direction`: `left-to-right` or `right-to-left`.
  public var languageDirection: String?
  /// `locale` of a localized slot (`fr`, `zh-Hans`).
  public var locale: String?
  /// `platform` (`ios`, `watchos`, `macos`, `tvos`, `xros`), for Xcode 14+ universal slots.
  public var platform: String?
  /// `role` of a watch app icon slot (`notificationCenter`, `companionSettings`,
  /// `appLauncher`, `quickLook`, `longLook`).
  public var role: String?
  /// `screen-width` of a watch image slot (`<=145`, `>183`).
  public var screenWidth: String?
  /// `orientation` of a launch image (`portrait`, `landscape`).
  public var orientation: String?
  /// `extent` of a launch image (`full-screen`, `to-status-bar`).
  public var extent: String?
  /// `minimum-system-version` of a launch image (`7.0`, `8.0`).
  public var minimumSystemVersion: String?
  /// `unassigned: true`: a file kept in the set that no device gets.
  public var unassigned: Bool = false

  /// Creates traits; every trait not given is "any".
  ///
  /// - Parameters:
  ///   - idiom: `idiom` as written (`universal`, `iphone`, `ipad`…); `nil` for none.
  ///   - scale: `scale` (`2x` → 2); `nil` for a scale-less slot.
  ///   - size: `size` in points, for app icon slots.
  ///   - appearances: `appearances`, kind to value (`["luminosity": "dark"]`); empty for
  ///     the default appearance.
  public init(
    idiom: String? = nil, scale: Int? = nil, size: PointSize? = nil, appearances: [String: String] = [:]
  ) {
    self.idiom = idiom
    self.scale = scale
    self.size = size
    self.appearances = appearances
  }

  /// The `luminosity` appearance (`light`, `dark`, `tinted`); `nil` for any.
  public var luminosity: String? { appearances["luminosity"] }
  /// Whether the slot is for high contrast (`contrast: high`).
  public var isHighContrast: Bool { appearances["contrast"] == "high" }
  /// Whether the slot is for a wide-gamut display.
  public var isP3: Bool { displayGamut?.lowercased() == "display-p3" }
  /// Whether the slot is the App Store image of an app icon set (`ios-marketing`,
  /// `watch-marketing`…).
  public var isMarketing: Bool { idiom?.hasSuffix("-marketing") == true }

  /// Whether any trait besides idiom, scale and size is given: such a slot is for some
  /// devices or settings only.
  public var hasConditions: Bool {
    !appearances.isEmpty || widthClass != nil || heightClass != nil || displayGamut != nil
      || subtype != nil || memory != nil || graphicsFeatureSet != nil || languageDirection != nil
      || locale != nil || role != nil || screenWidth != nil || orientation != nil || extent != nil
      || minimumSystemVersion != nil || unassigned
  }

  /// `ipad 83.5x83.5 @2x`, `universal ios 1024x1024 dark`, `universal @3x compact-height`:
  /// how messages name a slot (no double spaces when parts are absent).
  public var description: String {
    var parts: [String] = [idiom ?? "universal"]
    if let platform { parts.append(platform) }
    if let subtype { parts.append(subtype) }
    if let role { parts.append(role) }
    if let size { parts.append(size.description) }
    if let scale { parts.append("@\(scale)x") }
    for key in appearances.keys.sorted() {
      let value = appearances[key]!
      parts.append(key == "luminosity" ? value : key == "contrast" ? "\(value)-contrast" : "\(key)=\(value)")
    }
    if let widthClass { parts.append("\(widthClass)-width") }
    if let heightClass { parts.append("\(heightClass)-height") }
    if let displayGamut { parts.append(displayGamut) }
    if let memory { parts.append(memory) }
    if let graphicsFeatureSet { parts.append(graphicsFeatureSet) }
    if let languageDirection { parts.append(languageDirection) }
    if let locale { parts.append(locale) }
    if let screenWidth { parts.append("screen-width \(screenWidth)") }
    if let orientation { parts.append(orientation) }
    if let extent { parts.append(extent) }
    if let minimumSystemVersion { parts.append("iOS \(minimumSystemVersion)+") }
    if unassigned { parts.append("unassigned") }
    return parts.joined(separator: " ")
  }
}

/// A set's `properties` that change how its images are used.
public struct SetProperties: Sendable, Hashable {
  /// `template-rendering-intent`: `template` (drawn tinted, like a symbol) or `original`;
  /// `nil` for the default.
  public var templateRenderingIntent: String?
  /// `preserves-vector-representation`: a PDF or SVG kept as a vector and drawn at any size.
  public var preservesVectorRepresentation: Bool = false
  /// `localizable`: the set has per-locale slots.
  public var localizable: Bool = false
  /// `auto-scaling` (`auto`: a watch image scaled per screen size).
  public var autoScaling: String?
  /// `on-demand-resource-tags`: the set is downloaded on demand with these tags.
  public var onDemandResourceTags: [String] = []
  /// `compression-type` (`lossless`, `lossy`, `gpu-optimized-best`…).
  public var compressionType: String?
  /// `provides-namespace` (folders): names inside are prefixed with the folder's name.
  public var providesNamespace: Bool = false

  /// Creates properties with every value at its default.
  public init() {}

  /// Whether the set's images are drawn as a template (tinted by the interface).
  public var isTemplate: Bool { templateRenderingIntent == "template" }
}
