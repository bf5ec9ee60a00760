import PNGCodec

extension ImageDecoder {
  /// Decodes a JPEG, WebP, HEIC, AVIF or GIF (its first frame).
  static func decodeRaster(
    _ bytes: [UInt8], format: ImageFormat, path: String?, limits: DecodingLimits
  ) throws(ImageDecodingError) -> Bitmap {
    throw ImageDecodingError(
      .corrupt, "this build of IconGrid has no \(format.name) decoder linked", path: path, format: format)
  }
}
