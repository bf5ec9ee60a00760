import ImageCore
import Testing

@testable import Resampling

/// An opaque grey image from rows of grey levels.
private func grey(_ rows: [[UInt8]]) -> Bitmap {
  var bitmap = Bitmap(width: rows[0].count, height: rows.count)
  for (y, row) in rows.enumerated() {
    for (x, value) in row.enumerated() { bitmap[x, y] = (value, value, value, 255) }
  }
  return bitmap
}

/// The red channel of every pixel, row by row.
private func reds(_ bitmap: Bitmap) -> [[UInt8]] {
  (0..<bitmap.height).map { y in (0..<bitmap.width).map { x in bitmap[x, y].0 } }
}

private let area = ResampleOptions(kernel: .area)

@Suite struct ResamplerTests {
  /// Destination pixel 0 covers source [0, 1.5): weights 2/3 and 1/3 along each axis.
  /// (0,0): 4/9·0 + 2/9·90 + 2/9·90 + 1/9·180 = 60; (1,0): 2/9·90 + 4/9·180 + 1/9·180 +
  /// 2/9·255 = 176.67; (1,1): 1/9·180 + 2/9·255 + 2/9·255 + 4/9·255 = 246.67.
  @Test func threeByThreeToTwoByTwoAveragesAreas() {
    let source = grey([[0, 90, 180], [90, 180, 255], [180, 255, 255]])
    let out = Resampler.resize(source, width: 2, height: 2, options: area)
    #expect(reds(out) == [[60, 177], [177, 247]])
    #expect(out[0, 0] == (60, 60, 60, 255))
  }

  /// An opaque colour beside transparent black: the half-covered result keeps the colour
  /// (premultiplied (100, 50, 25) at alpha 127.5) instead of darkening towards black.
  @Test(arguments: [
    ResampleOptions.Kernel.area, .automatic, .quadraticArea, .compensatedArea(strength: 1.0 / 24),
    .lanczos(lobes: 3),
  ])
  func halfTransparentEdgeHasNoDarkFringe(kernel: ResampleOptions.Kernel) {
    var source = Bitmap(width: 2, height: 1)
    source[0, 0] = (200, 100, 50, 255)
    let options = ResampleOptions(kernel: kernel)
    let straight = Resampler.resize(source, width: 1, height: 1, options: options)
    #expect(straight[0, 0] == (199, 100, 50, 128))
    let premultiplied = Resampler.resizePremultiplied(source, width: 1, height: 1, options: options)
    #expect(premultiplied.pixels == [100, 50, 25, 128])
  }

  /// The same size is the same image, premultiplied exactly by the sheet's integer rule.
  @Test func identity() {
    var source = Bitmap(width: 3, height: 2, filling: (10, 200, 30, 255))
    source[1, 1] = (255, 128, 0, 51)
    #expect(Resampler.resize(source, width: 3, height: 2) == source)
    let premultiplied = Resampler.resizePremultiplied(source, width: 3, height: 2)
    #expect(Array(premultiplied.pixels[16..<20]) == [51, 26, 0, 51])
    #expect(premultiplied.straightAlpha()[0, 0] == (10, 200, 30, 255))
  }

  /// 1 × 6 → 1 × 3 averages pairs; 1 × 3 → 1 × 2 weighs 2/3 and 1/3.
  @Test func oneByN() {
    let column = grey([[0], [100], [200], [220], [40], [60]])
    #expect(reds(Resampler.resize(column, width: 1, height: 3, options: area)) == [[50], [210], [50]])
    let short = grey([[0], [90], [180]])
    #expect(reds(Resampler.resize(short, width: 1, height: 2, options: area)) == [[30], [150]])
    let row = grey([[0, 100, 200, 220, 40, 60]])
    #expect(reds(Resampler.resize(row, width: 3, height: 1)) == [[50, 210, 50]])
  }

  /// 64 × 64 of a black-and-white checkerboard to 1 × 1 is the mean, 127.5, rounded up;
  /// 64 → 3 covers 21⅓ columns per pixel.
  @Test func largeRatios() {
    var board = Bitmap(width: 64, height: 64)
    for y in 0..<64 {
      for x in 0..<64 {
        let v: UInt8 = (x + y) % 2 == 0 ? 255 : 0
        board[x, y] = (v, v, v, 255)
      }
    }
    #expect(Resampler.resize(board, width: 1, height: 1)[0, 0] == (128, 128, 128, 255))
    let ramp = grey([(0..<64).map { UInt8($0 * 4) }])
    // Pixel 0 averages 0, 4, …, 80 and a third of 84: (4·210 + 28) ÷ 21.33 = 40.69.
    #expect(reds(Resampler.resize(ramp, width: 3, height: 1, options: area)) == [[41, 126, 211]])
  }

  /// At 1.5× over the step 0, 0, 0, 0, 255, 255, destination pixel 2 covers source 3 (2/3)
  /// and 4 (1/3): 85 with the plain area. The compensated area sharpens source 3 to −255·s
  /// and 4 to 255·(1 + s): 85 − 85·s = 81.46 at s = 1/24. The quadratic area reads the left
  /// half of source 4 as 255/2 − 255/16 (its parabola through 0, 255, 255): (127.5 −
  /// 15.94) ÷ 1.5 = 74.38. Flat regions stay flat.
  @Test func onePointFiveTimes() {
    let step = grey([[0, 0, 0, 0, 255, 255]])
    #expect(reds(Resampler.resize(step, width: 4, height: 1, options: area)) == [[0, 0, 85, 255]])
    let compensated = ResampleOptions(kernel: .compensatedArea(strength: 1.0 / 24))
    #expect(reds(Resampler.resize(step, width: 4, height: 1, options: compensated)) == [[0, 0, 81, 255]])
    #expect(reds(Resampler.resize(step, width: 4, height: 1)) == [[0, 0, 74, 255]])
    let flat = Bitmap(width: 9, height: 9, filling: (30, 60, 90, 200))
    for kernel in [ResampleOptions.Kernel.automatic, .area, .quadraticArea, .lanczos(lobes: 3)] {
      let out = Resampler.resize(flat, width: 6, height: 6, options: ResampleOptions(kernel: kernel))
      #expect(out == Bitmap(width: 6, height: 6, filling: (30, 60, 90, 200)))
    }
  }

  /// Black beside white: the sRGB mean is 127.5 (128), the mean of the light is 0.5,
  /// encoded as sRGB 187.5 (188).
  @Test func sRGBAgainstLinear() {
    let pair = grey([[0, 255]])
    #expect(Resampler.resize(pair, width: 1, height: 1)[0, 0] == (128, 128, 128, 255))
    let linear = Resampler.resize(pair, width: 1, height: 1, options: ResampleOptions(colorSpace: .linear))
    #expect(linear[0, 0] == (188, 188, 188, 255))
  }

  /// At whole ratios the quadratic area is the plain area: every source pixel is covered
  /// whole.
  @Test func quadraticIsAreaAtWholeRatios() {
    var source = Bitmap(width: 12, height: 6)
    for y in 0..<6 {
      for x in 0..<12 {
        source[x, y] = (UInt8(x * 20), UInt8(y * 40), UInt8((x * y) % 256), UInt8(55 + x * 16))
      }
    }
    let quadratic = ResampleOptions(kernel: .quadraticArea)
    for (width, height) in [(6, 3), (4, 2), (3, 3), (1, 1)] {
      #expect(
        Resampler.resize(source, width: width, height: height, options: quadratic)
          == Resampler.resize(source, width: width, height: height, options: area))
    }
  }

  /// Enlarging interpolates between source centres.
  @Test func enlargingInterpolates() {
    let pair = grey([[0, 200]])
    #expect(reds(Resampler.resize(pair, width: 4, height: 1, options: area)) == [[0, 50, 150, 200]])
  }

  /// The passes stream the source a row at a time; every output value is the sum a float
  /// copy of the whole source, resized across and then down, gives (the same products in the
  /// same order), for every kernel, shrinking and enlarging, with transparency.
  @Test(arguments: [
    ResampleOptions.Kernel.area, .quadraticArea, .compensatedArea(strength: 0.5), .lanczos(lobes: 3),
  ])
  func streamingEqualsTheWholeImageResizedAcrossThenDown(kernel: ResampleOptions.Kernel) {
    var source = Bitmap(width: 37, height: 29)
    for y in 0..<29 {
      for x in 0..<37 {
        source[x, y] = (
          UInt8((x * 37 + y * 11) % 256), UInt8((x * y * 7) % 256), UInt8((y * 53) % 256),
          UInt8((x * 13 + y * 29) % 256)
        )
      }
    }
    for (width, height) in [(9, 7), (5, 29), (37, 4), (80, 61), (12, 50), (1, 1)] {
      let ratio = max(Double(37) / Double(width), Double(29) / Double(height))
      let resolved = Resampler.resolved(kernel, ratio: ratio)
      let across = AxisTaps(from: 37, to: width, kernel: resolved)
      let down = AxisTaps(from: 29, to: height, kernel: resolved)
      var whole = [SIMD4<Float>](repeating: .zero, count: 37 * 29)
      source.pixels.withUnsafeBufferPointer { raw in
        whole.withUnsafeMutableBufferPointer { whole in
          for y in 0..<29 {
            Resampler.load(
              row: y, of: raw, width: 37, colorSpace: .sRGB,
              into: UnsafeMutableBufferPointer(rebasing: whole[(y * 37)..<(y * 37 + 37)]))
          }
        }
      }
      var expected = [SIMD4<Float>](repeating: .zero, count: width * height)
      for y in 0..<height {
        for x in 0..<width {
          for k in 0..<down.count {
            let row = down.starts[y] + k
            var sum = SIMD4<Float>(repeating: 0)
            for j in 0..<across.count {
              sum += whole[row * 37 + across.starts[x] + j] * across.weights[x * across.count + j]
            }
            expected[y * width + x] += sum * down.weights[y * down.count + k]
          }
        }
      }
      let streamed = Resampler.passes(
        source, colorSpace: .sRGB, across: across, down: down, outWidth: width, outHeight: height)
      #expect(streamed == expected, "\(width)×\(height)")
    }
  }
}
