import Foundation
import ImageCore

/// Between 8-bit straight sRGB and the premultiplied floats the passes work on.
extension Resampler {
  /// sRGB byte → linear light, 0...1.
  private static let toLinear: [Float] = (0..<256).map { byte in
    let c = Double(byte) / 255
    return Float(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
  }

  /// Linear light 0...1 → sRGB, 0...255 (not rounded).
  @inline(__always)
  private static func encode(_ linear: Float) -> Float {
    let l = Double(min(1, max(0, linear)))
    let c = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
    return Float(c * 255)
  }

  /// Row `row` of straight 8-bit RGBA `raw`, `width` pixels wide, as premultiplied floats:
  /// colour × alpha ÷ 255 in sRGB, or linear colour × alpha.
  @inline(__always)
  static func load(
    row: Int, of raw: UnsafeBufferPointer<UInt8>, width: Int, colorSpace: ResampleOptions.ColorSpace,
    into out: UnsafeMutableBufferPointer<SIMD4<Float>>
  ) {
    let first = row * width * 4
    switch colorSpace {
    case .sRGB:
      for index in 0..<width {
        let o = first + index * 4
        let alpha = Float(raw[o + 3])
        let factor = alpha / 255
        out[index] = SIMD4(
          Float(raw[o]) * factor, Float(raw[o + 1]) * factor, Float(raw[o + 2]) * factor, alpha)
      }
    case .linear:
      toLinear.withUnsafeBufferPointer { lut in
        for index in 0..<width {
          let o = first + index * 4
          let alpha = Float(raw[o + 3])
          out[index] = SIMD4(
            lut[Int(raw[o])] * alpha, lut[Int(raw[o + 1])] * alpha, lut[Int(raw[o + 2])] * alpha, alpha)
        }
      }
    }
  }

  /// The colour of a premultiplied value in sRGB 0...255 (not rounded), for alpha `alpha`.
  @inline(__always)
  private static func straight(
    _ value: SIMD4<Float>, alpha: Float, colorSpace: ResampleOptions.ColorSpace
  ) -> SIMD3<Float> {
    switch colorSpace {
    case .sRGB:
      return SIMD3(value.x, value.y, value.z) * (255 / alpha)
    case .linear:
      let a = max(value.w, 1e-6)
      return SIMD3(encode(value.x / a), encode(value.y / a), encode(value.z / a))
    }
  }

  /// Rounds to premultiplied bytes, each colour at most its alpha.
  static func store(
    premultiplied values: UnsafeBufferPointer<SIMD4<Float>>, width: Int, height: Int, options: ResampleOptions
  ) -> PremultipliedImage {
    let count = width * height
    let pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { out, initialized in
      for index in 0..<count {
        let value = values[index]
        let alpha = min(255, max(0, (value.w + 0.5).rounded(.down)))
        let colour: SIMD3<Float>
        switch options.colorSpace {
        case .sRGB: colour = SIMD3(value.x, value.y, value.z)
        case .linear:
          colour = alpha == 0 ? .zero : straight(value, alpha: alpha, colorSpace: .linear) * (alpha / 255)
        }
        let o = index * 4
        out[o] = UInt8(min(alpha, max(0, (colour.x + 0.5).rounded(.down))))
        out[o + 1] = UInt8(min(alpha, max(0, (colour.y + 0.5).rounded(.down))))
        out[o + 2] = UInt8(min(alpha, max(0, (colour.z + 0.5).rounded(.down))))
        out[o + 3] = UInt8(alpha)
      }
      initialized = count * 4
    }
    return PremultipliedImage(width: width, height: height, pixels: pixels)
  }

  /// Rounds to straight bytes: colour ÷ alpha, with alpha rounded first so that compositing
  /// the bytes gives back the premultiplied value as closely as 8 bits allow.
  static func store(
    straight values: UnsafeBufferPointer<SIMD4<Float>>, width: Int, height: Int, options: ResampleOptions
  ) -> Bitmap {
    let count = width * height
    let pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { out, initialized in
      for index in 0..<count {
        let value = values[index]
        let alpha = min(255, max(0, (value.w + 0.5).rounded(.down)))
        let o = index * 4
        if alpha == 0 {
          out[o] = 0
          out[o + 1] = 0
          out[o + 2] = 0
          out[o + 3] = 0
          continue
        }
        let colour = straight(
          value, alpha: options.colorSpace == .sRGB ? alpha : value.w, colorSpace: options.colorSpace)
        out[o] = UInt8(min(255, max(0, (colour.x + 0.5).rounded(.down))))
        out[o + 1] = UInt8(min(255, max(0, (colour.y + 0.5).rounded(.down))))
        out[o + 2] = UInt8(min(255, max(0, (colour.z + 0.5).rounded(.down))))
        out[o + 3] = UInt8(alpha)
      }
      initialized = count * 4
    }
    return Bitmap(width: width, height: height, pixels: pixels)
  }
}
