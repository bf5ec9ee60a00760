import ImageCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What differs between two decoded images of one asset variant.
public struct PixelDifference: Sendable, Hashable {
  /// Whether the pixel sizes differ (then nothing else is measured).
  public var sizeChanged: Bool
  /// Pixels whose premultiplied channels moved by more than
  /// ``DiffThreshold/channelTolerance``.
  public var differingPixels: Int
  /// Pixels compared (the width times the height of either image).
  public var totalPixels: Int
  /// The mean CIE76 ΔE over every pixel (0 for identical images).
  public var meanDeltaE: Double

  /// Creates a difference.
  ///
  /// - Parameters:
  ///   - sizeChanged: whether the pixel sizes differ.
  ///   - differingPixels: pixels that differ.
  ///   - totalPixels: pixels compared.
  ///   - meanDeltaE: the mean ΔE over every pixel.
  public init(sizeChanged: Bool, differingPixels: Int, totalPixels: Int, meanDeltaE: Double) {
    self.sizeChanged = sizeChanged
    self.differingPixels = differingPixels
    self.totalPixels = totalPixels
    self.meanDeltaE = meanDeltaE
  }

  /// Compares two straight-RGBA images pixel by pixel.
  ///
  /// - Parameters:
  ///   - before: the base side's pixels.
  ///   - after: the head side's pixels.
  /// - Returns: the difference, and which pixels differ (row by row; empty when the sizes
  ///   differ).
  /// - Complexity: O(pixels); ΔE is computed only for pixels that moved at all.
  public static func compare(_ before: Bitmap, _ after: Bitmap) -> (PixelDifference, [Bool]) {
    guard before.width == after.width, before.height == after.height else {
      return (
        PixelDifference(
          sizeChanged: true, differingPixels: after.width * after.height,
          totalPixels: after.width * after.height,
          meanDeltaE: 100),
        []
      )
    }
    let count = before.width * before.height
    var mask = [Bool](repeating: false, count: count)
    var differing = 0
    var deltaSum = 0.0
    before.pixels.withUnsafeBufferPointer { a in
      after.pixels.withUnsafeBufferPointer { b in
        for index in 0..<count {
          let offset = index * 4
          let alphaA = Int(a[offset + 3])
          let alphaB = Int(b[offset + 3])
          if alphaA == 0 && alphaB == 0 { continue }
          if alphaA == alphaB && a[offset] == b[offset] && a[offset + 1] == b[offset + 1]
            && a[offset + 2] == b[offset + 2]
          {
            continue
          }
          var largest = abs(alphaA - alphaB)
          for channel in 0..<3 {
            let pa = (Int(a[offset + channel]) * alphaA + 127) / 255
            let pb = (Int(b[offset + channel]) * alphaB + 127) / 255
            largest = max(largest, abs(pa - pb))
          }
          if largest > DiffThreshold.channelTolerance {
            differing += 1
            mask[index] = true
          }
          deltaSum += deltaE(a, b, offset)
        }
      }
    }
    return (
      PixelDifference(
        sizeChanged: false, differingPixels: differing, totalPixels: count,
        meanDeltaE: count == 0 ? 0 : deltaSum / Double(count)),
      mask
    )
  }

  /// ΔE76 of two pixels composited over white and over black, the larger.
  private static func deltaE(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ offset: Int)
    -> Double
  {
    var worst = 0.0
    for background in [0.0, 1.0] {
      let labA = lab(a, offset, over: background)
      let labB = lab(b, offset, over: background)
      let dl = labA.0 - labB.0
      let da = labA.1 - labB.1
      let db = labA.2 - labB.2
      worst = max(worst, (dl * dl + da * da + db * db).squareRoot())
    }
    return worst
  }

  /// CIELAB (D65) of a straight sRGB pixel composited over a grey `background` (0 black, 1 white).
  private static func lab(_ p: UnsafeBufferPointer<UInt8>, _ offset: Int, over background: Double) -> (
    Double, Double, Double
  ) {
    let alpha = Double(p[offset + 3]) / 255
    func linear(_ channel: Int) -> Double {
      let encoded = Double(p[offset + channel]) / 255 * alpha + background * (1 - alpha)
      return encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }
    let r = linear(0)
    let g = linear(1)
    let b = linear(2)
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
    let fx = f(x)
    let fy = f(y)
    let fz = f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
  }
}
