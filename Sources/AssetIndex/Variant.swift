import IconGridSupport
import ImageCore

/// One file of an asset: where it is and which screens it is for.
///
/// Copying one is a single reference-count operation: the fields live in a shared,
/// immutable box, so the lookup path of a busy service stays cheap.
public struct Variant: Sendable, Hashable {
  private final class Storage: Sendable {
    let path: String
    let key: CacheKey
    let scale: Int
    let idiom: Idiom?
    let catalogIdiom: String?
    /// A catalog slot's traits, shared by every lane's copy (lookups never retain it); `nil`
    /// for a loose file, whose traits are its idiom and scale.
    let traits: TraitsBox?
    /// What the choice reads of the traits, as plain bytes.
    let match: SlotMatch
    let isScaleIndependent: Bool
    let suspiciousSuffix: String?

    init(
      path: String, key: CacheKey, scale: Int, idiom: Idiom?, catalogIdiom: String?, traits: TraitsBox?,
      match: SlotMatch, isScaleIndependent: Bool, suspiciousSuffix: String?
    ) {
      self.path = path
      self.key = key
      self.scale = scale
      self.idiom = idiom
      self.catalogIdiom = catalogIdiom
      self.traits = traits
      self.match = match
      self.isScaleIndependent = isScaleIndependent
      self.suspiciousSuffix = suspiciousSuffix
    }
  }

  private let storage: Storage

  /// The file's path relative to the catalog root, with `/` separators.
  public var path: String { storage.path }
  /// The scale the file is drawn at: 1, 2, 3, …; 1 for a scale-independent file (see
  /// ``isScaleIndependent``).
  public var scale: Int { storage.scale }
  /// The device family it is specific to; `nil` for a generic (universal) file.
  public var idiom: Idiom? { storage.idiom }
  /// A catalog slot's `idiom` as written (`universal`, `iphone`, `ios-marketing`, `mac`…);
  /// `nil` for loose files.
  public var catalogIdiom: String? { storage.catalogIdiom }
  /// An app icon slot's size in points; `nil` elsewhere.
  public var size: PointSize? { storage.traits?.value.size }
  /// Every trait of the slot it fills (for a loose file: its idiom and scale).
  public var traits: SlotTraits {
    storage.traits?.value ?? SlotTraits(idiom: storage.idiom?.rawValue, scale: storage.scale)
  }
  /// Whether the file serves every scale as it is: a scale-less Single Size app icon (one
  /// 1024 shrunk to each size) or the one vector file of a set. Such a file is never a
  /// fallback, whatever scale is asked for.
  public var isScaleIndependent: Bool { storage.isScaleIndependent }
  /// For a loose file whose name has a suffix a device ignores (`@2X`, `~iPad`), that
  /// suffix; `nil` otherwise.
  public var suspiciousSuffix: String? { storage.suspiciousSuffix }
  /// Whether a request from an iOS device can pick this variant: catalog slots for other
  /// platforms (`mac`, `watch`, `tv`…) are indexed but never chosen.
  public var isSelectable: Bool { storage.match.family.servesGenericIOS }
  /// The device this variant is made for (an `ipad` slot, a `universal` slot for `watchos`);
  /// `nil` for a generic file or a `universal` slot without a platform.
  public var device: Idiom? { storage.match.family.device }
  /// The App Store image of an app icon set (`ios-marketing`, `watch-marketing`).
  public var isMarketing: Bool { storage.match.family.isMarketing }
  /// What the scale rule reads.
  package var match: SlotMatch { storage.match }
  /// The root joined with ``path``: the file that is opened.
  package var fullPath: String { storage.key.path }
  /// The cache key of the file, its hash computed once.
  package var key: CacheKey { storage.key }

  init(
    path: String, fullPath: String, scale: Int, idiom: Idiom?, catalogIdiom: String? = nil,
    traits: SlotTraits? = nil, isScaleIndependent: Bool = false, suspiciousSuffix: String? = nil
  ) {
    let box = traits.map(TraitsBox.init)
    self.init(
      path: path, fullPath: fullPath, scale: scale, idiom: idiom, catalogIdiom: catalogIdiom, box: box,
      match: SlotMatch(idiom: idiom, catalogIdiom: catalogIdiom, traits: traits),
      isScaleIndependent: isScaleIndependent, suspiciousSuffix: suspiciousSuffix)
  }

  private init(
    path: String, fullPath: String, scale: Int, idiom: Idiom?, catalogIdiom: String?, box: TraitsBox?,
    match: SlotMatch, isScaleIndependent: Bool, suspiciousSuffix: String?
  ) {
    storage = Storage(
      path: path, key: CacheKey(fullPath), scale: scale, idiom: idiom, catalogIdiom: catalogIdiom,
      traits: box,
      match: match, isScaleIndependent: isScaleIndependent, suspiciousSuffix: suspiciousSuffix)
  }

  /// The same variant in storage of its own, strings included: each lookup lane holds
  /// such copies so that threads retaining variants never share a reference count. The
  /// traits box stays shared: a lookup never retains it.
  package func unshared() -> Variant {
    func fresh(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }
    return Variant(
      path: fresh(path), fullPath: fresh(fullPath), scale: scale, idiom: idiom,
      catalogIdiom: catalogIdiom.map(fresh), box: storage.traits, match: storage.match,
      isScaleIndependent: isScaleIndependent, suspiciousSuffix: suspiciousSuffix.map(fresh))
  }

  public static func == (lhs: Variant, rhs: Variant) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.path == rhs.path && lhs.fullPath == rhs.fullPath && lhs.scale == rhs.scale
        && lhs.idiom == rhs.idiom && lhs.catalogIdiom == rhs.catalogIdiom && lhs.traits == rhs.traits
        && lhs.isScaleIndependent == rhs.isScaleIndependent && lhs.suspiciousSuffix == rhs.suspiciousSuffix)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(fullPath)
    hasher.combine(scale)
    hasher.combine(catalogIdiom)
  }
}

/// A slot's traits behind one reference, shared by every copy of its variant.
final class TraitsBox: Sendable {
  let value: SlotTraits
  init(_ value: SlotTraits) { self.value = value }
}

/// The traits the scale rule compares, read once from a slot: small numbers, no strings, so
/// choosing touches no reference count.
package struct SlotMatch: Sendable, Hashable {
  /// Which devices it serves.
  package var family: SlotFamily
  /// 0 any, 1 light, 2 dark, 3 tinted, 4 another value.
  package var luminosity: UInt8 = 0
  package var highContrast = false
  /// 0 any, 1 sRGB, 2 display-P3.
  package var gamut: UInt8 = 0
  /// 0 any, 1 compact, 2 regular, 3 another value.
  package var widthClass: UInt8 = 0
  package var heightClass: UInt8 = 0
  /// How many device-specific conditions (subtype, memory, locale, role…) it has.
  package var conditions: UInt8 = 0
  package var unassigned = false

  init(idiom: Idiom?, catalogIdiom: String?, traits: SlotTraits?) {
    guard let traits, catalogIdiom != nil || traits.platform != nil || traits.hasConditions else {
      family = SlotFamily(fileIdiom: idiom)
      return
    }
    family = SlotFamily(catalogIdiom: catalogIdiom, platform: traits.platform)
    switch traits.luminosity {
    case nil: luminosity = 0
    case "light": luminosity = 1
    case "dark": luminosity = 2
    case "tinted": luminosity = 3
    default: luminosity = 4
    }
    highContrast = traits.isHighContrast
    gamut = traits.displayGamut == nil ? 0 : traits.isP3 ? 2 : 1
    func sizeClass(_ text: String?) -> UInt8 {
      switch text {
      case nil: 0
      case "compact": 1
      case "regular": 2
      default: 3
      }
    }
    widthClass = sizeClass(traits.widthClass)
    heightClass = sizeClass(traits.heightClass)
    var count = 0
    for value in [
      traits.subtype, traits.memory, traits.graphicsFeatureSet, traits.languageDirection, traits.locale,
      traits.role, traits.screenWidth, traits.minimumSystemVersion,
    ] where value != nil { count += 1 }
    if traits.orientation == "landscape" { count += 1 }
    if traits.extent == "to-status-bar" { count += 1 }
    conditions = UInt8(min(count, 255))
    unassigned = traits.unassigned
  }
}
