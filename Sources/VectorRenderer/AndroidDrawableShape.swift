import ImageCore

extension AndroidSVGTranslator {
  /// A `<shape>` (rectangle or oval) filling the rectangle; the stroke is drawn inside it,
  /// centred on a line half its width in, as Android's GradientDrawable draws it.
  mutating func shape(_ element: AndroidXMLElement, x: Double, y: Double, width: Double, height: Double)
    throws
    -> String
  {
    let kind = element.android("shape") ?? "rectangle"
    guard kind == "rectangle" || kind == "oval" else {
      throw ImageError(
        .unsupported, "a \(kind) <shape>, which IconGrid does not draw (only rectangle and oval)")
    }
    let child = { (name: String) in element.children.first { $0.name == name } }
    var fill = " fill=\"none\""
    if let gradient = child("gradient") {
      fill = " fill=\"url(#\(shapeGradient(gradient)))\""
    } else if let solid = child("solid"), let color = solid.android("color") {
      fill = paint("fill", color, alpha: 1)
    }
    var stroke = ""
    var strokeWidth = 0.0
    if let line = child("stroke"), line.android("width") != nil {
      strokeWidth = try Self.dimension(line, "width")
      if strokeWidth > 0 {
        stroke =
          paint("stroke", line.android("color") ?? "#00000000", alpha: 1)
          + " stroke-width=\"\(Self.number(strokeWidth))\""
        let dash = line.android("dashWidth") == nil ? 0 : try Self.dimension(line, "dashWidth")
        if dash > 0 {
          let gap = line.android("dashGap") == nil ? 0 : try Self.dimension(line, "dashGap")
          stroke += " stroke-dasharray=\"\(Self.number(dash)) \(Self.number(gap))\""
        }
      }
    }
    let inset = strokeWidth / 2
    let rect = (
      x: x + inset, y: y + inset, width: max(0, width - strokeWidth), height: max(0, height - strokeWidth)
    )
    let n = Self.number
    if kind == "oval" {
      return "<ellipse cx=\"\(n(rect.x + rect.width / 2))\" cy=\"\(n(rect.y + rect.height / 2))\" "
        + "rx=\"\(n(rect.width / 2))\" ry=\"\(n(rect.height / 2))\"\(fill)\(stroke)/>"
    }
    let radii = try cornerRadii(child("corners"), limit: min(rect.width, rect.height) / 2)
    return "<path d=\"\(Self.roundedRect(rect, radii))\"\(fill)\(stroke)/>"
  }

  /// The corner radii in dp (top-left, top-right, bottom-right, bottom-left), each at most
  /// half the shorter side as Android draws them.
  private func cornerRadii(_ corners: AndroidXMLElement?, limit: Double) throws -> [Double] {
    guard let corners else { return [0, 0, 0, 0] }
    let all = corners.android("radius") == nil ? 0 : try Self.dimension(corners, "radius")
    return try ["topLeftRadius", "topRightRadius", "bottomRightRadius", "bottomLeftRadius"].map { name in
      min(limit, corners.android(name) == nil ? all : try Self.dimension(corners, name))
    }
  }

  /// A rectangle with rounded corners as path data.
  static func roundedRect(_ rect: (x: Double, y: Double, width: Double, height: Double), _ radii: [Double])
    -> String
  {
    let (x, y, w, h) = (rect.x, rect.y, rect.width, rect.height)
    let n = number
    func arc(_ r: Double, _ endX: Double, _ endY: Double) -> String {
      r > 0 ? "A\(n(r)),\(n(r)) 0 0 1 \(n(endX)),\(n(endY))" : ""
    }
    return "M\(n(x + radii[0])),\(n(y))H\(n(x + w - radii[1]))\(arc(radii[1], x + w, y + radii[1]))"
      + "V\(n(y + h - radii[2]))\(arc(radii[2], x + w - radii[2], y + h))"
      + "H\(n(x + radii[3]))\(arc(radii[3], x, y + h - radii[3]))"
      + "V\(n(y + radii[0]))\(arc(radii[0], x + radii[0], y))Z"
  }

  /// A shape's `<gradient>` as a `<defs>` entry over the shape's box; returns its id.
  /// Linear gradients run at their angle corner to corner (0 = left to right, 90 = bottom
  /// to top), radial ones from the centre; a sweep gradient is drawn as a linear one.
  private mutating func shapeGradient(_ gradient: AndroidXMLElement) -> String {
    let id = newID("gradient")
    let stops = gradientStops(gradient)
    let n = Self.number
    let type = gradient.android("type") ?? "linear"
    if type == "radial" {
      let radius = gradient.android("gradientRadius").flatMap { Double($0.androidTrimmed) } ?? 0.5
      if !(gradient.android("gradientRadius")?.hasSuffix("%") ?? true) {
        warn("a radial gradient's radius in dp is drawn as half the shape")
      }
      addDefinition(
        "<radialGradient id=\"\(id)\" cx=\"\(n(float(gradient, "centerX", 0.5)))\" "
          + "cy=\"\(n(float(gradient, "centerY", 0.5)))\" r=\"\(n(min(1, max(0, radius))))\">\(stops)</radialGradient>"
      )
      return id
    }
    if type == "sweep" { warn("a sweep gradient is drawn as a linear one") }
    // Android takes the angle in steps of 45° and runs between the box's edges or corners.
    let step = ((Int(float(gradient, "angle", 0).rounded()) / 45 % 8) + 8) % 8
    let directions: [(x: Double, y: Double)] = [
      (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1),
    ]
    let (sx, sy) = directions[step]
    let start = (x: 0.5 - sx / 2, y: 0.5 + sy / 2)
    let end = (x: 0.5 + sx / 2, y: 0.5 - sy / 2)
    addDefinition(
      "<linearGradient id=\"\(id)\" x1=\"\(n(start.x))\" y1=\"\(n(start.y))\" x2=\"\(n(end.x))\" y2=\"\(n(end.y))\">"
        + "\(stops)</linearGradient>")
    return id
  }
}
