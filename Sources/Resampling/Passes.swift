/// The two separable passes over premultiplied `SIMD4<Float>` pixels: one vector operation
/// per tap handles the four channels, and the taps are precomputed per axis.
extension Resampler {
  /// Each row resized to `outWidth`: `height` rows of `outWidth` pixels.
  static func horizontal(
    _ source: UnsafeBufferPointer<SIMD4<Float>>, width: Int, height: Int, taps: AxisTaps, to outWidth: Int
  ) -> [SIMD4<Float>] {
    let count = taps.count
    return [SIMD4<Float>](unsafeUninitializedCapacity: outWidth * height) { out, initialized in
      taps.weights.withUnsafeBufferPointer { weights in
        taps.starts.withUnsafeBufferPointer { starts in
          for y in 0..<height {
            let row = y * width
            let rowOut = y * outWidth
            for x in 0..<outWidth {
              let base = row + starts[x]
              let w = x * count
              var sum = SIMD4<Float>(repeating: 0)
              for k in 0..<count {
                sum += source[base + k] * weights[w + k]
              }
              out[rowOut + x] = sum
            }
          }
        }
      }
      initialized = outWidth * height
    }
  }

  /// Each column resized to `outHeight`, row by row: every output row is a weighted sum of
  /// whole input rows, so the inner loop runs over contiguous pixels.
  static func vertical(
    _ source: UnsafeBufferPointer<SIMD4<Float>>, width: Int, taps: AxisTaps, to outHeight: Int
  ) -> [SIMD4<Float>] {
    let count = taps.count
    var out = [SIMD4<Float>](repeating: .zero, count: width * outHeight)
    out.withUnsafeMutableBufferPointer { out in
      taps.weights.withUnsafeBufferPointer { weights in
        for y in 0..<outHeight {
          let rowOut = y * width
          for k in 0..<count {
            let weight = weights[y * count + k]
            let rowIn = (taps.starts[y] + k) * width
            for x in 0..<width {
              out[rowOut + x] += source[rowIn + x] * weight
            }
          }
        }
      }
    }
    return out
  }
}
