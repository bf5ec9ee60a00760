import ImageCore
import PNGCodec

/// The one entry point that turns an image file of any format IconGrid knows into pixels.
///
/// The format is sniffed once from the bytes with `ImageFormat` (never taken from the
/// extension), a disagreement with the extension is named ("WebP data in a .png file") and
/// the file decoded all the same; rasters (PNG, CgBI, JPEG, WebP, HEIC, AVIF, GIF) are
/// decoded at their own size (or, when drawn much smaller, a JPEG's or WebP's at the size
/// drawn), vectors (PDF, SVG) rendered at the size asked for. Limits are
/// checked on the input length, then on the pixel size (a raster's header, a vector's size
/// at the requested scale) before any pixel memory is allocated.
///
/// ```swift
/// let image = try ImageDecoder.decode(contentsOf: "Icon.pdf", size: .scale(3))
/// image.format       // .pdf
/// image.pointSize    // 20x20
/// image.bitmap.width // 60
/// ```
///
/// Thread safety: every function may be called from any thread at once.
public enum ImageDecoder {
  /// Decodes or renders the file at `path`.
  ///
  /// - Parameters:
  ///   - path: the file.
  ///   - size: the size a vector image is rendered at; rasters ignore it.
  ///   - limits: the largest input and image accepted, checked before pixel memory is
  ///     allocated (for a vector: on the size it is rendered at).
  ///   - box: the side, in pixels, of the square the image will be drawn into (aspect
  ///     kept), or `nil`: a vector that `size` would draw larger is rendered to fit it,
  ///     and a JPEG or still WebP of at least 8 × `box` is decoded smaller, its longer side never
  ///     below 4 × `box`, so a file of up to 4 pixels per point still fills the box at its
  ///     own point size. Other rasters keep their own size.
  /// - Returns: the pixels, the format, any mismatch with the extension and, for a vector,
  ///   its point size.
  /// - Throws: ``ImageError`` naming the file and the reason: not found, not
  ///   readable, no known format, damaged, or beyond the limits.
  public static func decode(
    contentsOf path: String, size: RenderSize = .scale(1), limits: DecodingLimits = .default,
    drawnWithin box: Int? = nil
  ) throws(ImageError) -> DecodedImage {
    let bytes = try read(path, limits: limits)
    return try decode(
      bytes, pathExtension: pathExtension(of: path), path: path, size: size, limits: limits, drawnWithin: box)
  }

  /// Decodes or renders an image held in memory.
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - pathExtension: the extension the bytes were saved under, without its dot (`png`),
  ///     or empty; it names mismatches and tells gzip-compressed SVG apart.
  ///   - path: the file's name for messages, or `nil`.
  ///   - size: the size a vector image is rendered at; rasters ignore it.
  ///   - limits: the largest input and image accepted.
  ///   - box: the side of the square the image will be drawn into, or `nil`; see
  ///     ``decode(contentsOf:size:limits:drawnWithin:)``.
  /// - Returns: the pixels, the format, any mismatch and a vector's point size.
  /// - Throws: ``ImageError``: no known format, damaged, or beyond the limits.
  public static func decode(
    _ bytes: [UInt8], pathExtension: String = "", path: String? = nil, size: RenderSize = .scale(1),
    limits: DecodingLimits = .default, drawnWithin box: Int? = nil
  ) throws(ImageError) -> DecodedImage {
    let format = try sniff(bytes, pathExtension: pathExtension, path: path, limits: limits)
    let mismatch = ImageFormat.mismatch(format, pathExtension: pathExtension)
    try checkRequest(size, path: path, format: format)
    if let isolation = limits.isolation, ChildProcessDecoder.isolates(format) {
      do {
        let (bitmap, points, glyph) = try ChildProcessDecoder.decode(
          bytes, format: format, pathExtension: pathExtension, size: size, limits: limits, box: box,
          isolation: isolation)
        return DecodedImage(
          bitmap: bitmap, format: format, mismatch: mismatch, pointSize: points, glyph: glyph)
      } catch {
        throw ImageError.decoding(error, path: path, format: format)
      }
    }
    switch format {
    case .png, .cgbi:
      do {
        let bitmap = try PNGDecoder.decode(bytes, limits: limits)
        return DecodedImage(bitmap: bitmap, format: format, mismatch: mismatch)
      } catch {
        throw ImageError.decoding(error, path: path, format: format)
      }
    case .jpeg, .webp, .heic, .avif, .gif:
      let bitmap = try decodeRaster(bytes, format: format, path: path, limits: limits, box: box)
      return DecodedImage(bitmap: bitmap, format: format, mismatch: mismatch)
    case .pdf, .svg:
      let (bitmap, points, glyph) = try renderVector(
        bytes, format: format, path: path, size: size, limits: limits, box: box)
      return DecodedImage(bitmap: bitmap, format: format, mismatch: mismatch, pointSize: points, glyph: glyph)
    }
  }

  /// The format of the file at `path` and how it disagrees with the extension, from its
  /// first bytes only.
  ///
  /// - Parameter path: the file.
  /// - Returns: the format and the mismatch in words, or `nil` when they agree.
  /// - Throws: ``ImageError``: not found, not readable, or no known format.
  public static func format(ofFile path: String) throws(ImageError) -> (
    format: ImageFormat, mismatch: String?
  ) {
    let head: [UInt8]
    do {
      head = try FileIO.readPrefix(path, count: ImageFormat.sniffLength)
    } catch {
      throw ImageError.decoding(error, path: path, format: nil)
    }
    let ext = pathExtension(of: path)
    let format = try sniff(head, pathExtension: ext, path: path, limits: .default)
    return (format, ImageFormat.mismatch(format, pathExtension: ext))
  }

  // MARK: - Steps

  static func read(_ path: String, limits: DecodingLimits) throws(ImageError) -> [UInt8] {
    do {
      return try FileIO.readAll(path, limit: limits.maxInputBytes)
    } catch {
      throw ImageError.decoding(error, path: path, format: nil)
    }
  }

  static func sniff(
    _ bytes: [UInt8], pathExtension: String, path: String?, limits: DecodingLimits
  ) throws(ImageError) -> ImageFormat {
    do {
      try limits.check(inputBytes: bytes.count)
    } catch {
      throw ImageError(.limitExceeded, ImageError.from(error).message, path: path)
    }
    guard let format = ImageFormat.sniff(bytes, pathExtension: pathExtension) else {
      let reason =
        ImageFormat.mismatch(nil, pathExtension: pathExtension)
        ?? "its bytes are no image format IconGrid knows (PNG, JPEG, WebP, HEIC, AVIF, GIF, PDF or SVG)"
      throw ImageError(.unknownFormat, bytes.isEmpty ? "the file is empty" : reason, path: path)
    }
    return format
  }

  static func checkRequest(
    _ size: RenderSize, path: String?, format: ImageFormat
  ) throws(ImageError) {
    switch size {
    case .scale(let scale) where !(scale > 0 && scale.isFinite):
      throw ImageError(.invalidArgument, "render scale \(scale) is not a positive number", path: path)
    case .pixels(let width, let height) where width < 1 || height < 1:
      throw ImageError(.invalidArgument, "render size \(width)×\(height) has no pixels", path: path)
    default: break
    }
  }

  /// The extension of the last path component, without its dot; empty when there is none.
  static func pathExtension(of path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...])
  }
}

extension ImageError {
  /// A codec's or renderer's failure as ``ImageDecoder`` reports it: about `path` (`nil`
  /// for bytes in memory) and, when given, the format the bytes were recognised as.
  static func decoding(_ error: any Error, path: String?, format: ImageFormat?) -> ImageError {
    guard var copy = error as? ImageError else {
      return ImageError(.corruptData, "\(error)", path: path, format: format)
    }
    copy.path = path
    if let format { copy.format = format }
    return copy
  }
}
