import ImageCore

/// A loader of PNG (and CgBI) files only, or of a caller's decode closure with sizes from
/// the PNG header: what an asset library uses when it is given no loader, so that a
/// PNG-only service links no other codec.
///
/// ```swift
/// let loader = PNGLoader(limits: .default)
/// let pixels = try loader.load(ImageLoadRequest(path: "icon@2x.png", scale: 2, isVector: false))
/// ```
public struct PNGLoader: ImageLoading {
  /// The largest input and image accepted.
  public let limits: DecodingLimits
  /// Decodes a file in place of `PNGDecoder`, when given.
  public let decode: (@Sendable (String) throws -> Bitmap)?

  /// Creates a loader.
  ///
  /// - Parameters:
  ///   - limits: the largest input and image accepted.
  ///   - decode: decodes the file at a path instead of ``PNGDecoder``; sizes still come
  ///     from the PNG header.
  public init(limits: DecodingLimits = .default, decode: (@Sendable (String) throws -> Bitmap)? = nil) {
    self.limits = limits
    self.decode = decode
  }

  /// The size IHDR states.
  ///
  /// - Parameter request: the file.
  /// - Returns: the width and height in pixels.
  /// - Throws: ``ImageError`` when the header cannot be read.
  public func pixelSize(of request: ImageLoadRequest) throws -> (width: Int, height: Int) {
    let header = try PNGHeader.probe(contentsOf: request.path)
    return (header.width, header.height)
  }

  /// The decoded pixels.
  ///
  /// - Parameter request: the file.
  /// - Returns: straight 8-bit RGBA in sRGB.
  /// - Throws: ``ImageError``, or what the decode closure throws.
  public func load(_ request: ImageLoadRequest) throws -> Bitmap {
    if let decode { return try decode(request.path) }
    return try PNGDecoder.decode(contentsOf: request.path, limits: limits)
  }
}
