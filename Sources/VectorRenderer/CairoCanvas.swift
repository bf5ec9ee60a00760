internal import CRsvg
import ImageCore

/// A cairo image surface to draw one render into, and the conversion of its pixels to a
/// ``Bitmap``. Created, drawn and read on one thread within one call.
final class CairoCanvas {
  let width: Int
  let height: Int
  let surface: OpaquePointer
  let context: OpaquePointer

  /// A transparent `width` × `height` ARGB32 surface (the caller has checked the limits).
  init(width: Int, height: Int) throws {
    self.width = width
    self.height = height
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
      throw ImageError(.io, "cairo could not create a \(width)×\(height) surface")
    }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw ImageError(
        .io, "cairo could not create a \(width)×\(height) surface (out of memory?)",
        underlying: String(cString: cairo_status_to_string(status)))
    }
    guard let context = cairo_create(surface) else {
      cairo_surface_destroy(surface)
      throw ImageError(.io, "cairo could not create a drawing context")
    }
    self.surface = surface
    self.context = context
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  /// Throws when cairo's context went into an error state while drawing.
  func checkStatus() throws {
    let status = cairo_status(context)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw ImageError(
        .io, "cairo failed while drawing", underlying: String(cString: cairo_status_to_string(status)))
    }
  }

  /// The surface's pixels as straight RGBA.
  func bitmap() throws -> Bitmap {
    try checkStatus()
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else {
      throw ImageError(.io, "cairo returned no pixels")
    }
    let stride = Int(cairo_image_surface_get_stride(surface))
    let source = UnsafeRawPointer(data)
    let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
      for y in 0..<height {
        let row = source + y * stride
        CairoCanvas.convertRow(row, count: width, into: buffer.baseAddress! + y * width * 4)
      }
      count = width * height * 4
    }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  /// Converts `count` cairo ARGB32 pixels (premultiplied, one native-endian `UInt32` each,
  /// alpha in the top byte) to straight RGBA bytes.
  ///
  /// Each channel is un-premultiplied as `(c × 255 + a / 2) / a`, rounded to nearest, and
  /// capped at 255 for the out-of-range values a premultiplied pixel can hold (c > a);
  /// a fully transparent pixel becomes transparent black.
  static func convertRow(_ row: UnsafeRawPointer, count: Int, into out: UnsafeMutablePointer<UInt8>) {
    for x in 0..<count {
      let argb = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
      let pixel = unpremultiply(argb)
      out[x * 4] = pixel.0
      out[x * 4 + 1] = pixel.1
      out[x * 4 + 2] = pixel.2
      out[x * 4 + 3] = pixel.3
    }
  }

  /// One premultiplied ARGB32 value as straight red, green, blue, alpha.
  static func unpremultiply(_ argb: UInt32) -> (UInt8, UInt8, UInt8, UInt8) {
    let alpha = argb >> 24
    if alpha == 255 {
      return (
        UInt8(truncatingIfNeeded: argb >> 16), UInt8(truncatingIfNeeded: argb >> 8),
        UInt8(truncatingIfNeeded: argb), 255
      )
    }
    if alpha == 0 { return (0, 0, 0, 0) }
    func straight(_ channel: UInt32) -> UInt8 {
      UInt8(min(255, ((channel & 0xFF) * 255 + alpha / 2) / alpha))
    }
    return (straight(argb >> 16), straight(argb >> 8), straight(argb), UInt8(alpha))
  }
}

/// A GError's message, freeing the error; `nil` when there was none.
func takeMessage(_ error: inout UnsafeMutablePointer<GError>?) -> String? {
  guard let pointer = error else { return nil }
  defer {
    g_error_free(pointer)
    error = nil
  }
  return pointer.pointee.message.map { String(cString: $0) }
}
