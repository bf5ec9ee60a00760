import ImageCore

/// A platform an app icon set can serve.
public enum AppIconPlatform: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// iPhone, iPad and CarPlay (`iphone`, `ipad`, `car`, `ios-marketing`, or `platform: ios`).
  case ios
  /// Apple Watch (`watch`, `watch-marketing`, or `platform: watchos`).
  case watchos
  /// The Mac (`mac`, or `platform: macos`).
  case macos
  /// Apple TV (`tv`, `tv-marketing` in a brand-asset group, or `platform: tvos`).
  case tvos
  /// Apple Vision Pro (`vision`, or `platform: xros`).
  case visionos

  /// The platform a slot is for, from its idiom and platform; `nil` for a `universal` slot
  /// without a platform or an idiom this table does not know.
  ///
  /// A slot's `platform`, when it gives one, decides (an unknown one gives `nil`); the idiom
  /// is read only without one.
  ///
  /// - Parameter traits: the slot's traits; only `platform` and `idiom` are read.
  public init?(slot traits: SlotTraits) {
    switch traits.platform {
    case "ios": self = .ios
    case "watchos": self = .watchos
    case "macos": self = .macos
    case "tvos": self = .tvos
    case "xros", "visionos": self = .visionos
    case nil:
      switch traits.idiom {
      case "iphone", "ipad", "car", "ios-marketing": self = .ios
      case "watch", "watch-marketing": self = .watchos
      case "mac": self = .macos
      case "tv", "tv-marketing": self = .tvos
      case "vision": self = .visionos
      default: return nil
      }
    default: return nil
    }
  }

  public var description: String { rawValue }
}

/// How an app icon set lays out a platform's slots.
public enum AppIconForm: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Xcode 14+ "Single Size": one scale-less `universal` 1024 per platform (with
  /// `platform`), plus optional dark and tinted appearances; every size is made from it.
  case singleSize = "single-size"
  /// "All Sizes" in the classic form: a slot per device idiom, size and scale (`iphone`
  /// 60x60 @2x, `ipad` 83.5x83.5 @2x, `watch` by role and subtype, `mac` 16–512 @1x/@2x) and
  /// an `*-marketing` 1024 @1x.
  case classic
  /// Xcode 14+ "All Sizes": `universal` slots with `platform`, each size and scale, and a
  /// scale-less 1024 for the App Store.
  case universalAllSizes = "universal-all-sizes"
  /// An iMessage app's icon (`.stickersiconset`): Messages' wide 4:3 sizes beside the
  /// settings icons, and two App Store images (1024x1024 and 1024x768).
  case messages

  public var description: String { rawValue }
}

/// One slot an app icon set of a platform and form has, as Xcode's template writes it.
public struct AppIconSlotSpec: Sendable, Hashable, CustomStringConvertible {
  /// The platform it is for.
  public var platform: AppIconPlatform
  /// The form of set it belongs to.
  public var form: AppIconForm
  /// `idiom` as `Contents.json` writes it.
  public var idiom: String
  /// The size in points (`size`).
  public var size: PointSize
  /// The scale; `nil` for a scale-less slot (Single Size, the universal App Store image).
  public var scale: Int?
  /// A watch slot's `role` (`notificationCenter`, `companionSettings`, `appLauncher`,
  /// `quickLook`, `longLook`), or a tvOS brand asset's (`primary-app-icon`, `top-shelf-image`…).
  public var role: String?
  /// A watch slot's `subtype` (`38mm`, `40mm`, `41mm`, `42mm`, `44mm`, `45mm`, `49mm`).
  public var subtype: String?
  /// The `luminosity` appearance (`dark`, `tinted`); `nil` for the default artwork.
  public var appearance: String?
  /// The device that needs it (iPad slots are required only of apps that run on iPad,
  /// CarPlay ones only of CarPlay apps); `nil` for every device of the platform.
  public var device: Idiom?
  /// Whether Xcode or App Store validation requires it of an app for ``device``.
  public var isRequired: Bool
  /// Whether it is the App Store image (`ios-marketing`, `watch-marketing`, the Single Size
  /// or universal 1024, the Mac's 512x512 @2x, tvOS's `tv-marketing`).
  public var isMarketing: Bool
  /// Where the system shows it (`iPhone home screen`, `Spotlight`, `App Store`…).
  public var usage: String

  /// The last iOS version that draws it, for the sizes only iOS 6 and earlier use (57 and
  /// 72 pt home screen, 50 pt iPad Spotlight, 29 pt @1x settings: the table's usage says
  /// "(iOS 6)"); `nil` for sizes current systems draw.
  public var lastIOSVersion: Int? { usage.hasSuffix("(iOS 6)") ? 6 : nil }

  /// Width in pixels: size × scale (a scale-less slot's size is its pixels); 83.5 pt at @2x
  /// is 167 px.
  public var pixelWidth: Int { Int((size.width * Double(scale ?? 1)).rounded()) }
  /// Height in pixels: size × scale.
  public var pixelHeight: Int { Int((size.height * Double(scale ?? 1)).rounded()) }

  /// Whether a slot of a set is this one: same idiom, size, scale, role, subtype and
  /// appearance, and the platform when the slot names one.
  ///
  /// - Parameter traits: the slot's traits.
  /// - Returns: `true` when they describe this slot.
  public func matches(_ traits: SlotTraits) -> Bool {
    (traits.idiom ?? "universal") == idiom && traits.size == size && traits.scale == scale
      && traits.role == role && traits.subtype == subtype && traits.luminosity == appearance
      && AppIconPlatform(slot: traits) == platform
  }

  /// The traits `Contents.json` writes for it (what a "make an app icon set" command writes).
  public var traits: SlotTraits {
    var traits = SlotTraits(
      idiom: idiom, scale: scale, size: size, appearances: appearance.map { ["luminosity": $0] } ?? [:])
    traits.role = role
    traits.subtype = subtype
    if idiom == "universal" {
      traits.platform =
        switch platform {
        case .ios: "ios"
        case .watchos: "watchos"
        case .macos: "macos"
        case .tvos: "tvos"
        case .visionos: "xros"
        }
    }
    return traits
  }

  /// `ios iphone 60x60 @2x (120×120 px, required)`.
  public var description: String {
    var text = "\(platform) \(traits)"
    text += " (\(pixelWidth)×\(pixelHeight) px, \(isRequired ? "required" : "optional"))"
    return text
  }
}

/// Which form a set uses for each platform it covers, and its App Store slot.
public struct AppIconLayout: Sendable, Hashable {
  /// Each platform the set has slots for, with the form of those slots (a set may be Single
  /// Size for iOS and classic for the Mac, like home-assistant's `AppIcon`).
  public var forms: [AppIconPlatform: AppIconForm]
  /// The platforms, in ``AppIconPlatform`` order.
  public var platforms: [AppIconPlatform] { AppIconPlatform.allCases.filter { forms[$0] != nil } }
  /// Per platform, the index in the set's `slots` of its App Store image (the default
  /// appearance's), when the set has that slot.
  public var marketingSlots: [AppIconPlatform: Int]
}

/// The app icon slots of every platform and form, with their pixel sizes and whether they
/// are required: what the check's app icon rules and a command that makes app icon sets read.
///
/// Facts come from Xcode's app icon templates (Xcode 13's classic sets, Xcode 14+'s Single
/// Size and universal All Sizes sets) and App Store validation's required sizes (iPhone
/// 120 px, iPad 152 and 167 px, the 1024 App Store icon), checked against the real sets in
/// `testdata/real`.
///
/// ```swift
/// let required = AppIconTable.slots(for: .ios, form: .classic).filter(\.isRequired)
/// // iphone 60x60 @2x, ipad 76x76 @2x, ipad 83.5x83.5 @2x, ios-marketing 1024x1024 @1x
/// ```
public enum AppIconTable {
  /// Every slot of every platform and form.
  public static let slots: [AppIconSlotSpec] =
    iosClassic + iosUniversal + iosSingle + watchClassic
    + watchUniversal + watchSingle + macClassic + tvBrandAssets + visionSingle

  /// The slots a set of `platform` in `form` has.
  ///
  /// - Parameters:
  ///   - platform: the platform.
  ///   - form: the set's form.
  /// - Returns: the slots in Xcode's template order; empty when the platform has no such form.
  public static func slots(for platform: AppIconPlatform, form: AppIconForm) -> [AppIconSlotSpec] {
    slots.filter { $0.platform == platform && $0.form == form }
  }

  /// The table's entry for a slot of a set, if it is one of Xcode's.
  ///
  /// - Parameter traits: the slot's traits.
  /// - Returns: the entry, or `nil` for a slot no template has (a legacy 57 pt iPhone icon).
  public static func spec(for traits: SlotTraits) -> AppIconSlotSpec? {
    slots.first { $0.form != .messages && $0.matches(traits) }
  }

  /// The table's entry for a slot of a set of `kind`: an iMessage icon set's slots are
  /// looked up among the ``AppIconForm/messages`` entries, an app icon set's among the others.
  ///
  /// - Parameters:
  ///   - traits: the slot's traits.
  ///   - kind: the set's kind (`.appIconSet` or `.stickersIconSet`).
  /// - Returns: the entry, or `nil` for a slot no template has.
  public static func spec(for traits: SlotTraits, in kind: SetKind) -> AppIconSlotSpec? {
    guard kind == .stickersIconSet else { return spec(for: traits) }
    return messages.first { $0.matches(traits) }
  }

  /// The pixel size a slot's file must have: size × scale (a scale-less slot's size is its
  /// pixels); `nil` for a slot without a size.
  ///
  /// - Parameter traits: the slot's traits.
  /// - Returns: width and height in pixels, rounded (83.5 pt @2x → 167 px).
  public static func pixelSize(of traits: SlotTraits) -> (width: Int, height: Int)? {
    guard let size = traits.size else { return nil }
    let scale = Double(traits.scale ?? 1)
    return (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
  }

  /// The form of a slot: scale-less `universal` with a platform is Single Size (or the App
  /// Store image of the universal form), `universal` with a platform and a scale is the
  /// universal form, a device idiom is classic.
  ///
  /// - Parameter traits: the slot's traits.
  /// - Returns: the form, or `nil` for a slot with neither a device idiom nor a platform.
  public static func form(of traits: SlotTraits) -> AppIconForm? {
    let idiom = traits.idiom ?? "universal"
    if idiom != "universal" { return AppIconPlatform(slot: traits) == nil ? nil : .classic }
    guard traits.platform != nil else { return nil }
    return traits.scale == nil ? .singleSize : .universalAllSizes
  }

  /// Which form a set uses for each platform, and where its App Store image is.
  ///
  /// A platform whose slots are a scale-less 1024 and scaled `universal` slots is the
  /// universal All Sizes form (its 1024 is the App Store image); one with only scale-less
  /// slots is Single Size.
  ///
  /// - Parameter set: an app icon set or an iMessage icon set (other sets give an empty
  ///   layout).
  /// - Returns: the layout.
  public static func layout(of set: CatalogSet) -> AppIconLayout {
    var found: [AppIconPlatform: Set<AppIconForm>] = [:]
    if set.kind == .stickersIconSet {
      let marketing = set.slots.firstIndex {
        $0.traits.isMarketing && $0.traits.size?.width == $0.traits.size?.height
      }
      return AppIconLayout(forms: [.ios: .messages], marketingSlots: marketing.map { [.ios: $0] } ?? [:])
    }
    guard set.kind == .appIconSet else { return AppIconLayout(forms: [:], marketingSlots: [:]) }
    for slot in set.slots {
      guard let platform = AppIconPlatform(slot: slot.traits), let form = form(of: slot.traits) else {
        continue
      }
      found[platform, default: []].insert(form)
    }
    var forms: [AppIconPlatform: AppIconForm] = [:]
    for (platform, kinds) in found {
      if kinds.contains(.universalAllSizes) {
        forms[platform] = .universalAllSizes
      } else if kinds.contains(.classic) {
        forms[platform] = .classic
      } else {
        forms[platform] = .singleSize
      }
    }
    var marketing: [AppIconPlatform: Int] = [:]
    for (index, slot) in set.slots.enumerated() {
      guard let platform = AppIconPlatform(slot: slot.traits), marketing[platform] == nil,
        slot.traits.luminosity == nil
      else { continue }
      if isMarketing(slot.traits) { marketing[platform] = index }
    }
    return AppIconLayout(forms: forms, marketingSlots: marketing)
  }

  /// Whether a slot is an App Store image: `*-marketing`, a scale-less `universal` 1024 with
  /// a platform, or the Mac's 512x512 @2x.
  ///
  /// - Parameter traits: the slot's traits.
  /// - Returns: `true` for an App Store image of any appearance.
  public static func isMarketing(_ traits: SlotTraits) -> Bool {
    if traits.isMarketing { return true }
    if traits.idiom == "mac" { return traits.size == PointSize(width: 512, height: 512) && traits.scale == 2 }
    return (traits.idiom ?? "universal") == "universal" && traits.platform != nil && traits.scale == nil
      && traits.size == PointSize(width: 1024, height: 1024)
  }

  // MARK: - The tables

  private static func spec(
    _ platform: AppIconPlatform, _ form: AppIconForm, _ idiom: String, _ points: Double, _ scale: Int?,
    _ usage: String, required: Bool = false, device: Idiom? = nil, role: String? = nil,
    subtype: String? = nil, appearance: String? = nil, marketing: Bool = false, height: Double? = nil
  ) -> AppIconSlotSpec {
    AppIconSlotSpec(
      platform: platform, form: form, idiom: idiom, size: PointSize(width: points, height: height ?? points),
      scale: scale, role: role, subtype: subtype, appearance: appearance, device: device,
      isRequired: required,
      isMarketing: marketing, usage: usage)
  }

  /// Xcode 13's iOS template: iPhone, iPad, App Store, CarPlay.
  static let iosClassic: [AppIconSlotSpec] = [
    spec(.ios, .classic, "iphone", 20, 2, "iPhone notifications", device: .iphone),
    spec(.ios, .classic, "iphone", 20, 3, "iPhone notifications", device: .iphone),
    spec(.ios, .classic, "iphone", 29, 2, "iPhone settings", device: .iphone),
    spec(.ios, .classic, "iphone", 29, 3, "iPhone settings", device: .iphone),
    spec(.ios, .classic, "iphone", 40, 2, "iPhone Spotlight", device: .iphone),
    spec(.ios, .classic, "iphone", 40, 3, "iPhone Spotlight", device: .iphone),
    spec(.ios, .classic, "iphone", 60, 2, "iPhone home screen", required: true, device: .iphone),
    spec(.ios, .classic, "iphone", 60, 3, "iPhone home screen", device: .iphone),
    spec(.ios, .classic, "ipad", 20, 1, "iPad notifications", device: .ipad),
    spec(.ios, .classic, "ipad", 20, 2, "iPad notifications", device: .ipad),
    spec(.ios, .classic, "ipad", 29, 1, "iPad settings", device: .ipad),
    spec(.ios, .classic, "ipad", 29, 2, "iPad settings", device: .ipad),
    spec(.ios, .classic, "ipad", 40, 1, "iPad Spotlight", device: .ipad),
    spec(.ios, .classic, "ipad", 40, 2, "iPad Spotlight", device: .ipad),
    spec(.ios, .classic, "ipad", 76, 1, "iPad home screen (non-Retina)", device: .ipad),
    spec(.ios, .classic, "ipad", 76, 2, "iPad home screen", required: true, device: .ipad),
    spec(.ios, .classic, "ipad", 83.5, 2, "iPad Pro home screen", required: true, device: .ipad),
    spec(.ios, .classic, "ios-marketing", 1024, 1, "App Store", required: true, marketing: true),
    spec(.ios, .classic, "car", 60, 2, "CarPlay", device: .car),
    spec(.ios, .classic, "car", 60, 3, "CarPlay", device: .car),
    // iOS 6 and earlier: still in older sets (rflutter_alert's has the 29 pt @1x).
    spec(.ios, .classic, "iphone", 29, 1, "iPhone settings (iOS 6)", device: .iphone),
    spec(.ios, .classic, "iphone", 57, 1, "iPhone home screen (iOS 6)", device: .iphone),
    spec(.ios, .classic, "iphone", 57, 2, "iPhone home screen (iOS 6)", device: .iphone),
    spec(.ios, .classic, "ipad", 50, 1, "iPad Spotlight (iOS 6)", device: .ipad),
    spec(.ios, .classic, "ipad", 50, 2, "iPad Spotlight (iOS 6)", device: .ipad),
    spec(.ios, .classic, "ipad", 72, 1, "iPad home screen (iOS 6)", device: .ipad),
    spec(.ios, .classic, "ipad", 72, 2, "iPad home screen (iOS 6)", device: .ipad),
  ]

  /// Xcode 14+'s iOS "All Sizes": universal slots for `ios`, including the 38, 64 and 68 pt
  /// ones, and the scale-less App Store 1024.
  static let iosUniversal: [AppIconSlotSpec] = {
    var slots: [AppIconSlotSpec] = []
    let sizes: [(Double, [Int], String)] = [
      (20, [2, 3], "notifications"), (29, [2, 3], "settings"), (38, [2, 3], "home screen (accessibility)"),
      (40, [2, 3], "Spotlight"), (60, [2, 3], "iPhone home screen"),
      (64, [2, 3], "home screen (accessibility)"),
      (68, [2], "iPad home screen (accessibility)"), (76, [2], "iPad home screen"),
      (83.5, [2], "iPad Pro home screen"),
    ]
    for (points, scales, usage) in sizes {
      for scale in scales {
        let required = (points == 60 && scale == 2) || points == 76 || points == 83.5
        slots.append(
          spec(
            .ios, .universalAllSizes, "universal", points, scale, usage, required: required,
            device: points >= 68 ? .ipad : points == 60 ? .iphone : nil))
      }
    }
    slots.append(
      spec(.ios, .universalAllSizes, "universal", 1024, nil, "App Store", required: true, marketing: true))
    return slots
  }()

  /// Xcode 14+'s iOS Single Size, with Xcode 16's dark and tinted appearances.
  static let iosSingle: [AppIconSlotSpec] = [
    spec(
      .ios, .singleSize, "universal", 1024, nil, "every size and the App Store", required: true,
      marketing: true),
    spec(.ios, .singleSize, "universal", 1024, nil, "dark home screen", appearance: "dark"),
    spec(.ios, .singleSize, "universal", 1024, nil, "tinted home screen", appearance: "tinted"),
  ]

  /// Xcode 13's watch template, by role and case size, plus the App Store image.
  static let watchClassic: [AppIconSlotSpec] = {
    func watch(
      _ points: Double, _ scale: Int, _ role: String, _ subtype: String?, _ usage: String, required: Bool
    ) -> AppIconSlotSpec {
      spec(
        .watchos, .classic, "watch", points, scale, usage, required: required, role: role, subtype: subtype)
    }
    return [
      watch(24, 2, "notificationCenter", "38mm", "notification center", required: true),
      watch(27.5, 2, "notificationCenter", "42mm", "notification center", required: true),
      watch(33, 2, "notificationCenter", "45mm", "notification center", required: false),
      watch(29, 2, "companionSettings", nil, "companion settings", required: true),
      watch(29, 3, "companionSettings", nil, "companion settings", required: true),
      watch(40, 2, "appLauncher", "38mm", "home screen", required: true),
      watch(44, 2, "appLauncher", "40mm", "home screen", required: true),
      watch(46, 2, "appLauncher", "41mm", "home screen", required: false),
      watch(50, 2, "appLauncher", "44mm", "home screen", required: true),
      watch(51, 2, "appLauncher", "45mm", "home screen", required: false),
      watch(54, 2, "appLauncher", "49mm", "home screen", required: false),
      watch(44, 2, "longLook", "42mm", "long look (watchOS 3 and earlier)", required: false),
      watch(86, 2, "quickLook", "38mm", "short look", required: true),
      watch(98, 2, "quickLook", "42mm", "short look", required: true),
      watch(108, 2, "quickLook", "44mm", "short look", required: true),
      watch(117, 2, "quickLook", "45mm", "short look", required: false),
      watch(129, 2, "quickLook", "49mm", "short look", required: false),
      spec(.watchos, .classic, "watch-marketing", 1024, 1, "App Store", required: true, marketing: true),
    ]
  }()

  /// Xcode 14+'s watchOS "All Sizes": universal slots for `watchos` at @2x.
  static let watchUniversal: [AppIconSlotSpec] =
    [22, 24, 27.5, 29, 30, 32, 33, 40, 43.5, 44, 46, 50, 51, 54, 86, 98, 108, 117, 129].map {
      spec(.watchos, .universalAllSizes, "universal", $0, 2, "watch")
    } + [
      spec(.watchos, .universalAllSizes, "universal", 1024, nil, "App Store", required: true, marketing: true)
    ]

  /// Xcode 14+'s watchOS Single Size.
  static let watchSingle: [AppIconSlotSpec] = [
    spec(
      .watchos, .singleSize, "universal", 1024, nil, "every size and the App Store", required: true,
      marketing: true)
  ]

  /// The Mac: 16, 32, 128, 256 and 512 pt at @1x and @2x; the 512 @2x (1024 px) is the App
  /// Store image.
  static let macClassic: [AppIconSlotSpec] = [16.0, 32, 128, 256, 512].flatMap { points in
    [1, 2].map { scale in
      spec(
        .macos, .classic, "mac", points, scale, points <= 32 ? "Finder lists" : "Finder, Dock",
        required: true,
        marketing: points == 512 && scale == 2)
    }
  }

  /// tvOS brand assets (sizes of the group's children; the App Icon and App Store icon are
  /// layered image stacks, the top shelf images image sets).
  static let tvBrandAssets: [AppIconSlotSpec] = [
    spec(.tvos, .classic, "tv", 400, 1, "home screen", required: true, role: "primary-app-icon", height: 240),
    spec(.tvos, .classic, "tv", 400, 2, "home screen", required: true, role: "primary-app-icon", height: 240),
    spec(
      .tvos, .classic, "tv-marketing", 1280, 1, "App Store", required: true, role: "primary-app-icon",
      marketing: true, height: 768),
    spec(.tvos, .classic, "tv", 1920, 1, "top shelf", required: true, role: "top-shelf-image", height: 720),
    spec(.tvos, .classic, "tv", 1920, 2, "top shelf", required: true, role: "top-shelf-image", height: 720),
    spec(.tvos, .classic, "tv", 2320, 1, "wide top shelf", role: "top-shelf-image-wide", height: 720),
    spec(.tvos, .classic, "tv", 2320, 2, "wide top shelf", role: "top-shelf-image-wide", height: 720),
  ]

  /// An iMessage app's icon set (`.stickersiconset`), as Xcode's Messages template writes it.
  static let messages: [AppIconSlotSpec] = [
    spec(.ios, .messages, "iphone", 29, 2, "iPhone settings", required: true, device: .iphone),
    spec(.ios, .messages, "iphone", 29, 3, "iPhone settings", required: true, device: .iphone),
    spec(.ios, .messages, "iphone", 60, 2, "iPhone Messages", required: true, device: .iphone, height: 45),
    spec(.ios, .messages, "iphone", 60, 3, "iPhone Messages", required: true, device: .iphone, height: 45),
    spec(.ios, .messages, "ipad", 29, 2, "iPad settings", required: true, device: .ipad),
    spec(.ios, .messages, "ipad", 67, 2, "iPad Messages", required: true, device: .ipad, height: 50),
    spec(.ios, .messages, "ipad", 74, 2, "iPad Pro Messages", required: true, device: .ipad, height: 55),
    spec(.ios, .messages, "ios-marketing", 1024, 1, "App Store", required: true, marketing: true),
    spec(.ios, .messages, "universal", 27, 2, "Messages app drawer", height: 20),
    spec(.ios, .messages, "universal", 27, 3, "Messages app drawer", height: 20),
    spec(.ios, .messages, "universal", 32, 2, "Messages app drawer", height: 24),
    spec(.ios, .messages, "universal", 32, 3, "Messages app drawer", height: 24),
    spec(.ios, .messages, "ios-marketing", 1024, 1, "Messages App Store", required: true, height: 768),
  ]

  /// visionOS: a solid image stack of up to three 1024 × 1024 layers (the back one opaque).
  static let visionSingle: [AppIconSlotSpec] = [
    spec(.visionos, .singleSize, "vision", 512, 2, "home view (each layer)", required: true)
  ]
}
