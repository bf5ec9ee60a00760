/// Upper bounds on what a decoder will accept, checked after the header and before any
/// pixel memory is allocated.
///
/// The defaults admit every real app icon (the App Store icon is 1024 × 1024) and refuse
/// dimension bombs: a 60000 × 60000 header costs one IHDR read, not 14 GB.
public struct DecodingLimits: Sendable, Hashable {
  /// Largest accepted width, in pixels.
  public var maxWidth: Int
  /// Largest accepted height, in pixels.
  public var maxHeight: Int
  /// Largest accepted `width × height`.
  public var maxPixels: Int
  /// Largest accepted input, in bytes (file size or in-memory length).
  public var maxInputBytes: Int

  /// Creates limits; every value must be positive.
  public init(maxWidth: Int, maxHeight: Int, maxPixels: Int, maxInputBytes: Int) {
    self.maxWidth = maxWidth
    self.maxHeight = maxHeight
    self.maxPixels = maxPixels
    self.maxInputBytes = maxInputBytes
  }

  /// 16384 pixels a side, 32 megapixels (128 MB of RGBA), 64 MB of input: a decode stays
  /// within 256 MB, input and output together.
  public static let `default` = DecodingLimits(
    maxWidth: 16_384, maxHeight: 16_384, maxPixels: 32 * 1_048_576, maxInputBytes: 64 * 1_048_576)

  /// Throws ``PNGError/Code/limitExceeded`` when a `width × height` image is too large.
  public func check(width: Int, height: Int) throws {
    if width > maxWidth || height > maxHeight || width * height > maxPixels {
      let megapixels = Double(maxPixels) / 1_048_576
      let limit =
        megapixels == megapixels.rounded()
        ? "\(Int(megapixels))-megapixel" : "\(maxPixels)-pixel"
      throw PNGError(
        .limitExceeded,
        "\(width)×\(height) exceeds the \(limit) limit (at most \(maxWidth)×\(maxHeight))")
    }
  }

  /// Throws ``PNGError/Code/limitExceeded`` when the input is too long.
  public func check(inputBytes: Int) throws {
    if inputBytes > maxInputBytes {
      throw PNGError(
        .limitExceeded, "input of \(inputBytes) bytes exceeds the \(maxInputBytes)-byte limit")
    }
  }
}
