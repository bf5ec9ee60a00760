import ImageCore
import RasterCodecs

extension ImageDecoder {
  /// The pixels decoding the file at `path` holds at its peak when it is drawn within a
  /// `box`-pixel square, from its first bytes only; `nil` when they do not tell.
  ///
  /// A sequential JPEG or a still, lossy WebP without alpha is decoded reduced and holds
  /// only its reduced size (see ``decode(contentsOf:size:limits:drawnWithin:)``), a HEIC or
  /// AVIF with a large enough thumbnail the thumbnail's; any other JPEG or WebP, HEIF, a
  /// PNG and a GIF hold their own size (a HEIF's container is read for it, no image data
  /// decoded). Vectors are sized by their render and answer `nil`, as does a file whose
  /// header is cut short or damaged (its decode says why).
  ///
  /// ```swift
  /// let held = ImageDecoder.heldPixels(contentsOf: "photo.jpg", drawnWithin: 180)  // 1000 × 1000 for an 8000² file
  /// ```
  ///
  /// - Parameters:
  ///   - path: the file.
  ///   - box: the side, in pixels, of the square it is drawn into, or `nil` for its own size.
  /// - Returns: width × height of what the decode holds, or `nil`.
  public static func heldPixels(contentsOf path: String, drawnWithin box: Int?) -> Int? {
    guard let head = try? FileIO.readPrefix(path, count: ImageFormat.sizeHeadLength) else { return nil }
    let format = ImageFormat.sniff(head, pathExtension: pathExtension(of: path))
    let reducedBox = box.map { $0 * reducedDensityFloor }
    if let format, let header = RasterHeader.read(head, format: format) {
      return header.heldPixels(drawnWithin: reducedBox)
    }
    if format == .heic || format == .avif, let format {
      // The container is read (its boxes, never its image data) to find a thumbnail.
      guard let bytes = try? FileIO.readAll(path, limit: DecodingLimits.default.maxInputBytes) else {
        return nil
      }
      return try? HEIFDecoder.heldPixels(bytes, format: format, drawnWithin: reducedBox)
    }
    return ImageFormat.pixelSize(ofHead: head, format: format).map { $0.width * $0.height }
  }

  /// The size a JPEG or WebP is shown at (a JPEG's EXIF orientation applied), from its
  /// first bytes only; `nil` for other formats or a header cut short or damaged.
  ///
  /// - Parameter path: the file.
  /// - Returns: the upright width and height in pixels, or `nil`.
  static func rasterHeaderSize(contentsOf path: String) -> (width: Int, height: Int)? {
    guard let head = try? FileIO.readPrefix(path, count: ImageFormat.sizeHeadLength),
      let format = ImageFormat.sniff(head, pathExtension: pathExtension(of: path))
    else { return nil }
    return RasterHeader.read(head, format: format)?.uprightSize
  }
}
