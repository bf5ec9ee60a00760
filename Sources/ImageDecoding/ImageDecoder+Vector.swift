import ImageCore
import VectorRenderer

extension ImageDecoder {
  /// The glyph of a custom symbol's SVG template an app shows by default (weight Regular,
  /// scale Medium), which is what a symbol set is drawn as.
  public static let symbolGlyph = "Regular-M"

  /// The glyphs tried, in order: a template may hold only the small or large scale of a
  /// weight (the SF Symbols app interpolates the rest), as duckduckgo's `AI-Chat` holds
  /// only `*-S`.
  static let symbolGlyphs = [symbolGlyph, "Regular-S", "Regular-L"]

  /// Renders a PDF (page 1) or an SVG at `size`; an SVG symbol template (one with a
  /// ``symbolGlyph`` element, or failing that `Regular-S` or `Regular-L`) is drawn as that
  /// glyph alone. The pixel size is checked
  /// against `limits` before the render allocates anything.
  static func renderVector(
    _ bytes: [UInt8], format: ImageFormat, path: String?, size: RenderSize, limits: DecodingLimits,
    box: Int? = nil
  ) throws(ImageError) -> (Bitmap, PointDimensions, glyph: String?) {
    let (image, points, glyph) = try parseVector(bytes, format: format, path: path, limits: limits)
    let size = fitted(size, points: points, box: box)
    let pixels = try renderedPixels(points, size: size, path: path, format: format, limits: limits)
    do {
      let bitmap: Bitmap
      if let glyph {
        bitmap = try image.render(width: pixels.width, height: pixels.height, elementID: glyph)
      } else {
        switch size {
        case .scale(let scale): bitmap = try image.render(scale: scale)
        case .pixels(let width, let height): bitmap = try image.render(width: width, height: height)
        }
      }
      return (bitmap, points, glyph)
    } catch {
      throw vectorError(error, path: path, format: format)
    }
  }

  /// `size`, or the size that fits a `box` × `box` square (aspect kept) when `size` is a
  /// scale that would draw the image larger than that.
  static func fitted(_ size: RenderSize, points: PointDimensions, box: Int?) -> RenderSize {
    guard let box, box > 0, case .scale(let scale) = size else { return size }
    let longest = max(points.width, points.height) * scale
    guard longest.isFinite, longest > Double(box), points.width > 0, points.height > 0 else { return size }
    let factor = Double(box) / max(points.width, points.height)
    return .pixels(
      width: max(1, Int((points.width * factor).rounded())),
      height: max(1, Int((points.height * factor).rounded())))
  }

  /// Parses a vector file: the image, its size in points (a symbol template's: its glyph's
  /// ink bounds) and the glyph drawn, if it is a symbol template.
  static func parseVector(
    _ bytes: [UInt8], format: ImageFormat, path: String?, limits: DecodingLimits
  ) throws(ImageError) -> (VectorImage, PointDimensions, glyph: String?) {
    do {
      let image = try VectorImage(bytes: bytes, format: format, path: path, limits: vectorLimits(limits))
      if format == .svg, let glyph = symbolGlyphs.first(where: { image.hasElement(id: $0) }) {
        let size = try image.elementSize(id: glyph)
        return (image, PointDimensions(width: size.width, height: size.height), glyph)
      }
      return (image, PointDimensions(width: image.pointSize.width, height: image.pointSize.height), nil)
    } catch {
      throw vectorError(error, path: path, format: format)
    }
  }

  /// The renderer's limits within the decoding limits: the smaller of each.
  static func vectorLimits(_ limits: DecodingLimits) -> VectorLimits {
    let base = VectorLimits.default
    return VectorLimits(
      maxInputBytes: min(base.maxInputBytes, limits.maxInputBytes),
      maxPixels: min(base.maxPixels, limits.maxPixels),
      maxSide: min(base.maxSide, limits.maxWidth, limits.maxHeight), maxElements: base.maxElements)
  }

  private static func vectorError(_ error: any Error, path: String?, format: ImageFormat) -> ImageError {
    ImageError.decoding(error, path: path, format: format)
  }
}
