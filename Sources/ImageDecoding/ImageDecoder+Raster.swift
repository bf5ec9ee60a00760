import ImageCore
import RasterCodecs

extension ImageDecoder {
  /// How many pixels per point of the box a reduced raster keeps, at least.
  ///
  /// A consumer draws a raster at its point size (pixels ÷ the file's scale), shrunk to fit
  /// the box; a reduced decode must not change that size. Files hold up to 4 pixels per
  /// point (Android's xxxhdpi; Apple's @3x) while the box is given at the drawing's own
  /// scale, which can be 1: a raster is therefore reduced no further than 4 × `box` on its
  /// longer side, so an xxxhdpi launcher icon on a 1x sheet keeps its 48 points.
  static let reducedDensityFloor = 4

  /// Decodes a JPEG, WebP, HEIC, AVIF or GIF (its first frame) through `RasterCodecs`; with
  /// a `box`, a large JPEG or WebP is reduced, and a HEIC or AVIF with a large enough
  /// thumbnail is decoded from it, the longer side kept at or above
  /// ``reducedDensityFloor`` × `box`.
  static func decodeRaster(
    _ bytes: [UInt8], format: ImageFormat, path: String?, limits: DecodingLimits, box: Int?
  ) throws(ImageError) -> Bitmap {
    do {
      return try RasterDecoder.decode(
        bytes, format: format, limits: limits, drawnWithin: box.map { $0 * reducedDensityFloor })
    } catch {
      throw ImageError.decoding(error, path: path, format: format)
    }
  }
}
