/// The kind of device a request is for: the iOS families a file name can name (`~iphone`,
/// `~ipad`) and the platforms a catalog slot can be for.
public enum DeviceIdiom: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
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

  /// The device of a file-name idiom.
  ///
  /// - Parameter idiom: the idiom of a `~iphone` or `~ipad` file name.
  public init(_ idiom: Idiom) {
    switch idiom {
    case .iphone: self = .iphone
    case .ipad: self = .ipad
    }
  }

  /// The file-name idiom of this device (`iphone`, `ipad`); `nil` for the others.
  public var fileIdiom: Idiom? {
    switch self {
    case .iphone: .iphone
    case .ipad: .ipad
    default: nil
    }
  }

  public var description: String { rawValue }
}
