import PNGCodec
import RasterCodecs

extension ImageDecoder {
  /// Decodes a JPEG, WebP, HEIC, AVIF or GIF (its first frame) through `RasterCodecs`.
  static func decodeRaster(
    _ bytes: [UInt8], format: ImageFormat, path: String?, limits: DecodingLimits
  ) throws(ImageDecodingError) -> Bitmap {
    do {
      return try RasterDecoder.decode(bytes, format: format, limits: limits)
    } catch let error as RasterError {
      throw ImageDecodingError(code(of: error.code), error.message, path: path, format: format)
    } catch {
      throw ImageDecodingError(.corrupt, "\(error)", path: path, format: format)
    }
  }

  private static func code(of code: RasterError.Code) -> ImageDecodingError.Code {
    switch code {
    case .limitExceeded: .limitExceeded
    case .io: .io
    default: .corrupt
    }
  }
}
