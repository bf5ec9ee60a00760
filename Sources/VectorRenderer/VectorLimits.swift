import ImageCore

/// How large a vector file and its renders may be, checked before any work that could grow.
///
/// ``maxInputBytes`` is checked before parsing (for `.svgz`, on the decompressed text as
/// well, while decompressing); the pixel limits are checked before a render allocates its
/// surface, and an SVG's estimated work (path rows, paint passes, nesting, text size) is
/// checked against the budgets before each render, since librsvg and cairo cannot be
/// stopped once they draw; see ``VectorImage``.
///
/// ```swift
/// var limits = VectorLimits.default
/// limits.maxPixels = 1 << 20
/// let image = try VectorImage(bytes: bytes, format: .svg, limits: limits)
/// ```
public struct VectorLimits: Sendable, Hashable {
  /// The most bytes a file may have; for `.svgz`, the compressed and the decompressed size.
  public var maxInputBytes: Int
  /// The most pixels (width × height) one render may produce.
  public var maxPixels: Int
  /// The most pixels either side of one render may have.
  public var maxSide: Int
  /// The most elements an SVG may have once its entities are expanded (counted before
  /// librsvg parses it; librsvg needs about 1.2 KB and 7 µs for each).
  public var maxElements: Int
  /// The most path segments × output rows one SVG render may draw: each segment of every
  /// path, `<use>` followed, is assumed to cross every row (cairo's rasteriser costs about
  /// 1 µs per segment-row for a path of long random segments).
  public var maxPathWork: Int
  /// The most full-surface passes × output pixels one SVG render may paint: every element
  /// is assumed to cover the whole render once, a layer (opacity, mask, filter, clip) twice
  /// more, and each filter primitive as many times as its measured cost (one pass costs
  /// about 2.5 ns a pixel).
  public var maxPaintWork: Int
  /// The deepest an SVG may nest elements, `<use>`, masks and other references followed
  /// (librsvg recurses for each level and overflows a 512 KiB thread stack at 50 nested
  /// masks).
  public var maxNestingDepth: Int
  /// The largest text an SVG may draw, in output pixels of font size (librsvg 2.54 panics
  /// and aborts the process from about 2,100,000).
  public var maxFontPixels: Int
  /// The most bytes a PDF's streams (other than images) may inflate to, all together;
  /// inflating stops there.
  public var maxPDFStreamBytes: Int
  /// The most operators a PDF's content streams may hold (poppler draws about two
  /// million a second).
  public var maxPDFOperators: Int
  /// The longest cross-reference table a PDF may declare, in objects: its largest object
  /// number, `/Size` or subsection end (poppler allocates about 40 bytes for each entry up
  /// to the largest, before reading a page).
  public var maxPDFObjects: Int
  /// The most pixels one image of a PDF may have, from its `/Width` and `/Height` (or a
  /// JBIG2 page's size); poppler decodes an image whole before scaling it.
  public var maxImagePixels: Int
  /// The largest side of a PDF page, in points (14,400 is the PDF format's own limit).
  public var maxPageSide: Int
  /// The most an SVG's viewports may zoom, nested (size ÷ `viewBox`, or its inverse), and
  /// the most output pixels a render may draw per user unit: a real icon's `width="1024"`
  /// over a 24-unit `viewBox` is 43; `width="1e-30"` keeps cairo computing extents for
  /// minutes.
  public var maxZoom: Double

  /// Creates limits.
  ///
  /// - Parameters:
  ///   - maxInputBytes: the most bytes of input, compressed or not.
  ///   - maxPixels: the most output pixels of one render.
  ///   - maxSide: the most output pixels on either side of one render.
  ///   - maxElements: the most elements of an SVG, entities expanded.
  ///   - maxPathWork: the most path segment-rows of one SVG render.
  ///   - maxPaintWork: the most pixel-passes of one SVG render.
  ///   - maxNestingDepth: the deepest nesting of an SVG's elements, references followed.
  ///   - maxFontPixels: the largest font size of one SVG render, in pixels.
  ///   - maxPDFStreamBytes: the most bytes a PDF's non-image streams inflate to.
  ///   - maxPDFOperators: the most operators of a PDF's content streams.
  ///   - maxPDFObjects: the longest cross-reference table a PDF may declare.
  ///   - maxImagePixels: the most pixels of one image in a PDF.
  ///   - maxPageSide: the largest side of a PDF page, in points.
  ///   - maxZoom: the most an SVG's nested viewports, or a render, may zoom.
  public init(
    maxInputBytes: Int, maxPixels: Int, maxSide: Int, maxElements: Int = 50_000,
    maxPathWork: Int = VectorLimits.defaultPathWork, maxPaintWork: Int = VectorLimits.defaultPaintWork,
    maxNestingDepth: Int = 32, maxFontPixels: Int = 1_000_000, maxPDFStreamBytes: Int = 64 << 20,
    maxPDFOperators: Int = 4_000_000, maxPDFObjects: Int = 1_000_000, maxImagePixels: Int = 32 << 20,
    maxPageSide: Int = 14_400,
    maxZoom: Double = 100_000
  ) {
    self.maxInputBytes = maxInputBytes
    self.maxPixels = maxPixels
    self.maxSide = maxSide
    self.maxElements = maxElements
    self.maxPathWork = maxPathWork
    self.maxPaintWork = maxPaintWork
    self.maxNestingDepth = maxNestingDepth
    self.maxFontPixels = maxFontPixels
    self.maxPDFStreamBytes = maxPDFStreamBytes
    self.maxPDFOperators = maxPDFOperators
    self.maxPDFObjects = maxPDFObjects
    self.maxImagePixels = maxImagePixels
    self.maxPageSide = maxPageSide
    self.maxZoom = maxZoom
  }

  /// The default ``maxPathWork``: 1,000,000 segment-rows. A path of 1,000 random segments
  /// across a 1024 × 1024 render is 340,000 and takes `rsvg-convert` 1.0 s (4,000: 5.5 s);
  /// the most of any real file of the test trees is 570,000 (Omni-Notes' `logo.svg` at
  /// 3x, 0.3 s).
  public static let defaultPathWork = 1_000_000

  /// The default ``maxPaintWork``: 2 × 10⁹ pixel-passes, about 5 s of the slowest kind
  /// (translucent full-surface layers: 2,000 of them at 1024 × 1024 take 5.0 s). The most
  /// of any real file at a size the pixel limits allow is 1.07 × 10⁹ (Omni-Notes'
  /// `logo.svg`, 15 filter primitives, at 3x: 0.3 s; the symbol templates at 1x, 0.55 s),
  /// the estimate being an upper bound that assumes every element covers the render.
  public static let defaultPaintWork = 2_000_000_000

  /// 8 MiB of input, 50,000 SVG elements, nesting 32 deep, the SVG work budgets
  /// ``defaultPathWork`` and ``defaultPaintWork``, text at most 10⁶ pixels high;
  /// 4096 × 4096 pixels out, 16,384 on a side (a
  /// real 2960 × 291 pt launch-screen lockup is 8880 px wide at 3x). A 1024-point icon at 3x
  /// is 3072 × 3072; the largest real files of the test trees are a
  /// 1 MiB PDF and a 54 KB SVG of 300 elements.
  public static let `default` = VectorLimits(
    maxInputBytes: 8 << 20, maxPixels: 4096 * 4096, maxSide: 16_384, maxElements: 50_000)

  /// Throws unless `count` input bytes are within ``maxInputBytes``.
  ///
  /// - Parameter count: the input's length in bytes.
  /// - Throws: ``ImageError/Code/limitExceeded``.
  public func check(inputBytes count: Int) throws {
    guard count <= maxInputBytes else {
      throw ImageError(.limitExceeded, "the file is \(count) bytes; the limit is \(maxInputBytes)")
    }
  }

  /// Throws unless a `width` × `height` render is within the pixel limits and not empty.
  ///
  /// - Parameters:
  ///   - width: the render's width in pixels.
  ///   - height: the render's height in pixels.
  /// - Throws: ``ImageError/Code/invalidArgument`` for an empty size,
  ///   ``ImageError/Code/limitExceeded`` for one beyond the limits.
  public func check(width: Int, height: Int) throws {
    guard width > 0 && height > 0 else {
      throw ImageError(
        .invalidArgument, "cannot render \(width)×\(height) pixels: both sides must be at least 1")
    }
    guard width <= maxSide && height <= maxSide else {
      throw ImageError(
        .limitExceeded,
        "a \(width)×\(height) render is more than \(maxSide) pixels on a side; ask for a smaller scale")
    }
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow && pixels <= maxPixels else {
      throw ImageError(
        .limitExceeded,
        "a \(width)×\(height) render is more than \(maxPixels) pixels; ask for a smaller scale")
    }
  }
}
