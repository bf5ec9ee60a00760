import ImageCore

extension AndroidSVGTranslator {
  /// A `<vector>` stretched over the rectangle, its viewport scaled to fit. It is not
  /// clipped to the rectangle (in a layer-list, a path beyond its viewport shows).
  mutating func vector(_ element: AndroidXMLElement, x: Double, y: Double, width: Double, height: Double)
    throws
    -> String
  {
    guard let viewportWidth = element.android("viewportWidth").flatMap({ Double($0.androidTrimmed) }),
      let viewportHeight = element.android("viewportHeight").flatMap({ Double($0.androidTrimmed) }),
      viewportWidth > 0, viewportHeight > 0, viewportWidth.isFinite, viewportHeight.isFinite
    else {
      throw ImageError(
        .malformed, "the <vector> needs positive android:viewportWidth and android:viewportHeight numbers")
    }
    let content = try groupContent(element)
    var attributes = ""
    let alpha = float(element, "alpha", 1)
    if alpha < 1 { attributes += " opacity=\"\(Self.number(max(0, alpha)))\"" }
    if let tint = element.android("tint") {
      attributes += tintFilter(tint, mode: element.android("tintMode") ?? "src_in")
    }
    let n = Self.number
    // A transform rather than a nested <svg viewBox>: the work budgets scale a path's reach
    // by the transforms above it, and would not see a nested viewport's scale.
    let transform =
      "translate(\(n(x)) \(n(y))) scale(\(n(width / viewportWidth)) \(n(height / viewportHeight)))"
    return "<g transform=\"\(transform)\"><g\(attributes)>\(content)</g></g>"
  }

  /// The children of a `<vector>` or `<group>`; a `<clip-path>` clips the children after it.
  private mutating func groupContent(_ element: AndroidXMLElement) throws -> String {
    var out = ""
    var openClips = 0
    for child in element.children {
      switch child.name {
      case "path": out += try path(child)
      case "group": out += try group(child)
      case "clip-path":
        guard let data = child.android("pathData") else {
          throw ImageError(.malformed, "a <clip-path> has no android:pathData; add it or remove the element")
        }
        let id = newID("clip")
        addDefinition("<clipPath id=\"\(id)\"><path d=\"\(Self.escaped(data))\"/></clipPath>")
        out += "<g clip-path=\"url(#\(id))\">"
        openClips += 1
      default:
        warn("<\(child.name)> inside <\(element.name)> is not drawn")
      }
    }
    return out + String(repeating: "</g>", count: openClips)
  }

  /// A `<group>`: its transform is Android's, about the pivot: scale, rotate, then translate.
  private mutating func group(_ element: AndroidXMLElement) throws -> String {
    let pivot = (x: float(element, "pivotX", 0), y: float(element, "pivotY", 0))
    let scale = (x: float(element, "scaleX", 1), y: float(element, "scaleY", 1))
    let rotation = float(element, "rotation", 0)
    let translation = (x: float(element, "translateX", 0), y: float(element, "translateY", 0))
    let n = Self.number
    // SVG applies the rightmost first: the same order as VectorDrawable's local matrix.
    let transform =
      "translate(\(n(translation.x + pivot.x)) \(n(translation.y + pivot.y))) rotate(\(n(rotation))) "
      + "scale(\(n(scale.x)) \(n(scale.y))) translate(\(n(-pivot.x)) \(n(-pivot.y)))"
    return "<g transform=\"\(transform)\">\(try groupContent(element))</g>"
  }

  /// A `<path>` with its fill and stroke.
  private mutating func path(_ element: AndroidXMLElement) throws -> String {
    guard let data = element.android("pathData") else {
      throw ImageError(.malformed, "a <path> has no android:pathData; add it or remove the element")
    }
    let gradients = gradientAttributes(element)
    var out = "<path d=\"\(Self.escaped(data))\""
    let fillAlpha = float(element, "fillAlpha", 1)
    if let gradient = gradients["android:fillColor"] {
      out +=
        " fill=\"url(#\(gradient))\"" + (fillAlpha < 1 ? " fill-opacity=\"\(Self.number(fillAlpha))\"" : "")
    } else {
      out += paint("fill", element.android("fillColor"), alpha: fillAlpha)
    }
    if element.android("fillType") == "evenOdd" { out += " fill-rule=\"evenodd\"" }
    let strokeWidth = float(element, "strokeWidth", 0)
    let strokeAlpha = float(element, "strokeAlpha", 1)
    if strokeWidth > 0, let gradient = gradients["android:strokeColor"] {
      out += " stroke=\"url(#\(gradient))\""
      if strokeAlpha < 1 { out += " stroke-opacity=\"\(Self.number(strokeAlpha))\"" }
    } else if strokeWidth > 0, let stroke = element.android("strokeColor") {
      out += paint("stroke", stroke, alpha: strokeAlpha)
    }
    if strokeWidth > 0 {
      out += " stroke-width=\"\(Self.number(strokeWidth))\""
      if let cap = element.android("strokeLineCap"), ["round", "square"].contains(cap) {
        out += " stroke-linecap=\"\(cap)\""
      }
      if let join = element.android("strokeLineJoin"), ["round", "bevel"].contains(join) {
        out += " stroke-linejoin=\"\(join)\""
      }
      let miter = float(element, "strokeMiterLimit", 4)
      if miter != 4 && miter >= 1 { out += " stroke-miterlimit=\"\(Self.number(miter))\"" }
    }
    if float(element, "trimPathStart", 0) != 0 || float(element, "trimPathEnd", 1) != 1 {
      warn("a <path> is trimmed (android:trimPath…); drawn whole")
    }
    return out + "/>"
  }

  /// The gradients a path's `<aapt:attr name="android:fillColor">` (or `strokeColor`)
  /// children define, as `<defs>` ids by attribute name.
  private mutating func gradientAttributes(_ element: AndroidXMLElement) -> [String: String] {
    var ids: [String: String] = [:]
    for attr in element.children where attr.name == "aapt:attr" {
      guard let name = attr.attributes["name"],
        let gradient = attr.children.first(where: { $0.name == "gradient" })
      else { continue }
      let id = newID("gradient")
      let stops = gradientStops(gradient)
      let n = Self.number
      switch gradient.android("type") ?? "linear" {
      case "radial":
        addDefinition(
          "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(n(float(gradient, "centerX", 0)))\" "
            + "cy=\"\(n(float(gradient, "centerY", 0)))\" r=\"\(n(max(0, float(gradient, "gradientRadius", 0))))\">"
            + "\(stops)</radialGradient>")
      case "sweep":
        warn("a sweep gradient is drawn as a linear one")
        fallthrough
      default:
        addDefinition(
          "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(n(float(gradient, "startX", 0)))\" "
            + "y1=\"\(n(float(gradient, "startY", 0)))\" x2=\"\(n(float(gradient, "endX", 0)))\" "
            + "y2=\"\(n(float(gradient, "endY", 0)))\">\(stops)</linearGradient>")
      }
      ids[name] = id
    }
    return ids
  }

  /// `<stop>`s from a gradient's `<item>`s, else its start, centre and end colours.
  mutating func gradientStops(_ gradient: AndroidXMLElement) -> String {
    var stops: [(Double, String)] = []
    for item in gradient.children where item.name == "item" {
      if let color = item.android("color") { stops.append((float(item, "offset", 0), color)) }
    }
    if stops.isEmpty {
      stops.append((0, gradient.android("startColor") ?? "#00000000"))
      if let center = gradient.android("centerColor") { stops.append((0.5, center)) }
      stops.append((1, gradient.android("endColor") ?? "#00000000"))
    }
    return stops.map { offset, value in
      let color = color(value)
      return "<stop offset=\"\(Self.number(offset))\" stop-color=\"\(color.hex)\" "
        + "stop-opacity=\"\(Self.number(color.opacity))\"/>"
    }.joined()
  }

  /// ` filter="url(#…)"` for a tint: the tint colour where the drawing is (`src_in`), or
  /// drawn over it (`src_atop`, `multiply` approximated the same way).
  private mutating func tintFilter(_ value: String, mode: String) -> String {
    let tint = color(value)
    if mode != "src_in" && mode != "src_atop" { warn("android:tintMode=\"\(mode)\" is drawn as src_in") }
    let id = newID("tint")
    addDefinition(
      "<filter id=\"\(id)\" x=\"0\" y=\"0\" width=\"1\" height=\"1\"><feFlood flood-color=\"\(tint.hex)\" "
        + "flood-opacity=\"\(Self.number(tint.opacity))\"/>"
        + "<feComposite in2=\"SourceGraphic\" operator=\"\(mode == "src_atop" ? "atop" : "in")\"/></filter>")
    return " filter=\"url(#\(id))\""
  }
}
