import ImageCore

extension VectorImage {
  /// Whether the SVG has an element with this `id`, such as a symbol template's
  /// `Regular-M` group; always `false` for a PDF.
  ///
  /// - Parameter id: the element's `id` attribute, without `#`.
  /// - Returns: whether librsvg finds it.
  public func hasElement(id: String) -> Bool {
    guard case .svg = format, let document = try? svgDocument() else { return false }
    return document.hasElement(id)
  }

  /// The size in points of an SVG element's ink bounds: what
  /// ``render(width:height:elementID:)`` draws.
  ///
  /// - Parameter id: the element's `id` attribute, without `#`.
  /// - Returns: the width and height of what the element draws, in the document's units.
  /// - Throws: ``ImageError/Code/invalidArgument`` for a PDF or an id the SVG does not
  ///   have, ``ImageError/Code/unsupported`` for an element that draws nothing.
  public func elementSize(id: String) throws -> PointSize {
    try ImageError.attributing(path) {
      let bounds = try svgDocument().elementBounds(id)
      return PointSize(width: bounds.width, height: bounds.height)
    }
  }

  /// Renders one element of an SVG (one glyph of a symbol template, say `Regular-M`) on
  /// its own: its ink bounds aspect-fit into exactly `width` × `height` pixels, centred,
  /// the margins transparent. librsvg draws the element as if it were the whole document,
  /// without the rest (a template's guides and other weights).
  ///
  /// - Parameters:
  ///   - width: the width in pixels, at least 1.
  ///   - height: the height in pixels, at least 1.
  ///   - elementID: the element's `id` attribute, without `#`.
  /// - Returns: straight 8-bit RGBA in sRGB.
  /// - Throws: ``ImageError``: ``ImageError/Code/invalidArgument`` for a PDF, an empty
  ///   size or an unknown id, ``ImageError/Code/limitExceeded`` before drawing for a size
  ///   beyond ``limits``, ``ImageError/Code/malformed`` when librsvg fails to draw.
  public func render(width: Int, height: Int, elementID: String) throws -> Bitmap {
    try ImageError.attributing(path) {
      try limits.check(width: width, height: height)
      let document = try svgDocument()
      let bounds = try document.elementBounds(elementID)
      let rect = FittedRect.aspectFit((bounds.width, bounds.height), width: width, height: height)
      try checkWork(
        width: width, height: height,
        pixelsPerPoint: max(rect.width / bounds.width, rect.height / bounds.height))
      let canvas = try CairoCanvas(width: width, height: height)
      try document.drawElement(elementID, into: canvas, rect: rect)
      return try canvas.bitmap()
    }
  }

  /// Renders one element of an SVG at `scale`: its ink bounds' size in points × scale,
  /// rounded as ``pixelSize(scale:)`` rounds.
  ///
  /// - Parameters:
  ///   - scale: pixels per point, positive and finite.
  ///   - elementID: the element's `id` attribute, without `#`.
  /// - Returns: straight 8-bit RGBA in sRGB.
  /// - Throws: what ``render(width:height:elementID:)`` throws, and
  ///   ``ImageError/Code/invalidArgument`` for a bad scale.
  public func render(scale: Double, elementID: String) throws -> Bitmap {
    guard scale > 0 && scale.isFinite else {
      throw ImageError(
        .invalidArgument, "cannot render at scale \(scale): it must be positive and finite", path: path)
    }
    let size = try elementSize(id: elementID)
    func pixels(_ points: Double) -> Int {
      let exact = points * scale
      guard exact < 1e12 else { return 1 << 40 }
      return max(1, Int(exact.rounded(.toNearestOrAwayFromZero)))
    }
    return try render(width: pixels(size.width), height: pixels(size.height), elementID: elementID)
  }
}
