import Resampling

/// A rectangle of pixels.
struct PixelRect: Sendable, Hashable {
  var x: Int
  var y: Int
  var width: Int
  var height: Int

  var maxX: Int { x + width }
  var maxY: Int { y + height }

  func intersection(_ other: PixelRect) -> PixelRect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
  }
}

/// A band of the sheet's rows in premultiplied RGBA, drawn into by several threads at once.
///
/// Coordinates are the sheet's pixels; the strip holds rows `top..<top + height`. Every
/// drawing call takes a clip rectangle and writes nothing outside it.
///
/// `@unchecked Sendable` is safe because the renderer gives each concurrent task its own
/// tile's rectangle as clip, tiles of a row never overlap, and the pixels are read (or the
/// strip reset) only after every task drawing into it has finished: `Parallel.map` (over
/// `concurrentPerform`) has returned and the strip's `DispatchWorkItem` has been waited for.
final class StripCanvas: @unchecked Sendable {
  let width: Int
  private(set) var top = 0
  private(set) var height = 0
  private let capacityRows: Int
  let pixels: UnsafeMutableBufferPointer<UInt8>

  init(width: Int, maxRows: Int) {
    self.width = width
    self.capacityRows = max(1, maxRows)
    pixels = .allocate(capacity: width * capacityRows * 4)
  }

  deinit { pixels.deallocate() }

  /// Starts the band of rows `top..<top + height`, filled with `color`.
  func reset(top: Int, height: Int, color: SheetColor) {
    precondition(height <= capacityRows, "strip taller than allocated")
    self.top = top
    self.height = height
    let a = UInt32(color.alpha)
    let fill: (UInt8, UInt8, UInt8, UInt8) = (
      UInt8(multiply255(UInt32(color.red), a)), UInt8(multiply255(UInt32(color.green), a)),
      UInt8(multiply255(UInt32(color.blue), a)), color.alpha
    )
    let count = width * height * 4
    var offset = 0
    while offset < count {
      pixels[offset] = fill.0
      pixels[offset + 1] = fill.1
      pixels[offset + 2] = fill.2
      pixels[offset + 3] = fill.3
      offset += 4
    }
  }

  /// The whole strip, as a clip.
  var bounds: PixelRect { PixelRect(x: 0, y: top, width: width, height: height) }

  /// The rows drawn so far, as bytes.
  var rows: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: pixels[0..<(width * height * 4)]))
  }

  /// Source-over of one premultiplied pixel at byte `offset`.
  @inline(__always)
  private func blend(_ offset: Int, _ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32) {
    if a == 0 { return }
    if a == 255 {
      pixels[offset] = UInt8(r)
      pixels[offset + 1] = UInt8(g)
      pixels[offset + 2] = UInt8(b)
      pixels[offset + 3] = 255
      return
    }
    let keep = 255 - a
    pixels[offset] = UInt8(r + multiply255(UInt32(pixels[offset]), keep))
    pixels[offset + 1] = UInt8(g + multiply255(UInt32(pixels[offset + 1]), keep))
    pixels[offset + 2] = UInt8(b + multiply255(UInt32(pixels[offset + 2]), keep))
    pixels[offset + 3] = UInt8(a + multiply255(UInt32(pixels[offset + 3]), keep))
  }

  /// Draws a premultiplied image with its top-left corner at (`x`, `y`).
  func draw(_ image: PremultipliedImage, x: Int, y: Int, clip: PixelRect) {
    let area = PixelRect(x: x, y: y, width: image.width, height: image.height)
      .intersection(clip).intersection(bounds)
    guard area.width > 0, area.height > 0 else { return }
    image.pixels.withUnsafeBufferPointer { source in
      for row in area.y..<area.maxY {
        var from = ((row - y) * image.width + (area.x - x)) * 4
        var to = ((row - top) * width + area.x) * 4
        for _ in 0..<area.width {
          blend(
            to, UInt32(source[from]), UInt32(source[from + 1]), UInt32(source[from + 2]),
            UInt32(source[from + 3]))
          from += 4
          to += 4
        }
      }
    }
  }

  /// Paints `color` through a coverage mask whose top-left corner is at (`x`, `y`).
  func draw(_ mask: GlyphMask, x: Int, y: Int, color: SheetColor, clip: PixelRect) {
    guard mask.coverage.count >= mask.width * mask.height else { return }
    mask.coverage.withUnsafeBufferPointer { coverage in
      draw(coverage: coverage, width: mask.width, height: mask.height, x: x, y: y, color: color, clip: clip)
    }
  }

  /// Paints `color` through `width × height` coverage values, row by row, whose top-left
  /// corner is at (`x`, `y`): the same bytes as painting each pixel on its own, in one loop
  /// over the raw rows that skips uncovered pixels and writes fully covered ones whole.
  func draw(
    coverage: UnsafeBufferPointer<UInt8>, width maskWidth: Int, height maskHeight: Int, x: Int, y: Int,
    color: SheetColor, clip: PixelRect
  ) {
    let area = PixelRect(x: x, y: y, width: maskWidth, height: maskHeight)
      .intersection(clip).intersection(bounds)
    guard area.width > 0, area.height > 0, coverage.count >= maskWidth * maskHeight,
      let source = coverage.baseAddress, let target = pixels.baseAddress
    else { return }
    let red = UInt32(color.red)
    let green = UInt32(color.green)
    let blue = UInt32(color.blue)
    let alpha = UInt32(color.alpha)
    // What full coverage paints: the colour premultiplied, as `paint` computes it.
    let fullAlpha = multiply255(alpha, 255)
    let full = (
      UInt8(truncatingIfNeeded: multiply255(red, fullAlpha)),
      UInt8(truncatingIfNeeded: multiply255(green, fullAlpha)),
      UInt8(truncatingIfNeeded: multiply255(blue, fullAlpha))
    )
    for row in area.y..<area.maxY {
      var from = source + (row - y) * maskWidth + (area.x - x)
      var to = target + ((row - top) * width + area.x) * 4
      var left = area.width
      while left > 0 {
        // Eight uncovered pixels at a time: most of a label's mask is the gaps between strokes.
        if left >= 8, UnsafeRawPointer(from).loadUnaligned(as: UInt64.self) == 0 {
          from += 8
          to += 32
          left -= 8
          continue
        }
        left -= 1
        let value = UInt32(from.pointee)
        if value != 0 {
          let a = value == 255 ? fullAlpha : multiply255(alpha, value)
          if a == 255 {
            to[0] = full.0
            to[1] = full.1
            to[2] = full.2
            to[3] = 255
          } else if a != 0 {
            let keep = 255 - a
            to[0] = UInt8(truncatingIfNeeded: multiply255(red, a) + multiply255(UInt32(to[0]), keep))
            to[1] = UInt8(truncatingIfNeeded: multiply255(green, a) + multiply255(UInt32(to[1]), keep))
            to[2] = UInt8(truncatingIfNeeded: multiply255(blue, a) + multiply255(UInt32(to[2]), keep))
            to[3] = UInt8(truncatingIfNeeded: a + multiply255(UInt32(to[3]), keep))
          }
        }
        from += 1
        to += 4
      }
    }
  }

  /// Paints `color` over `rect` with the coverage `shape` gives for each pixel centre
  /// (in the sheet's pixel coordinates), 0...1.
  func fill(
    _ rect: PixelRect, color: SheetColor, clip: PixelRect, shape: (Double, Double) -> Double
  ) {
    let area = rect.intersection(clip).intersection(bounds)
    guard area.width > 0, area.height > 0 else { return }
    for row in area.y..<area.maxY {
      var to = ((row - top) * width + area.x) * 4
      for column in area.x..<area.maxX {
        let coverage = shape(Double(column) + 0.5, Double(row) + 0.5)
        if coverage > 0 {
          paint(to, color: color, coverage: UInt32(min(1, coverage) * 255 + 0.5))
        }
        to += 4
      }
    }
  }

  @inline(__always)
  private func paint(_ offset: Int, color: SheetColor, coverage: UInt32) {
    guard coverage > 0 else { return }
    let a = multiply255(UInt32(color.alpha), coverage)
    blend(
      offset, multiply255(UInt32(color.red), a), multiply255(UInt32(color.green), a),
      multiply255(UInt32(color.blue), a), a)
  }

  /// Converts the strip to straight alpha in place, for a PNG with an alpha channel.
  func unpremultiply() {
    let count = width * height * 4
    var offset = 0
    while offset < count {
      let a = UInt32(pixels[offset + 3])
      if a != 0 && a != 255 {
        pixels[offset] = UInt8(min(255, (UInt32(pixels[offset]) * 255 + a / 2) / a))
        pixels[offset + 1] = UInt8(min(255, (UInt32(pixels[offset + 1]) * 255 + a / 2) / a))
        pixels[offset + 2] = UInt8(min(255, (UInt32(pixels[offset + 2]) * 255 + a / 2) / a))
      }
      offset += 4
    }
  }
}

/// Signed-distance shapes, antialiased by clamping `0.5 − distance` to 0...1.
enum Shape {
  /// Coverage of a rounded rectangle (a disc or a pill when the radius is half a side).
  static func roundedRect(
    centerX: Double, centerY: Double, halfWidth: Double, halfHeight: Double, radius: Double
  ) -> (Double, Double) -> Double {
    { x, y in
      let d = distance(
        x - centerX, y - centerY, halfWidth: halfWidth, halfHeight: halfHeight, radius: radius)
      return max(0, min(1, 0.5 - d))
    }
  }

  /// Coverage of a dashed outline of `lineWidth` drawn just inside a rounded rectangle.
  static func dashedOutline(
    centerX: Double, centerY: Double, halfWidth: Double, halfHeight: Double, radius: Double,
    lineWidth: Double, dash: Double
  ) -> (Double, Double) -> Double {
    { x, y in
      let d = distance(
        x - centerX, y - centerY, halfWidth: halfWidth, halfHeight: halfHeight, radius: radius)
      let ring = max(0, min(1, lineWidth / 2 + 0.5 - abs(d + lineWidth / 2)))
      guard ring > 0 else { return 0 }
      // Along a horizontal edge x varies, along a vertical one y does: their sum runs
      // along the whole outline.
      let along = (x - centerX + halfWidth) + (y - centerY + halfHeight)
      let phase = along.truncatingRemainder(dividingBy: 2 * dash)
      return phase < dash ? ring : 0
    }
  }

  private static func distance(
    _ px: Double, _ py: Double, halfWidth: Double, halfHeight: Double, radius: Double
  ) -> Double {
    let qx = abs(px) - (halfWidth - radius)
    let qy = abs(py) - (halfHeight - radius)
    let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
    return outside + min(max(qx, qy), 0) - radius
  }
}
