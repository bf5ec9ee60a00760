import ImageCore
import PNGCodec

/// What a file is without all of its pixels: its format and the size it has, or is
/// rendered at for a vector.
public struct ImageProbe: Sendable, Hashable {
  /// The format the bytes are.
  public var format: ImageFormat
  /// How the bytes disagree with the file's extension; `nil` when they agree.
  public var mismatch: String?
  /// Width in pixels: a raster's own, or a vector's at the size asked for.
  public var pixelWidth: Int
  /// Height in pixels.
  public var pixelHeight: Int
  /// A vector image's own size in points; `nil` for a raster.
  public var pointSize: PointDimensions?
  /// A PNG's (or CgBI file's) header; `nil` for other formats.
  public var pngHeader: PNGHeader?
  /// The element of an SVG symbol template that is drawn (`Regular-M`); `nil` otherwise.
  public var glyph: String?
}

extension ImageDecoder {
  /// The format and pixel size of the file at `path`, reading as little as the format
  /// allows: a PNG's header, a vector's size (parsed, not rendered); other rasters are
  /// decoded.
  ///
  /// - Parameters:
  ///   - path: the file.
  ///   - size: the size a vector image would be rendered at.
  ///   - limits: the largest input and image accepted.
  /// - Returns: the format, mismatch, pixel size and (for a vector) point size.
  /// - Throws: ``ImageError``: not found, not readable, no known format, damaged,
  ///   or beyond the limits.
  public static func probe(
    contentsOf path: String, size: RenderSize = .scale(1), limits: DecodingLimits = .default
  ) throws(ImageError) -> ImageProbe {
    let (format, mismatch) = try self.format(ofFile: path)
    try checkRequest(size, path: path, format: format)
    switch format {
    case .png, .cgbi:
      do {
        let header = try PNGHeader.probe(contentsOf: path)
        return ImageProbe(
          format: format, mismatch: mismatch, pixelWidth: header.width, pixelHeight: header.height,
          pngHeader: header)
      } catch {
        throw ImageError.decoding(error, path: path, format: format)
      }
    case .pdf, .svg:
      let bytes = try read(path, limits: limits)
      let (_, points, glyph) = try parseVector(bytes, format: format, path: path, limits: limits)
      let pixels = try renderedPixels(points, size: size, path: path, format: format, limits: limits)
      return ImageProbe(
        format: format, mismatch: mismatch, pixelWidth: pixels.width, pixelHeight: pixels.height,
        pointSize: points, glyph: glyph)
    case .jpeg, .webp, .heic, .avif, .gif:
      let image = try decode(contentsOf: path, size: size, limits: limits)
      return ImageProbe(
        format: format, mismatch: mismatch, pixelWidth: image.pixelWidth, pixelHeight: image.pixelHeight)
    }
  }

  /// The pixel size a vector of `points` is rendered at for `size`, checked against the
  /// limits before any pixel memory exists.
  static func renderedPixels(
    _ points: PointDimensions, size: RenderSize, path: String?, format: ImageFormat, limits: DecodingLimits
  ) throws(ImageError) -> (width: Int, height: Int) {
    let pixels: (width: Int, height: Int)
    switch size {
    case .scale(let scale):
      let width = points.width * scale
      let height = points.height * scale
      guard width.isFinite, height.isFinite, width < 1e9, height < 1e9 else {
        throw ImageError(
          .limitExceeded, "\(points) pt at \(size) is beyond any pixel limit", path: path, format: format)
      }
      pixels = points.pixels(scale: scale)
    case .pixels(let width, let height):
      pixels = (width, height)
    }
    do {
      try limits.check(width: pixels.width, height: pixels.height)
    } catch {
      throw ImageError(
        .limitExceeded, "rendering \(points) pt at \(size): \(ImageError.from(error).message)", path: path,
        format: format)
    }
    return pixels
  }
}
