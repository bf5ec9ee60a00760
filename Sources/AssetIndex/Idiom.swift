/// The kind of device an image is for, or a request is made for: the iOS families a file
/// name can name (`~iphone`, `~ipad`) and the platforms a catalog slot can be for.
///
/// A generic (universal) file or request has no idiom (`nil`). Only ``iphone`` and ``ipad``
/// can stand in a file name; the others come from catalog slots and requests.
public enum Idiom: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// An iPhone (`iphone` slots, `~iphone` files).
  case iphone
  /// An iPad (`ipad` slots, `~ipad` files).
  case ipad
  /// CarPlay (`car` slots).
  case car
  /// Apple Watch (`watch` slots, `universal` slots for `watchos`).
  case watch
  /// A Mac (`mac` slots, `universal` slots for `macos`).
  case mac
  /// Apple TV (`tv` slots, `universal` slots for `tvos`).
  case tv
  /// Apple Vision Pro (`vision` slots, `universal` slots for `xros`).
  case vision

  /// This idiom as a file name can say it (`iphone`, `ipad`); `nil` for the others.
  public var fileIdiom: Idiom? {
    switch self {
    case .iphone, .ipad: self
    default: nil
    }
  }

  public var description: String { rawValue }
}
