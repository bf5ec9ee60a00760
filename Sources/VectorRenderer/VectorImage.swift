import IconGridSupport
import ImageCore

/// An SVG or PDF file, rendered rather than decoded: drawn at whatever size is asked, so a
/// vector asset is sharp at every scale the way Xcode's "Preserve Vector Data" draws it.
///
/// SVG is drawn by librsvg, PDF (page 1, as Xcode uses it) by poppler, both with cairo.
/// Creating an image parses the file once to check it and learn its size; every render
/// parses it again into a handle of its own, so images are plain values that any thread may
/// render at the same time.
///
/// ```swift
/// let image = try VectorImage(bytes: bytes, format: .pdf, path: "Icon.pdf")
/// image.pointSize                        // 83.5 × 83.5
/// image.pixelSize(scale: 2)              // (167, 167)
/// let bitmap = try image.render(scale: 2)
/// ```
///
/// **Hostile files.** The input is capped at ``VectorLimits/maxInputBytes`` before parsing
/// (for `.svgz`, the decompressed text too, while decompressing), and an SVG's elements and
/// text, with its entities expanded, are counted against ``VectorLimits/maxElements`` and
/// ``VectorLimits/maxInputBytes`` before librsvg parses it; every render's pixels are
/// checked against ``VectorLimits/maxPixels`` and ``VectorLimits/maxSide`` before its
/// surface is allocated, so a PDF page that claims 10⁶ × 10⁶ pt fails without drawing.
/// librsvg gets no base file, so it loads no file or URL at all: only `data:` URLs and
/// the document's own elements are drawn, and an `<image>` of `/etc/passwd`, `../x.png`
/// or `http://…`, an XInclude or an external entity renders as if it were absent (the
/// references are listed in ``externalReferences``; ``requireSelfContained()`` turns them
/// into an error). librsvg bounds an SVG's work with its own limits (1,000,000 elements
/// loaded, 500,000 references followed per render, which stops billion-laughs and nested
/// `<use>` expansions with an error). Since neither librsvg nor cairo can be stopped once
/// drawing starts, an SVG's work is estimated from its tags when it is opened
/// and checked against the budgets before every render: the pixel rows its path segments
/// cross (``VectorLimits/maxPathWork``), the full-surface passes its elements, layers and
/// filter primitives paint (``VectorLimits/maxPaintWork``), the depth it nests to
/// (``VectorLimits/maxNestingDepth``) and the pixel size of its text
/// (``VectorLimits/maxFontPixels``). A PDF's work is bounded by its size in bytes and its
/// output pixels only; poppler has no time limit of its own.
///
/// **Thread safety.** Values are `Sendable`. SVG renders run in parallel; PDF work is
/// serialised by one process-wide lock, because poppler's shared state is not promised to
/// be thread-safe.
public struct VectorImage: Sendable {
  enum Content: Sendable {
    /// Uncompressed SVG text, the work of drawing it, and the points per user unit of its
    /// root `viewBox` (1 without one).
    case svg([UInt8], SVGWork, pointsPerUnit: Double)
    /// The PDF's bytes.
    case pdf([UInt8])
  }

  /// ``ImageFormat/svg`` or ``ImageFormat/pdf``.
  public let format: ImageFormat
  /// The intrinsic size in points: a PDF's first page (its crop box, rotated as the page
  /// says); an SVG's `width` and `height` when both are absolute lengths (1 px = 1 pt;
  /// physical units at 72 per inch), else its `viewBox`'s width and height.
  public let pointSize: PointSize
  /// The file as the caller named it, for messages; never opened.
  public let path: String?
  /// The limits every render is checked against.
  public let limits: VectorLimits
  /// The files and URLs an SVG refers to (`href`, `url(…)`, external entities), none of
  /// which is ever loaded; empty for a PDF and for a self-contained SVG.
  public let externalReferences: [String]
  let content: Content

  /// Parses a vector file and learns its size.
  ///
  /// An SVG with neither an absolute `width`/`height` nor a `viewBox` has no size and is
  /// refused (``ImageError/Code/unsupported``), since any size chosen for it would be a
  /// guess. Gzip-compressed SVG (`.svgz`) is recognised by its bytes.
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - format: ``ImageFormat/svg`` or ``ImageFormat/pdf`` (from `ImageFormat.sniff`).
  ///   - path: the file's name for messages; it is not read, and no file beside it is.
  ///   - limits: the input and output limits.
  /// - Throws: ``ImageError`` (with `path`): ``ImageError/Code/limitExceeded`` for too
  ///   many bytes, ``ImageError/Code/malformed`` for data the library cannot parse,
  ///   ``ImageError/Code/unsupported`` for another format, an encrypted or page-less PDF
  ///   or a sizeless SVG.
  public init(bytes: [UInt8], format: ImageFormat, path: String? = nil, limits: VectorLimits = .default)
    throws
  {
    self.format = format
    self.path = path
    self.limits = limits
    var references: [String] = []
    var size = (width: 0.0, height: 0.0)
    content = try ImageError.attributing(path) {
      try limits.check(inputBytes: bytes.count)
      switch format {
      case .svg:
        let text = Inflater.isGzip(bytes) ? try Inflater.gunzip(bytes, limit: limits.maxInputBytes) : bytes
        let work = try SVGPreflight.check(text, limits: limits)
        let document = try SVGDocument(text)
        size = try document.intrinsicSize()
        references = ExternalReferences.find(in: text)
        let units = document.viewBoxSize().map { max(size.width / $0.width, size.height / $0.height) } ?? 1
        return .svg(text, work, pointsPerUnit: units)
      case .pdf:
        try PDFPreflight.check(bytes, limits: limits)
        size = try PDFDocument.lock.withLock { _ in try PDFDocument(bytes).pageSize() }
        try PDFPreflight.checkPage(width: size.width, height: size.height, limits: limits)
        return .pdf(bytes)
      default:
        throw ImageError(.unsupported, "\(format.description) is not a vector format; decode it instead")
      }
    }
    externalReferences = references
    pointSize = PointSize(width: size.width, height: size.height)
  }

  /// Reads and parses a vector file.
  ///
  /// - Parameters:
  ///   - path: the file.
  ///   - format: its format, or `nil` to sniff it from its bytes.
  ///   - limits: the input and output limits.
  /// - Throws: ``ImageError``: ``ImageError/Code/notFound`` or ``ImageError/Code/io``
  ///   when the file cannot be read, and whatever ``init(bytes:format:path:limits:)`` throws.
  public init(contentsOf path: String, format: ImageFormat? = nil, limits: VectorLimits = .default) throws {
    let bytes = try FileIO.readAll(path, limit: limits.maxInputBytes)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let ext = name.contains(".") ? String(name.split(separator: ".").last ?? "") : ""
    guard let sniffed = format ?? ImageFormat.sniff(bytes, pathExtension: ext) else {
      throw ImageError(.unsupported, "its bytes are no image format IconGrid knows", path: path)
    }
    try self.init(bytes: bytes, format: sniffed, path: path, limits: limits)
  }

  /// The pixels a render at `scale` has: each side is points × scale rounded to nearest,
  /// halves up, and at least 1.
  ///
  /// Every size Xcode gives a slot is exact (83.5 pt @2x = 167 px, 20 pt @3x = 60 px), so
  /// rounding matters only for odd page sizes (24.5 pt @3x = 73.5 → 74 px); nearest keeps
  /// the render within half a pixel of its true size, and a half rounds up so a render is
  /// never smaller than a truncation would make it.
  ///
  /// - Parameter scale: pixels per point (1, 2, 3).
  /// - Returns: the width and height in pixels; (0, 0) for a scale that is not positive
  ///   and finite.
  public func pixelSize(scale: Double) -> (width: Int, height: Int) {
    guard scale > 0 && scale.isFinite else { return (0, 0) }
    func pixels(_ points: Double) -> Int {
      let exact = points * scale
      // Beyond any limit, and still far from overflowing Int.
      guard exact < 1e12 else { return 1 << 40 }
      return max(1, Int(exact.rounded(.toNearestOrAwayFromZero)))
    }
    return (pixels(pointSize.width), pixels(pointSize.height))
  }

  /// Renders the whole image at `scale`: ``pixelSize(scale:)`` pixels, which the image's
  /// points × scale fill (rounding changes the aspect ratio by under half a pixel).
  ///
  /// - Parameter scale: pixels per point (1, 2, 3), positive and finite.
  /// - Returns: straight 8-bit RGBA in sRGB; what the image does not cover is transparent.
  /// - Throws: ``ImageError`` (with ``path``): ``ImageError/Code/invalidArgument`` for a
  ///   bad scale, ``ImageError/Code/limitExceeded`` before drawing when the pixels are
  ///   beyond ``limits``, ``ImageError/Code/malformed`` when the library fails to draw.
  public func render(scale: Double) throws -> Bitmap {
    try ImageError.attributing(path) {
      try checkScale(scale)
      let size = pixelSize(scale: scale)
      return try draw(width: size.width, height: size.height, fill: true)
    }
  }

  /// Renders the whole image into exactly `width` × `height` pixels, aspect-fit: scaled
  /// uniformly to the largest size that fits, centred, the margins transparent.
  ///
  /// - Parameters:
  ///   - width: the width in pixels, at least 1.
  ///   - height: the height in pixels, at least 1.
  /// - Returns: straight 8-bit RGBA in sRGB.
  /// - Throws: ``ImageError`` (with ``path``): ``ImageError/Code/invalidArgument`` for
  ///   an empty size, ``ImageError/Code/limitExceeded`` before drawing when the size is
  ///   beyond ``limits``, ``ImageError/Code/malformed`` when the library fails to draw.
  public func render(width: Int, height: Int) throws -> Bitmap {
    try ImageError.attributing(path) { try draw(width: width, height: height, fill: false) }
  }

  /// Throws when the SVG refers to any file or URL (``externalReferences`` is not empty),
  /// for callers that would rather refuse such a file than draw it without them.
  ///
  /// - Throws: ``ImageError/Code/externalReference`` naming the first reference.
  public func requireSelfContained() throws {
    guard let first = externalReferences.first else { return }
    let more = externalReferences.count > 1 ? " and \(externalReferences.count - 1) more" : ""
    throw ImageError(
      .externalReference,
      "the SVG refers to \"\(first)\"\(more), which is never loaded; embed it as a data: URL", path: path)
  }

  /// A fresh librsvg handle for this SVG.
  ///
  /// - Throws: ``ImageError/Code/invalidArgument`` for a PDF.
  func svgDocument() throws -> SVGDocument {
    guard case .svg(let text, _, _) = content else {
      throw ImageError(.invalidArgument, "a PDF has no elements to render by id")
    }
    return try SVGDocument(text)
  }

  /// Throws unless drawing this SVG into `width` × `height` pixels, at `pixelsPerPoint`,
  /// is within the work budgets of ``limits`` (nothing to check for a PDF).
  func checkWork(width: Int, height: Int, pixelsPerPoint: Double) throws {
    guard case .svg(_, let work, let pointsPerUnit) = content else { return }
    try work.check(width: width, height: height, unitScale: pixelsPerPoint * pointsPerUnit, limits: limits)
  }

  private func checkScale(_ scale: Double) throws {
    guard scale > 0 && scale.isFinite else {
      throw ImageError(.invalidArgument, "cannot render at scale \(scale): it must be positive and finite")
    }
  }

  private func draw(width: Int, height: Int, fill: Bool) throws -> Bitmap {
    try limits.check(width: width, height: height)
    let size = (width: pointSize.width, height: pointSize.height)
    let rect =
      fill
      ? FittedRect(x: 0, y: 0, width: Double(width), height: Double(height))
      : FittedRect.aspectFit(size, width: width, height: height)
    try checkWork(
      width: width, height: height, pixelsPerPoint: max(rect.width / size.width, rect.height / size.height))
    switch content {
    case .svg(let text, _, _):
      let document = try SVGDocument(text)
      let canvas = try CairoCanvas(width: width, height: height)
      try document.draw(size: size, into: canvas, rect: rect)
      return try canvas.bitmap()
    case .pdf(let bytes):
      let canvas = try CairoCanvas(width: width, height: height)
      try PDFDocument.lock.withLock { _ in
        try PDFDocument(bytes).draw(size: size, into: canvas, rect: rect)
      }
      return try canvas.bitmap()
    }
  }
}

/// Where, in pixels, a render draws its image.
struct FittedRect: Hashable {
  var x: Double
  var y: Double
  var width: Double
  var height: Double

  /// `size` scaled uniformly to fit `width` × `height`, centred.
  static func aspectFit(_ size: (width: Double, height: Double), width: Int, height: Int) -> FittedRect {
    let scale = min(Double(width) / size.width, Double(height) / size.height)
    let drawn = (width: size.width * scale, height: size.height * scale)
    return FittedRect(
      x: (Double(width) - drawn.width) / 2, y: (Double(height) - drawn.height) / 2, width: drawn.width,
      height: drawn.height)
  }
}
