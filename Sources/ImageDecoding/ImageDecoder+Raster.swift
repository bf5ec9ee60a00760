import ImageCore
import RasterCodecs

extension ImageDecoder {
  /// Decodes a JPEG, WebP, HEIC, AVIF or GIF (its first frame) through `RasterCodecs`.
  static func decodeRaster(
    _ bytes: [UInt8], format: ImageFormat, path: String?, limits: DecodingLimits, box: Int?
  ) throws(ImageError) -> Bitmap {
    do {
      return try RasterDecoder.decode(bytes, format: format, limits: limits, drawnWithin: box)
    } catch {
      throw ImageError.decoding(error, path: path, format: format)
    }
  }
}
