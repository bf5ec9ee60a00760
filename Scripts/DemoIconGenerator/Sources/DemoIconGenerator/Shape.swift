import Foundation

/// A position in points; `y` grows downwards, as on screen.
struct Point: Sendable {
  var x: Double
  var y: Double

  init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
  static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
  static func * (a: Point, k: Double) -> Point { Point(a.x * k, a.y * k) }

  var length: Double { (x * x + y * y).squareRoot() }
  func dot(_ other: Point) -> Double { x * other.x + y * other.y }
}

/// A filled region described by its signed distance: negative inside, positive outside, in
/// points.
///
/// Drawing needs the distance only within a pixel or so of the edge, where it sets the edge's
/// coverage; that is why combinations through `min`/`max`, which are exact near edges but not
/// far from them, are good enough. Angles are in degrees and turn clockwise on screen, with 0
/// pointing right.
struct Shape: Sendable {
  /// Signed distance in points from a point to the shape's edge.
  let distance: @Sendable (Point) -> Double

  // MARK: Primitives

  static func circle(_ center: Point, _ radius: Double) -> Shape {
    Shape { ($0 - center).length - radius }
  }

  /// An axis-aligned ellipse; the distance is the first-order estimate `f / |∇f|`, accurate
  /// at the edge.
  static func ellipse(_ center: Point, rx: Double, ry: Double) -> Shape {
    Shape { p in
      let q = Point((p.x - center.x) / rx, (p.y - center.y) / ry)
      let k = q.length
      guard k > 0 else { return -min(rx, ry) }
      let gradient = Point(q.x / rx, q.y / ry).length / k
      return (k - 1) / gradient
    }
  }

  /// A rectangle from its top-left corner and size, with round corners.
  static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, radius: Double = 0)
    -> Shape
  {
    let center = Point(x + width / 2, y + height / 2)
    let half = Point(width / 2 - radius, height / 2 - radius)
    return Shape { p in
      let q = Point(abs(p.x - center.x) - half.x, abs(p.y - center.y) - half.y)
      let outside = Point(max(q.x, 0), max(q.y, 0)).length
      return outside + min(max(q.x, q.y), 0) - radius
    }
  }

  /// A straight stroke with round caps.
  static func line(_ a: Point, _ b: Point, width: Double) -> Shape {
    let ab = b - a
    let lengthSquared = max(ab.dot(ab), 1e-12)
    return Shape { p in
      let t = min(max((p - a).dot(ab) / lengthSquared, 0), 1)
      return (p - (a + ab * t)).length - width / 2
    }
  }

  /// A stroke through several points, round at the joins and ends.
  static func polyline(_ points: [Point], width: Double) -> Shape {
    .union(zip(points, points.dropFirst()).map { line($0, $1, width: width) })
  }

  /// A closed polygon, exact distance; the vertices may run either way round.
  static func polygon(_ vertices: [Point]) -> Shape {
    precondition(vertices.count >= 3, "a polygon needs three vertices")
    return Shape { p in
      var best = Double.infinity
      var inside = false
      var j = vertices.count - 1
      for i in vertices.indices {
        let a = vertices[i]
        let b = vertices[j]
        let edge = b - a
        let t = min(max((p - a).dot(edge) / max(edge.dot(edge), 1e-12), 0), 1)
        best = min(best, (p - (a + edge * t)).length)
        if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
          inside.toggle()
        }
        j = i
      }
      return inside ? -best : best
    }
  }

  /// A circular band of `width` centred on `radius`, from angle `start` clockwise to `end`,
  /// with round caps.
  static func arc(_ center: Point, radius: Double, from start: Double, to end: Double, width: Double)
    -> Shape
  {
    let startPoint = center + Point(cos(start * .pi / 180), sin(start * .pi / 180)) * radius
    let endPoint = center + Point(cos(end * .pi / 180), sin(end * .pi / 180)) * radius
    let sweep = normalizedDegrees(end - start)
    return Shape { p in
      let offset = p - center
      let angle = atan2(offset.y, offset.x) * 180 / .pi
      if normalizedDegrees(angle - start) <= sweep {
        return abs(offset.length - radius) - width / 2
      }
      return min((p - startPoint).length, (p - endPoint).length) - width / 2
    }
  }

  /// A full ring: a circle's outline of `width`.
  static func ring(_ center: Point, radius: Double, width: Double) -> Shape {
    Shape { abs(($0 - center).length - radius) - width / 2 }
  }

  /// The rounded square of an app tile, `|x|⁵ + |y|⁵ = r⁵`: a superellipse whose corners
  /// ease into the sides, as the "continuous corners" of iOS icons do, instead of the
  /// sharper join of a circular arc.
  static func squircle(_ center: Point, halfSide: Double) -> Shape {
    let n = 5.0
    return Shape { p in
      let x = abs(p.x - center.x) / halfSide
      let y = abs(p.y - center.y) / halfSide
      let sum = pow(x, n) + pow(y, n)
      guard sum > 0 else { return -halfSide }
      let norm = pow(sum, 1 / n)
      // ∇‖q‖ₙ = (x^(n-1), y^(n-1)) / ‖q‖ₙ^(n-1); dividing by it turns the level into a distance.
      let gradient = Point(pow(x, n - 1), pow(y, n - 1)).length / pow(norm, n - 1)
      return (norm - 1) * halfSide / gradient
    }
  }

  // MARK: Combinations

  /// Everything inside any of the shapes.
  static func union(_ shapes: [Shape]) -> Shape {
    Shape { p in shapes.reduce(Double.infinity) { min($0, $1.distance(p)) } }
  }

  /// This shape with `other` cut away.
  func subtracting(_ other: Shape) -> Shape {
    Shape { p in max(self.distance(p), -other.distance(p)) }
  }

  /// Where this shape and `other` overlap.
  func intersecting(_ other: Shape) -> Shape {
    Shape { p in max(self.distance(p), other.distance(p)) }
  }

  /// The shape grown outwards by `amount` points (shrunk when negative), corners rounding.
  func expanded(by amount: Double) -> Shape {
    Shape { p in self.distance(p) - amount }
  }

  /// The shape's outline as a band `width` wide centred on its edge.
  func outline(width: Double) -> Shape {
    Shape { p in abs(self.distance(p)) - width / 2 }
  }

  /// The shape moved by `dx`, `dy` points.
  func offset(_ dx: Double, _ dy: Double) -> Shape {
    Shape { p in self.distance(Point(p.x - dx, p.y - dy)) }
  }

  /// The shape turned clockwise by `degrees` about `pivot`.
  func rotated(_ degrees: Double, around pivot: Point) -> Shape {
    let c = cos(-degrees * .pi / 180)
    let s = sin(-degrees * .pi / 180)
    return Shape { p in
      let d = p - pivot
      return self.distance(pivot + Point(d.x * c - d.y * s, d.x * s + d.y * c))
    }
  }
}

/// An angle brought into `0..<360`.
private func normalizedDegrees(_ degrees: Double) -> Double {
  let r = degrees.truncatingRemainder(dividingBy: 360)
  return r < 0 ? r + 360 : r
}
