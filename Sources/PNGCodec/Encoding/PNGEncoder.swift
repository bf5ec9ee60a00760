import ImageCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How a PNG is written.
public struct PNGEncodingOptions: Sendable, Hashable {
  /// zlib level, 0 (store) to 9 (smallest). Default 6.
  public var compressionLevel: Int
  /// When set, a pHYs chunk records 72 dpi × `scale` so viewers show the image at its
  /// point size. `nil` writes no pHYs.
  public var scale: Int?
  /// `false` writes RGB and drops the alpha of the rows handed in: for opaque sheets.
  public var includeAlpha: Bool
  /// Threads that compress at once; rows are split into independent deflate segments.
  public var threads: Int

  /// Creates options.
  ///
  /// - Parameters:
  ///   - compressionLevel: zlib level, clamped to 0 (store) … 9 (smallest).
  ///   - scale: the scale to record in a pHYs chunk (72 dpi × `scale`); `nil` writes none.
  ///   - includeAlpha: `false` writes RGB, dropping the alpha of the rows handed in.
  ///   - threads: threads that compress at once, at least 1; by default one per core.
  public init(compressionLevel: Int = 6, scale: Int? = nil, includeAlpha: Bool = true, threads: Int? = nil) {
    self.compressionLevel = max(0, min(9, compressionLevel))
    self.scale = scale
    self.includeAlpha = includeAlpha
    self.threads = max(1, threads ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }
}

/// Writes PNG files and bytes from RGBA bitmaps.
public enum PNGEncoder {
  /// Encodes a bitmap to PNG bytes in memory.
  ///
  /// - Parameters:
  ///   - bitmap: the image, straight RGBA.
  ///   - options: compression, pHYs scale, alpha and threads.
  /// - Returns: the bytes of a whole PNG file.
  /// - Throws: ``ImageError`` with ``ImageError/Code/invalidArgument`` for an empty bitmap, or
  ///   ``ImageError/Code/io`` when zlib fails.
  public static func encode(_ bitmap: Bitmap, options: PNGEncodingOptions = .init()) throws
    -> [UInt8]
  {
    var stream = try PNGRowEncoder(width: bitmap.width, height: bitmap.height, options: options)
    var out = stream.start()
    try bitmap.pixels.withUnsafeBytes { (raw) throws in try stream.encode(rows: raw, into: &out) }
    try stream.finish(into: &out)
    return out
  }

  /// Writes a bitmap to `path` atomically: a temporary file beside it, renamed into place.
  ///
  /// - Parameters:
  ///   - bitmap: the image, straight RGBA.
  ///   - path: where the file appears once complete; an existing file is replaced.
  ///   - options: compression, pHYs scale, alpha and threads.
  /// - Throws: ``ImageError/Code/io`` with the path when the directory cannot be written;
  ///   nothing is left behind.
  public static func write(_ bitmap: Bitmap, to path: String, options: PNGEncodingOptions = .init())
    throws
  {
    var writer = try PNGStreamWriter(path: path, width: bitmap.width, height: bitmap.height, options: options)
    try writer.append(bitmap)
    try writer.finish()
  }
}
