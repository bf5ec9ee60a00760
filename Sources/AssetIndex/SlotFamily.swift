/// Which devices a slot or file serves, read once from its idiom and platform.
package enum SlotFamily: UInt8, Sendable {
  /// A generic file or a `universal` slot without a platform: every device.
  case universal
  case iosUniversal, iphone, ipad, iosMarketing, car
  case watchUniversal, watch, watchMarketing
  case macUniversal, mac
  case tvUniversal, tv, tvMarketing
  case visionUniversal, vision
  /// An idiom or platform this index does not know: never chosen.
  case unknown

  /// The family of a loose file's idiom (a file name names only `iphone` or `ipad`).
  init(fileIdiom: Idiom?) {
    switch fileIdiom {
    case nil: self = .universal
    case .iphone: self = .iphone
    case .ipad: self = .ipad
    case .car: self = .car
    case .watch: self = .watch
    case .mac: self = .mac
    case .tv: self = .tv
    case .vision: self = .vision
    }
  }

  /// The family of a catalog slot's `idiom` and `platform`.
  init(catalogIdiom: String?, platform: String?) {
    switch catalogIdiom {
    case nil, "universal":
      switch platform {
      case nil: self = .universal
      case "ios": self = .iosUniversal
      case "watchos": self = .watchUniversal
      case "macos": self = .macUniversal
      case "tvos": self = .tvUniversal
      case "xros", "visionos": self = .visionUniversal
      default: self = .unknown
      }
    case "iphone": self = .iphone
    case "ipad": self = .ipad
    case "ios-marketing": self = .iosMarketing
    case "car": self = .car
    case "watch": self = .watch
    case "watch-marketing": self = .watchMarketing
    case "mac": self = .mac
    case "tv": self = .tv
    case "tv-marketing": self = .tvMarketing
    case "vision", "reality": self = .vision
    default: self = .unknown
    }
  }

  /// The App Store image of an app icon set: chosen only when nothing else serves.
  package var isMarketing: Bool { self == .iosMarketing || self == .watchMarketing || self == .tvMarketing }

  /// Whether a generic iOS request (no idiom) may use it.
  package var servesGenericIOS: Bool {
    switch self {
    case .universal, .iosUniversal, .iphone, .ipad, .iosMarketing: true
    default: false
    }
  }

  /// The device a slot of this family is made for; `nil` for every device.
  package var device: Idiom? {
    switch self {
    case .universal, .unknown: nil
    case .iosUniversal, .iphone, .iosMarketing: .iphone
    case .ipad: .ipad
    case .car: .car
    case .watchUniversal, .watch, .watchMarketing: .watch
    case .macUniversal, .mac: .mac
    case .tvUniversal, .tv, .tvMarketing: .tv
    case .visionUniversal, .vision: .vision
    }
  }

  /// How well it serves `idiom`: 0 its own idiom, 1 its platform's universal slot, 2 a slot
  /// for every device; `nil` when it does not serve it at all.
  package func rank(for idiom: Idiom?) -> Int? {
    guard let idiom else {
      switch self {
      case .universal, .iosUniversal: return 0
      case .iphone, .iosMarketing: return 1
      // An iPad file serves a generic request only where no generic or iPhone file does.
      case .ipad: return 10
      default: return nil
      }
    }
    switch (idiom, self) {
    case (_, .universal): return 2
    case (.iphone, .iphone), (.ipad, .ipad), (.car, .car), (.watch, .watch), (.mac, .mac), (.tv, .tv),
      (.vision, .vision):
      return 0
    case (.iphone, .iosMarketing), (.ipad, .iosMarketing), (.watch, .watchMarketing), (.tv, .tvMarketing):
      return 0
    case (.iphone, .iosUniversal), (.ipad, .iosUniversal), (.car, .iosUniversal), (.watch, .watchUniversal),
      (.mac, .macUniversal), (.tv, .tvUniversal), (.vision, .visionUniversal):
      return 1
    default: return nil
    }
  }
}
