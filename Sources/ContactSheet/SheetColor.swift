/// A colour with straight (unpremultiplied) alpha, 8 bits a channel, in sRGB.
public struct SheetColor: Sendable, Hashable, CustomStringConvertible {
  /// Red.
  public var red: UInt8
  /// Green.
  public var green: UInt8
  /// Blue.
  public var blue: UInt8
  /// Alpha: 255 is opaque.
  public var alpha: UInt8

  /// Creates a colour.
  ///
  /// - Parameters:
  ///   - red: the red channel, sRGB, 0…255.
  ///   - green: the green channel, sRGB, 0…255.
  ///   - blue: the blue channel, sRGB, 0…255.
  ///   - alpha: the straight (unpremultiplied) alpha; 255 is opaque.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Parses `#RRGGBB`, `#RRGGBBAA` (the `#` is optional) or `transparent`; `nil` otherwise.
  ///
  /// - Parameter text: hexadecimal digits in either case, or `transparent` in any case.
  public init?(parsing text: String) {
    if text.lowercased() == "transparent" {
      self.init(red: 0, green: 0, blue: 0, alpha: 0)
      return
    }
    let hex = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
    guard hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit),
      let value = UInt32(hex, radix: 16)
    else { return nil }
    let rgba = hex.count == 6 ? value << 8 | 0xFF : value
    self.init(
      red: UInt8(rgba >> 24), green: UInt8((rgba >> 16) & 0xFF), blue: UInt8((rgba >> 8) & 0xFF),
      alpha: UInt8(rgba & 0xFF))
  }

  /// Whether alpha is 255.
  public var isOpaque: Bool { alpha == 255 }

  /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
  public var description: String {
    let parts = isOpaque ? [red, green, blue] : [red, green, blue, alpha]
    return "#" + parts.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
  }

  /// White.
  public static let white = SheetColor(red: 255, green: 255, blue: 255)
  /// The label colour of the home screen in light mode: near black.
  public static let label = SheetColor(red: 0x1C, green: 0x1C, blue: 0x1E)
  static let badgeRed = SheetColor(red: 0xFF, green: 0x3B, blue: 0x30)
  static let fallbackOrange = SheetColor(red: 0xFF, green: 0x95, blue: 0x00)
  static let otherDeviceBlue = SheetColor(red: 0x00, green: 0x7A, blue: 0xFF)
  static let placeholderFill = SheetColor(red: 0xEE, green: 0xEE, blue: 0xF2)
  static let placeholderStroke = SheetColor(red: 0xA8, green: 0xA8, blue: 0xB0)
}
