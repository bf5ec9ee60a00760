/// A decoded image: 8-bit RGBA pixels with straight (unpremultiplied) alpha, in sRGB.
///
/// Rows run top to bottom with no padding, four bytes per pixel in the order
/// red, green, blue, alpha, so `pixels.count == width * height * 4`.
///
/// ```swift
/// var icon = Bitmap(width: 2, height: 1, filling: (255, 0, 0, 255))
/// icon[1, 0] = (0, 0, 255, 128)
/// ```
public struct Bitmap: Sendable, Hashable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width × height × 4` bytes of RGBA.
  public var pixels: [UInt8]

  /// Wraps existing RGBA bytes.
  ///
  /// - Parameters:
  ///   - width: the width in pixels, not negative.
  ///   - height: the height in pixels, not negative.
  ///   - pixels: `width × height × 4` bytes of straight RGBA, rows top to bottom.
  /// - Precondition: `pixels.count == width * height * 4`; a mismatch is a programmer error.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width >= 0 && height >= 0, "negative bitmap size")
    precondition(pixels.count == width * height * 4, "pixel buffer does not match \(width)×\(height)")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// A bitmap of one colour.
  ///
  /// - Parameters:
  ///   - width: the width in pixels, not negative.
  ///   - height: the height in pixels, not negative.
  ///   - rgba: the colour of every pixel (red, green, blue, alpha); transparent black by
  ///     default.
  public init(width: Int, height: Int, filling rgba: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)) {
    precondition(width >= 0 && height >= 0, "negative bitmap size")
    let count = width * height * 4
    var bytes = [UInt8](repeating: 0, count: count)
    if rgba != (0, 0, 0, 0) {
      for offset in stride(from: 0, to: count, by: 4) {
        bytes[offset] = rgba.0
        bytes[offset + 1] = rgba.1
        bytes[offset + 2] = rgba.2
        bytes[offset + 3] = rgba.3
      }
    }
    self.init(width: width, height: height, pixels: bytes)
  }

  /// Bytes in one row.
  public var bytesPerRow: Int { width * 4 }

  /// The pixel at column `x`, row `y`.
  ///
  /// - Parameters:
  ///   - x: the column, `0..<width`.
  ///   - y: the row, `0..<height`, from the top.
  /// - Returns: the pixel's red, green, blue and alpha.
  public subscript(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
    get {
      let offset = (y * width + x) * 4
      return (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
    }
    set {
      let offset = (y * width + x) * 4
      pixels[offset] = newValue.0
      pixels[offset + 1] = newValue.1
      pixels[offset + 2] = newValue.2
      pixels[offset + 3] = newValue.3
    }
  }

  /// Whether every pixel is fully opaque.
  public var isOpaque: Bool {
    var index = 3
    while index < pixels.count {
      if pixels[index] != 255 { return false }
      index += 4
    }
    return true
  }

  public static func == (lhs: Bitmap, rhs: Bitmap) -> Bool {
    lhs.width == rhs.width && lhs.height == rhs.height && lhs.pixels == rhs.pixels
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(width)
    hasher.combine(height)
    hasher.combine(pixels)
  }
}
