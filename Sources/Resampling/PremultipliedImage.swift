import ImageCore

/// RGBA pixels with premultiplied alpha, 8 bits a channel, in sRGB: what compositing works on.
///
/// Rows run top to bottom with no padding, four bytes per pixel (red, green, blue, alpha), and
/// every colour byte is at most its pixel's alpha.
public struct PremultipliedImage: Sendable, Hashable {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// `width × height × 4` bytes; every colour channel is at most its alpha.
  public var pixels: [UInt8]

  /// Wraps existing premultiplied RGBA bytes.
  ///
  /// - Parameters:
  ///   - width: the width in pixels, not negative.
  ///   - height: the height in pixels, not negative.
  ///   - pixels: `width × height × 4` bytes of premultiplied RGBA, rows top to bottom.
  /// - Precondition: `pixels.count == width * height * 4`; a mismatch is a programmer error.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width >= 0 && height >= 0, "negative image size")
    precondition(pixels.count == width * height * 4, "pixel buffer does not match \(width)×\(height)")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The same pixels premultiplied: each colour byte becomes `colour × alpha ÷ 255`, rounded.
  ///
  /// - Parameter bitmap: straight-alpha RGBA.
  public init(_ bitmap: Bitmap) {
    var out = bitmap.pixels
    out.withUnsafeMutableBufferPointer { p in
      for offset in stride(from: 0, to: p.count, by: 4) {
        let alpha = UInt32(p[offset + 3])
        if alpha == 255 { continue }
        p[offset] = UInt8(multiply255(UInt32(p[offset]), alpha))
        p[offset + 1] = UInt8(multiply255(UInt32(p[offset + 1]), alpha))
        p[offset + 2] = UInt8(multiply255(UInt32(p[offset + 2]), alpha))
      }
    }
    self.init(width: bitmap.width, height: bitmap.height, pixels: out)
  }

  /// The same pixels with straight alpha: each colour byte becomes `colour × 255 ÷ alpha`,
  /// rounded; a fully transparent pixel becomes transparent black.
  ///
  /// - Returns: a bitmap of the same size.
  public func straightAlpha() -> Bitmap {
    var out = pixels
    out.withUnsafeMutableBufferPointer { p in
      for offset in stride(from: 0, to: p.count, by: 4) {
        let alpha = UInt32(p[offset + 3])
        if alpha == 255 { continue }
        if alpha == 0 {
          p[offset] = 0
          p[offset + 1] = 0
          p[offset + 2] = 0
          continue
        }
        for channel in 0..<3 {
          let value = (UInt32(p[offset + channel]) * 255 + alpha / 2) / alpha
          p[offset + channel] = UInt8(min(255, value))
        }
      }
    }
    return Bitmap(width: width, height: height, pixels: out)
  }
}

/// `value × alpha ÷ 255`, rounded, exactly as (x·a + 128 + ((x·a + 128) >> 8)) >> 8.
///
/// - Parameters:
///   - value: 0...255.
///   - alpha: 0...255.
/// - Returns: the product in 0...255.
/// Inlinable, so the per-pixel loops of other modules (the contact sheet's canvas) do not call it.
@inlinable @inline(__always)
package func multiply255(_ value: UInt32, _ alpha: UInt32) -> UInt32 {
  let t = value * alpha + 128
  return (t + (t >> 8)) >> 8
}
