import ImageCore

/// A colour in sRGB, components 0...1, straight alpha: `[red, green, blue, alpha]`.
typealias Color = SIMD4<Double>

extension Color {
  /// A colour from `0xRRGGBB`, with an optional alpha.
  init(hex: UInt32, alpha: Double = 1) {
    self.init(
      Double((hex >> 16) & 0xFF) / 255, Double((hex >> 8) & 0xFF) / 255, Double(hex & 0xFF) / 255, alpha)
  }

  static let white = Color(1, 1, 1, 1)
  static let black = Color(0, 0, 0, 1)

  /// The same colour at `alpha` times its opacity.
  func opacity(_ alpha: Double) -> Color { Color(x, y, z, w * alpha) }
}

/// How a shape is coloured.
enum Paint: Sendable {
  /// One colour everywhere.
  case solid(Color)
  /// Colours blended along the line from `start` to `end`; `stops` are `(t, colour)` with
  /// `t` rising from 0 to 1.
  case linear(start: Point, end: Point, stops: [(Double, Color)])
  /// Colours blended outwards from `center`, `t` being the distance over `radius`.
  case radial(center: Point, radius: Double, stops: [(Double, Color)])

  /// A top-to-bottom gradient across a 60-point icon.
  static func vertical(_ top: Color, _ bottom: Color, from y0: Double = 0, to y1: Double = 60) -> Paint {
    .linear(start: Point(0, y0), end: Point(0, y1), stops: [(0, top), (1, bottom)])
  }

  func color(at p: Point) -> Color {
    switch self {
    case .solid(let color):
      return color
    case .linear(let start, let end, let stops):
      let axis = end - start
      return Paint.interpolate(stops, (p - start).dot(axis) / axis.dot(axis))
    case .radial(let center, let radius, let stops):
      return Paint.interpolate(stops, (p - center).length / radius)
    }
  }

  private static func interpolate(_ stops: [(Double, Color)], _ t: Double) -> Color {
    guard let first = stops.first, let last = stops.last else { return .black }
    if t <= first.0 { return first.1 }
    if t >= last.0 { return last.1 }
    for (a, b) in zip(stops, stops.dropFirst()) where t <= b.0 {
      let f = (t - a.0) / max(b.0 - a.0, 1e-12)
      return a.1 + (b.1 - a.1) * f
    }
    return last.1
  }
}

/// A rectangle of pixels that shapes are painted onto, addressed in points.
///
/// Pixels hold premultiplied colour as `Double`s, so layers compose without dark fringes and
/// without rounding until ``bitmap()``. Edges are anti-aliased analytically: a pixel's
/// coverage is its centre's signed distance to the edge, in pixels, mapped onto a one-pixel
/// ramp. Each scale is drawn at its own resolution, so edges are sharp at 1x, 2x and 3x
/// alike.
struct Canvas {
  /// Pixels per point.
  let scale: Int
  /// Width in pixels.
  let width: Int
  /// Height in pixels.
  let height: Int
  private var buffer: [Color]

  /// A transparent canvas of `width × height` points at `scale` pixels per point.
  init(width: Int, height: Int, scale: Int) {
    self.scale = scale
    self.width = width * scale
    self.height = height * scale
    self.buffer = Array(repeating: .zero, count: self.width * self.height)
  }

  /// Paints `shape` over what is there.
  ///
  /// - Parameter blur: the width in points over which the edge fades; 0 gives a crisp,
  ///   one-pixel anti-aliased edge, larger values give soft shadows and glows.
  mutating func fill(_ shape: Shape, _ paint: Paint, blur: Double = 0) {
    let perPoint = Double(scale)
    let ramp = max(1, blur * perPoint)
    for row in 0..<height {
      for column in 0..<width {
        let p = Point((Double(column) + 0.5) / perPoint, (Double(row) + 0.5) / perPoint)
        let d = shape.distance(p) * perPoint / ramp
        guard d < 0.5 else { continue }
        var coverage = min(0.5 - d, 1)
        if blur > 0 { coverage = coverage * coverage * (3 - 2 * coverage) }
        let source = paint.color(at: p)
        let alpha = source.w * coverage
        let premultiplied = Color(source.x * alpha, source.y * alpha, source.z * alpha, alpha)
        let index = row * width + column
        buffer[index] = premultiplied + buffer[index] * (1 - alpha)
      }
    }
  }

  /// Keeps only what lies inside `shape`, with an anti-aliased edge: the tile's cut-out.
  mutating func clip(to shape: Shape) {
    let perPoint = Double(scale)
    for row in 0..<height {
      for column in 0..<width {
        let p = Point((Double(column) + 0.5) / perPoint, (Double(row) + 0.5) / perPoint)
        let coverage = min(max(0.5 - shape.distance(p) * perPoint, 0), 1)
        buffer[row * width + column] *= coverage
      }
    }
  }

  /// Copies `other` onto this canvas with its top-left corner at pixel (`x`, `y`).
  mutating func place(_ other: Canvas, atPixelX x: Int, y: Int) {
    for row in 0..<other.height where (0..<height).contains(y + row) {
      for column in 0..<other.width where (0..<width).contains(x + column) {
        let source = other.buffer[row * other.width + column]
        let index = (y + row) * width + x + column
        buffer[index] = source + buffer[index] * (1 - source.w)
      }
    }
  }

  /// The picture as 8-bit straight-alpha RGBA, rounded to nearest.
  func bitmap() -> Bitmap {
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    for (index, color) in buffer.enumerated() {
      let alpha = min(max(color.w, 0), 1)
      let alphaByte = UInt8((alpha * 255).rounded())
      guard alphaByte > 0 else { continue }
      for channel in 0..<3 {
        let straight = min(max(color[channel] / alpha, 0), 1)
        bytes[index * 4 + channel] = UInt8((straight * 255).rounded())
      }
      bytes[index * 4 + 3] = alphaByte
    }
    return Bitmap(width: width, height: height, pixels: bytes)
  }
}
