import ImageCore

/// An estimate, from an SVG's tags alone, of how much work librsvg and cairo do to draw it:
/// the sums over every element drawn, with `<use>`, filters, masks and the other `#id`
/// references followed as ``SVGReferenceCount`` follows them.
///
/// librsvg and cairo cannot be stopped once a render starts, so what a render may cost is
/// decided here, before it starts. The estimate is an upper bound of the shape
/// "every element covers the whole render": each element's ``paint`` units are paid for
/// every output pixel, and each path segment for every output row. Both are checked
/// against ``VectorLimits`` when the output size is known (``check(width:height:limits:)``).
struct SVGWork: Equatable {
  /// Elements drawn (tags, references followed).
  var elements = 0
  /// Path segments: each command of every `d` and `points` (``SVGPathExtent``), 4 for
  /// each basic shape, 8 for each character of text (a glyph's outline).
  var segments = 0
  /// The summed reach of those segments in the root's user units (``SVGPathExtent``),
  /// transforms applied: about the rows they cross at one pixel per unit.
  var reach = 0.0
  /// Full-surface passes, in units of one translucent shape composited over the whole
  /// render: 1 for each element, 2 more for each that needs a layer of its own (opacity,
  /// a mask, a filter, a clip path), and each filter primitive weighted by what it costs
  /// (see ``primitiveCost(_:attributes:)``).
  var paint = 0
  /// The deepest nesting of elements, references followed.
  var depth = 0
  /// The largest `font-size` given as a number, in user units.
  var fontSize = 0.0
  /// The largest `feConvolveMatrix` kernel side (`order`).
  var convolveOrder = 0
  /// The largest product of viewport zooms along a chain of nested viewports, from this
  /// element down: each `<svg>`, `<symbol>`, `<marker>` or `<pattern>` with a `viewBox`
  /// and a size zooms by size ÷ viewBox.
  var zoomIn = 1.0
  /// The smallest such product (a viewport that shrinks by 10⁻³⁰ overflows cairo as one
  /// that enlarges does).
  var zoomOut = 1.0

  /// Adds `other`, saturating each sum at `cap`.
  mutating func add(_ other: SVGWork, cap: Int) {
    elements = min(cap, elements + other.elements)
    segments = min(cap, segments + other.segments)
    reach = min(1e300, reach + other.reach)
    paint = min(cap, paint + other.paint)
    depth = max(depth, other.depth)
    fontSize = max(fontSize, other.fontSize)
    convolveOrder = max(convolveOrder, other.convolveOrder)
    zoomIn = max(zoomIn, other.zoomIn)
    zoomOut = min(zoomOut, other.zoomOut)
  }

  /// This work done `times` times (a marker at every vertex), each sum at most `cap`.
  func repeated(_ count: Int, cap: Int) -> SVGWork {
    guard count != 1 else { return self }
    func scaled(_ value: Int) -> Int {
      let (product, overflow) = value.multipliedReportingOverflow(by: count)
      return overflow ? cap : min(cap, product)
    }
    var result = self
    result.elements = scaled(elements)
    result.segments = scaled(segments)
    result.paint = scaled(paint)
    result.reach = min(1e300, reach * Double(count))
    return result
  }

  /// The work of one tag on its own (no children, no references).
  ///
  /// - Parameters:
  ///   - name: the tag's name (`path`, `svg:path`, `feGaussianBlur`).
  ///   - attributes: its attributes, name to value, as written (style declarations are
  ///     looked into for `font-size` and `opacity`).
  static func tag(
    _ name: ArraySlice<UInt8>, attributes: [(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>)]
  )
    -> SVGWork
  {
    let local = localName(name)
    var work = SVGWork(elements: 1, segments: 0, paint: 1, depth: 1)
    var layered = false
    var strokeWidth = 1.0
    for attribute in attributes {
      let key = localName(attribute.name)
      if key.elementsEqual("d".utf8) || key.elementsEqual("points".utf8) {
        let path = SVGPathExtent.measure(attribute.value, polyline: key.elementsEqual("points".utf8))
        work.segments += path.segments
        work.reach += path.reach
      } else if key.elementsEqual("stroke-width".utf8) {
        strokeWidth = max(strokeWidth, abs(firstNumber(in: attribute.value) ?? 1))
      } else if key.elementsEqual("mask".utf8) || key.elementsEqual("filter".utf8)
        || key.elementsEqual("clip-path".utf8)
      {
        layered = true
      } else if key.elementsEqual("opacity".utf8) {
        layered = layered || firstNumber(in: attribute.value).map { $0 < 1 } ?? false
      } else if key.elementsEqual("font-size".utf8) {
        work.fontSize = max(work.fontSize, firstNumber(in: attribute.value) ?? 0)
      } else if key.elementsEqual("style".utf8) {
        work.fontSize = max(work.fontSize, styleNumber("font-size", in: attribute.value) ?? 0)
        strokeWidth = max(strokeWidth, abs(styleNumber("stroke-width", in: attribute.value) ?? 1))
        if let opacity = styleNumber("opacity", in: attribute.value), opacity < 1 { layered = true }
        if contains("mask:", in: attribute.value) || contains("filter:", in: attribute.value)
          || contains("clip-path:", in: attribute.value) || contains("mix-blend-mode:", in: attribute.value)
        {
          layered = true
        }
      }
    }
    if ["svg", "symbol", "marker", "pattern"].contains(where: { local.elementsEqual($0.utf8) }) {
      (work.zoomIn, work.zoomOut) = viewportZoom(attributes)
    }
    if ["rect", "circle", "ellipse", "line"].contains(where: { local.elementsEqual($0.utf8) }) {
      work.segments += 4
    }
    // A stroke widens every segment's reach by its width.
    work.reach += Double(work.segments) * strokeWidth
    if layered { work.paint += 2 }
    if local.starts(with: "fe".utf8) {
      let (cost, order) = primitiveCost(local, attributes: attributes)
      work.paint += cost
      work.convolveOrder = order
    }
    return work
  }

  /// What one filter primitive costs in full-surface passes, and its convolution order.
  ///
  /// Measured with `rsvg-convert` at 1024 × 1024 (one pass of a translucent rectangle
  /// there costs 2.5 ms): `feFlood` 31 ms (12 passes), `feGaussianBlur` 195 ms whatever
  /// its deviation (80), `feTurbulence` 150 ms per octave (60 each), `feConvolveMatrix`
  /// 17 ms per kernel cell (7 each), `feMorphology` growing with its radius up to 6 s
  /// for a radius of 10⁵ (3 per pixel of radius, at most 3,000); every other primitive
  /// counts as 20.
  static func primitiveCost(
    _ local: ArraySlice<UInt8>, attributes: [(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>)]
  ) -> (cost: Int, order: Int) {
    func value(_ key: String) -> ArraySlice<UInt8>? {
      attributes.first { localName($0.name).elementsEqual(key.utf8) }?.value
    }
    func number(_ key: String, default fallback: Double) -> Double {
      value(key).flatMap { firstNumber(in: $0) } ?? fallback
    }
    if local.elementsEqual("feFlood".utf8) { return (12, 0) }
    if local.elementsEqual("feGaussianBlur".utf8) { return (80, 0) }
    if local.elementsEqual("feTurbulence".utf8) {
      let octaves = min(1e6, max(1, number("numOctaves", default: 1)))
      return (60 * Int(octaves), 0)
    }
    if local.elementsEqual("feConvolveMatrix".utf8) {
      let sides = value("order").map { numbersList(in: $0) } ?? []
      let width = min(1e6, max(1, sides.first ?? 3))
      let height = min(1e6, max(1, sides.count > 1 ? sides[1] : width))
      return (7 * Int(width) * Int(height), Int(max(width, height)))
    }
    if local.elementsEqual("feMorphology".utf8) {
      let radius = min(1_000, max(0, number("radius", default: 0)))
      return (3 * Int(radius) + 1, 0)
    }
    return (20, 0)
  }

  /// Throws unless drawing this work into a `width` × `height` render is within `limits`.
  ///
  /// - Parameters:
  ///   - width: the render's width in pixels.
  ///   - height: the render's height in pixels.
  ///   - unitScale: output pixels per user unit at scale 1 (the render's pixels per
  ///     point times the points per user unit of the root `viewBox`).
  ///   - limits: the budgets.
  /// - Throws: ``ImageError/Code/limitExceeded`` naming the budget that is over.
  func check(width: Int, height: Int, unitScale: Double, limits: VectorLimits) throws {
    // Every segment crosses at least one row and at most all of them.
    let rows = min(Double(segments) * Double(height), reach * unitScale + Double(segments))
    guard rows <= Double(limits.maxPathWork) else {
      throw ImageError(
        .limitExceeded,
        "the SVG's paths (\(segments) segments) cross about \(Int(min(rows, 1e15))) pixel rows at \(width)×\(height); the budget is \(limits.maxPathWork); render it smaller or simplify its paths"
      )
    }
    let pixels = width.multipliedReportingOverflow(by: height)
    let passes = pixels.partialValue.multipliedReportingOverflow(by: paint)
    guard !pixels.overflow && !passes.overflow && passes.partialValue <= limits.maxPaintWork else {
      throw ImageError(
        .limitExceeded,
        "the SVG paints \(paint) full-surface passes (elements, layers and filter primitives); at \(width)×\(height) pixels that is more than the budget of \(limits.maxPaintWork) pixel-passes; render it smaller or use fewer filters"
      )
    }
    guard unitScale <= limits.maxZoom else {
      throw ImageError(
        .limitExceeded,
        "drawing the SVG at \(width)×\(height) takes \(unitScale) pixels per unit of its viewBox; the budget is \(limits.maxZoom) (maxZoom)"
      )
    }
    let fontPixels = fontSize * unitScale
    guard fontPixels <= Double(limits.maxFontPixels) else {
      throw ImageError(
        .limitExceeded,
        "the SVG's font-size \(fontSize) draws text \(Int(min(fontPixels, 1e15))) pixels high; the limit is \(limits.maxFontPixels)"
      )
    }
  }

  /// The largest and smallest zoom of a viewport's size over its `viewBox`, of its two
  /// axes; 1 without both (a percentage size counts as no zoom).
  static func viewportZoom(
    _ attributes: [(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>)]
  ) -> (largest: Double, smallest: Double) {
    func value(_ key: String) -> ArraySlice<UInt8>? {
      attributes.first { localName($0.name).elementsEqual(key.utf8) }?.value
    }
    guard let box = value("viewBox").map(numbersList(in:)), box.count == 4 else { return (1, 1) }
    var largest = 0.0
    var smallest = Double.infinity
    for (key, side) in [("width", box[2]), ("height", box[3])] {
      guard let text = value(key), !text.contains(UInt8(ascii: "%")), let size = firstNumber(in: text) else {
        continue
      }
      // A zero size or viewBox disables rendering; librsvg draws nothing.
      let ratio = abs(size) / abs(side)
      guard ratio.isFinite, ratio > 0 else { continue }
      largest = max(largest, ratio)
      smallest = min(smallest, ratio)
    }
    return largest == 0 ? (1, 1) : (largest, smallest)
  }

  /// Throws for what no render size makes safe: nesting deeper than the limit (librsvg
  /// recurses once per level and overflows a thread's stack), convolution kernels
  /// larger than librsvg 2.54 can take without aborting the process, and nested
  /// viewports that zoom beyond ``VectorLimits/maxZoom``.
  ///
  /// - Throws: ``ImageError/Code/limitExceeded``.
  func checkStructure(limits: VectorLimits) throws {
    guard zoomIn <= limits.maxZoom && zoomOut >= 1 / limits.maxZoom else {
      let zoom = zoomIn > limits.maxZoom ? zoomIn : zoomOut
      throw ImageError(
        .limitExceeded,
        "the SVG's viewports (width, height and viewBox, nested) zoom by \(zoom); the budget is \(limits.maxZoom) either way (maxZoom)"
      )
    }
    guard depth <= limits.maxNestingDepth else {
      throw ImageError(
        .limitExceeded,
        "the SVG nests elements more than \(limits.maxNestingDepth) deep once its <use>, masks and other references are followed; flatten its groups"
      )
    }
    guard convolveOrder <= SVGWork.maxConvolveOrder else {
      throw ImageError(
        .limitExceeded,
        "the SVG's feConvolveMatrix has order \(convolveOrder); librsvg aborts above \(SVGWork.maxConvolveOrder)"
      )
    }
  }

  /// The largest `feConvolveMatrix` order librsvg 2.54 renders: from 25 up it panics
  /// ("Data storage buffer dimension mismatch"), which aborts a process that calls it
  /// through its C interface; 20 renders (in 6.9 s at 1024 × 1024, which the paint budget
  /// refuses).
  static let maxConvolveOrder = 20

  /// A name without its namespace prefix (`svg:path` → `path`).
  private static func localName(_ name: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    guard let colon = name.lastIndex(of: UInt8(ascii: ":")) else { return name }
    return name[(colon + 1)...]
  }

  /// The numbers of a list such as `3 5` or `3,5`.
  private static func numbersList(in text: ArraySlice<UInt8>) -> [Double] {
    String(decoding: text, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "," || $0.isWhitespace })
      .compactMap { Double($0) }
  }

  /// The number `text` starts with (after spaces), ignoring a unit after it.
  private static func firstNumber(in text: ArraySlice<UInt8>) -> Double? {
    let string = String(decoding: text, as: UTF8.self).drop(while: { $0.isWhitespace })
    let prefix = string.prefix(while: { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" })
    return Double(prefix).flatMap { $0.isFinite ? $0 : nil }
  }

  /// The number a style declaration `name: value` gives, if the style has one.
  private static func styleNumber(_ name: String, in style: ArraySlice<UInt8>) -> Double? {
    let text = String(decoding: style, as: UTF8.self)
    for declaration in text.split(separator: ";") {
      let parts = declaration.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, parts[0].split(whereSeparator: \.isWhitespace) == [Substring(name)] else {
        continue
      }
      return firstNumber(in: Array(parts[1].utf8)[...])
    }
    return nil
  }

  private static func contains(_ needle: String, in text: ArraySlice<UInt8>) -> Bool {
    let bytes = Array(needle.utf8)
    guard text.count >= bytes.count else { return false }
    var index = text.startIndex
    while index + bytes.count <= text.endIndex {
      if text[index..<(index + bytes.count)].elementsEqual(bytes) { return true }
      index += 1
    }
    return false
  }
}
