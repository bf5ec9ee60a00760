import PNGCodec

extension ImageDecoder {
  /// Renders a PDF (page 1) or an SVG at `size`.
  static func renderVector(
    _ bytes: [UInt8], format: ImageFormat, path: String?, size: RenderSize, limits: DecodingLimits
  ) throws(ImageDecodingError) -> (Bitmap, PointDimensions) {
    throw ImageDecodingError(
      .corrupt, "this build of IconGrid has no \(format.name) renderer linked", path: path, format: format)
  }
}

extension ImageDecoder {
  /// A PDF's first page box or an SVG's size, in points.
  static func vectorPointSize(
    _ bytes: [UInt8], format: ImageFormat, path: String?, limits: DecodingLimits
  ) throws(ImageDecodingError) -> PointDimensions {
    throw ImageDecodingError(
      .corrupt, "this build of IconGrid has no \(format.name) renderer linked", path: path, format: format)
  }
}
