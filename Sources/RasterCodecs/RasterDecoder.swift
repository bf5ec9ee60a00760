import ImageCore

/// The one entry point for the raster formats other than PNG: JPEG, WebP, HEIC, AVIF and
/// GIF, each decoded to 8-bit straight (non-premultiplied) sRGB RGBA.
///
/// Orientation is applied (JPEG's EXIF tag, HEIF's `irot`/`imir`), embedded ICC profiles
/// are converted to sRGB, and the ``DecodingLimits`` are checked from the header before
/// pixel memory is allocated. PNG and CgBI belong to `PNGDecoder`; PDF and SVG are
/// rendered, not decoded.
///
/// Thread safety: every call is independent — each owns its C library state and there is
/// no global mutable state — so any number may run at once.
public enum RasterDecoder {
  /// The formats ``decode(_:format:limits:)`` reads.
  public static let formats: Set<ImageFormat> = [.jpeg, .webp, .heic, .avif, .gif]

  /// Decodes a JPEG, WebP, HEIC, AVIF or GIF file.
  ///
  /// ```swift
  /// let format = ImageFormat.sniff(bytes)          // .jpeg
  /// let bitmap = try RasterDecoder.decode(bytes, format: .jpeg)
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - format: its format, as ``ImageFormat/sniff(_:pathExtension:)`` named it.
  ///   - limits: the largest image and input accepted.
  ///   - box: the side, in pixels, of the square the image will be drawn into, or `nil`
  ///     for its own size; a JPEG or still WebP at least twice as large is decoded smaller
  ///     (see ``JPEGDecoder/decode(_:limits:drawnWithin:)`` and
  ///     ``WebPDecoder/decode(_:limits:drawnWithin:)``), a HEIC or AVIF from a thumbnail
  ///     at least as large when it carries one
  ///     (``HEIFDecoder/decode(_:format:limits:drawnWithin:)``), a GIF at its own size.
  /// - Returns: the image (a GIF's or animated WebP's first frame), upright, in sRGB.
  /// - Throws: ``ImageError``; ``ImageError/Code/unsupported`` for a format this module
  ///   does not decode (PNG, CgBI, PDF, SVG) or one the installed libraries cannot.
  public static func decode(
    _ bytes: [UInt8], format: ImageFormat, limits: DecodingLimits = .default, drawnWithin box: Int? = nil
  ) throws -> Bitmap {
    switch format {
    case .jpeg: return try JPEGDecoder.decode(bytes, limits: limits, drawnWithin: box)
    case .webp: return try WebPDecoder.decode(bytes, limits: limits, drawnWithin: box)
    case .heic, .avif: return try HEIFDecoder.decode(bytes, format: format, limits: limits, drawnWithin: box)
    case .gif: return try GIFDecoder.decode(bytes, limits: limits)
    default:
      throw ImageError(.unsupported, "\(format.description) is not decoded by RasterCodecs")
    }
  }

  /// Reads a file and decodes it as the format its bytes name.
  ///
  /// ```swift
  /// let bitmap = try RasterDecoder.decode(contentsOf: "Icon.imageset/icon.jpg")
  /// ```
  ///
  /// - Parameters:
  ///   - path: the file.
  ///   - limits: the largest image and input accepted; a longer file is refused before it
  ///     is read.
  /// - Returns: the image, upright, in sRGB.
  /// - Throws: ``ImageError`` naming `path`: ``ImageError/Code/io`` when the file cannot
  ///   be read, ``ImageError/Code/unsupported`` when its bytes are not one of
  ///   ``formats``, or any error of ``decode(_:format:limits:)``.
  public static func decode(contentsOf path: String, limits: DecodingLimits = .default) throws -> Bitmap {
    let bytes: [UInt8]
    do {
      bytes = try FileIO.readAll(path, limit: limits.maxInputBytes)
    } catch let error as ImageError {
      let code: ImageError.Code = error.code == .limitExceeded ? .limitExceeded : .io
      throw ImageError(code, error.reason, path: path, underlying: error.underlying)
    }
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let pathExtension = name.contains(".") ? String(name.split(separator: ".").last ?? "") : ""
    let sniffed = ImageFormat.sniff(bytes, pathExtension: pathExtension)
    guard let format = sniffed, formats.contains(format) else {
      throw ImageError(
        .unsupported, "\(sniffed?.description ?? "not an image"), not a JPEG, WebP, HEIC, AVIF or GIF file",
        path: path)
    }
    do {
      return try decode(bytes, format: format, limits: limits)
    } catch let error as ImageError {
      throw error.at(path)
    }
  }
}
