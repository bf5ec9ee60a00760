import ImageCore

/// The two separable passes over premultiplied `SIMD4<Float>` pixels: one vector operation
/// per tap handles the four channels, and the taps are precomputed per axis.
///
/// The passes stream the source a row at a time: each row is converted to floats, resized
/// across, and added into the output rows whose taps read it. So memory holds the output
/// and two rows, never a float copy of the source (16 bytes a pixel, four times its
/// decode: 288 MB for an 18-megapixel icon shrunk into a sheet's tile).
extension Resampler {
  /// Both passes over `image`: every row resized to `outWidth`, then every column to
  /// `outHeight`, as premultiplied floats on a 0...255 scale.
  ///
  /// The sums are those of resizing the whole image across and then down (the same
  /// products, added in the same order), so the result does not depend on the streaming.
  static func passes(
    _ image: Bitmap, colorSpace: ResampleOptions.ColorSpace, across: AxisTaps, down: AxisTaps,
    outWidth: Int, outHeight: Int
  ) -> [SIMD4<Float>] {
    var out = [SIMD4<Float>](repeating: .zero, count: outWidth * outHeight)
    var sourceRow = [SIMD4<Float>](repeating: .zero, count: image.width)
    var acrossRow = [SIMD4<Float>](repeating: .zero, count: outWidth)
    let count = down.count
    image.pixels.withUnsafeBufferPointer { raw in
      out.withUnsafeMutableBufferPointer { out in
        sourceRow.withUnsafeMutableBufferPointer { sourceRow in
          acrossRow.withUnsafeMutableBufferPointer { acrossRow in
            down.weights.withUnsafeBufferPointer { weights in
              down.starts.withUnsafeBufferPointer { starts in
                // Each output row reads `count` consecutive rows from its start. The starts
                // rise with the row (then output rows first..<last are the ones that read
                // row y); should they not, every output row is asked.
                let rising = zip(starts.dropFirst(), starts).allSatisfy { $0 >= $1 }
                var first = 0
                var last = rising ? 0 : outHeight
                let rows = (starts.min() ?? 0)..<((starts.max() ?? -count) + count)
                for y in rows {
                  if rising {
                    while first < outHeight, starts[first] + count <= y { first += 1 }
                    while last < outHeight, starts[last] <= y { last += 1 }
                    guard first < last else { continue }
                  }
                  load(row: y, of: raw, width: image.width, colorSpace: colorSpace, into: sourceRow)
                  horizontal(UnsafeBufferPointer(sourceRow), taps: across, into: acrossRow)
                  for target in first..<last where starts[target] <= y && y < starts[target] + count {
                    let weight = weights[target * count + y - starts[target]]
                    let rowOut = target * outWidth
                    for x in 0..<outWidth {
                      out[rowOut + x] += acrossRow[x] * weight
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    return out
  }

  /// One row resized across to `out.count` pixels.
  @inline(__always)
  static func horizontal(
    _ source: UnsafeBufferPointer<SIMD4<Float>>, taps: AxisTaps,
    into out: UnsafeMutableBufferPointer<SIMD4<Float>>
  ) {
    let count = taps.count
    taps.weights.withUnsafeBufferPointer { weights in
      taps.starts.withUnsafeBufferPointer { starts in
        for x in 0..<out.count {
          let base = starts[x]
          let w = x * count
          var sum = SIMD4<Float>(repeating: 0)
          for k in 0..<count {
            sum += source[base + k] * weights[w + k]
          }
          out[x] = sum
        }
      }
    }
  }
}
