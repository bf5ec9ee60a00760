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
  /// Where PDF and SVG renders and HEIC and AVIF decodes run: in a child process with its
  /// own CPU and memory limits, or, when `nil` (the default), in this process.
  public var isolation: ChildProcessIsolation?

  /// Creates limits; every value must be positive.
  ///
  /// - Parameters:
  ///   - maxWidth: the largest accepted width, in pixels.
  ///   - maxHeight: the largest accepted height, in pixels.
  ///   - maxPixels: the largest accepted `width × height`.
  ///   - maxInputBytes: the largest accepted input, in bytes.
  ///   - isolation: the child process that renders vectors and decodes HEIF, or `nil` to do
  ///     it in this process.
  public init(
    maxWidth: Int, maxHeight: Int, maxPixels: Int, maxInputBytes: Int, isolation: ChildProcessIsolation? = nil
  ) {
    self.maxWidth = maxWidth
    self.maxHeight = maxHeight
    self.maxPixels = maxPixels
    self.maxInputBytes = maxInputBytes
    self.isolation = isolation
  }

  /// 16384 pixels a side, 32 megapixels (128 MB of RGBA), 64 MB of input: a decode stays
  /// within 256 MB, input and output together.
  public static let `default` = DecodingLimits(
    maxWidth: 16_384, maxHeight: 16_384, maxPixels: 32 * 1_048_576, maxInputBytes: 64 * 1_048_576)

  /// Checks the size of an image against the limits.
  ///
  /// - Parameters:
  ///   - width: the image's width in pixels.
  ///   - height: the image's height in pixels.
  /// - Throws: ``ImageError`` with ``ImageError/Code/limitExceeded`` when a `width × height`
  ///   image is too wide, too high or has too many pixels.
  public func check(width: Int, height: Int) throws(ImageError) {
    // Name the limit that was exceeded: a side, or the pixel count.
    if width > maxWidth || height > maxHeight {
      let side = width > maxWidth ? "width \(width)" : "height \(height)"
      throw ImageError(
        .limitExceeded,
        "\(width)×\(height): its \(side) exceeds the limit of \(width > maxWidth ? maxWidth : maxHeight) pixels a side"
      )
    }
    if width * height > maxPixels {
      let megapixels = Double(maxPixels) / 1_048_576
      let limit =
        megapixels == megapixels.rounded()
        ? "\(Int(megapixels))-megapixel" : "\(maxPixels)-pixel"
      throw ImageError(.limitExceeded, "\(width)×\(height) exceeds the \(limit) limit")
    }
  }

  /// Checks the length of an input against the limits.
  ///
  /// - Parameter inputBytes: the length of the file or buffer.
  /// - Throws: ``ImageError`` with ``ImageError/Code/limitExceeded`` when the input is longer
  ///   than ``maxInputBytes``.
  public func check(inputBytes: Int) throws(ImageError) {
    if inputBytes > maxInputBytes {
      throw ImageError(
        .limitExceeded, "input of \(inputBytes) bytes exceeds the \(maxInputBytes)-byte limit")
    }
  }
}
