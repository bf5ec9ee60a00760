import ImageCore

/// What ``ImageDecoder`` made of a file: its pixels, its format, and for a vector image
/// its point size and the size it was rendered at.
public struct DecodedImage: Sendable, Hashable {
  /// The pixels: 8-bit straight RGBA in sRGB, at the size decoded or rendered.
  public var bitmap: Bitmap
  /// The format the bytes are (sniffed, never taken from the extension).
  public var format: ImageFormat
  /// How the bytes disagree with the file's extension ("WebP data in a .png file");
  /// `nil` when they agree. The image decoded all the same.
  public var mismatch: String?
  /// A vector image's own size, in points (a PDF page's box, an SVG's width and height);
  /// `nil` for a raster image.
  public var pointSize: PointDimensions?
  /// The element of an SVG symbol template drawn alone (`Regular-M`); `nil` for any other
  /// image.
  public var glyph: String?

  /// Creates a result.
  ///
  /// - Parameters:
  ///   - bitmap: the decoded or rendered pixels.
  ///   - format: the sniffed format.
  ///   - mismatch: how the bytes disagree with the extension, or `nil`.
  ///   - pointSize: a vector image's size in points, or `nil` for a raster.
  ///   - glyph: the symbol template's element drawn, or `nil`.
  public init(
    bitmap: Bitmap, format: ImageFormat, mismatch: String? = nil, pointSize: PointDimensions? = nil,
    glyph: String? = nil
  ) {
    self.bitmap = bitmap
    self.format = format
    self.mismatch = mismatch
    self.pointSize = pointSize
    self.glyph = glyph
  }

  /// Width of ``bitmap``, in pixels: the size decoded, or rendered for a vector.
  public var pixelWidth: Int { bitmap.width }
  /// Height of ``bitmap``, in pixels.
  public var pixelHeight: Int { bitmap.height }
}

/// A width and height in points (1/72 inch in a PDF, CSS pixels in an SVG).
public struct PointDimensions: Sendable, Hashable, CustomStringConvertible {
  /// Width in points.
  public var width: Double
  /// Height in points.
  public var height: Double

  /// Creates a size.
  ///
  /// - Parameters:
  ///   - width: the width in points.
  ///   - height: the height in points.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The pixel size at `scale` pixels per point, each side rounded to the nearest pixel
  /// and at least 1.
  ///
  /// - Parameter scale: pixels per point.
  /// - Returns: the width and height in pixels.
  public func pixels(scale: Double) -> (width: Int, height: Int) {
    (max(1, Int((width * scale).rounded())), max(1, Int((height * scale).rounded())))
  }

  /// `20x20`, `83.5x83.5` (points).
  public var description: String {
    func text(_ value: Double) -> String {
      value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
    return "\(text(width))x\(text(height))"
  }
}
