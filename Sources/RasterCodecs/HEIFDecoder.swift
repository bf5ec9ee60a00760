import CHeif
import ImageCore

/// Decodes HEIF files through libheif: HEIC (HEVC, via libde265) and AVIF (AV1, via dav1d
/// or libaom), the primary image only.
///
/// libheif applies the file's transformations (`clap` crop, `irot` rotation, `imir`
/// mirroring), so the image comes out upright; grids of tiles are assembled; 10- and
/// 12-bit images are reduced to 8 bits; an alpha plane becomes straight alpha. An ICC
/// profile (`colr` of type `prof` or `rICC`) is converted to sRGB with lcms2; an `nclx`
/// description is used by libheif for the YCbCr matrix only (its primaries are taken as
/// sRGB's). Before libheif reads the file, its boxes are checked against the budgets of
/// `HEIFPreflight` (items, grid tiles, `ispe` and coded sizes); the primary image's size
/// is checked against the ``DecodingLimits`` before anything is decoded.
///
/// Thread safety: each call owns its libheif context, decodes on the calling thread
/// (no libheif tile threads) and shares no mutable state with other calls.
public enum HEIFDecoder {
  /// Decodes a HEIC or AVIF file to straight sRGB RGBA, upright.
  ///
  /// ```swift
  /// let bitmap = try HEIFDecoder.decode(bytes, format: .heic)
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - format: ``ImageFormat/heic`` or ``ImageFormat/avif``, for messages.
  ///   - limits: the largest image and input accepted.
  /// - Returns: the primary image, transformations applied.
  /// - Throws: ``ImageError``: ``ImageError/Code/truncated`` when the data ends early,
  ///   ``ImageError/Code/corruptData`` when libheif rejects the file,
  ///   ``ImageError/Code/unsupported`` when no decoder for its codec is installed,
  ///   ``ImageError/Code/limitExceeded`` when it is too large.
  public static func decode(
    _ bytes: [UInt8], format: ImageFormat = .heic, limits: DecodingLimits = .default
  ) throws(ImageError) -> Bitmap {
    try limits.checkRaster(inputBytes: bytes.count, format: format)
    guard bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) else {
      throw ImageError(.corruptData, "not a \(format.name) file (no ftyp box)")
    }
    let result: Result<Bitmap, ImageError> = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(ImageError) in try decode(buffer, format: format, limits: limits) }
    }
    return try result.get()
  }

  private static func decode(
    _ buffer: UnsafeBufferPointer<UInt8>, format: ImageFormat, limits: DecodingLimits
  ) throws(ImageError) -> Bitmap {
    try openLibrary(format: format)
    guard let context = heif_context_alloc() else {
      throw ImageError(.io, "libheif could not allocate a context")
    }
    defer { heif_context_free(context) }
    try HEIFPreflight.check(buffer, format: format, limits: limits)
    // libheif 1.15 has this one limit (no heif_context_set_security_limits before 1.19).
    heif_context_set_maximum_image_size_limit(
      context, Int32(clamping: max(limits.maxWidth, limits.maxHeight)))
    heif_context_set_max_decoding_threads(context, 0)
    try check(
      heif_context_read_from_memory_without_copy(context, buffer.baseAddress, buffer.count, nil),
      "\(format.name) container could not be read", format: format)

    var handle: OpaquePointer? = nil
    try check(
      heif_context_get_primary_image_handle(context, &handle), "\(format.name) file has no primary image",
      format: format)
    guard let handle else { throw ImageError(.corruptData, "\(format.name) file has no primary image") }
    defer { heif_image_handle_release(handle) }
    let width = Int(heif_image_handle_get_width(handle))
    let height = Int(heif_image_handle_get_height(handle))
    try limits.checkRaster(width: width, height: height, format: format)
    let hasAlpha = heif_image_handle_has_alpha_channel(handle) != 0

    let profile = iccProfile(handle)
    guard let options = heif_decoding_options_alloc() else {
      throw ImageError(.io, "libheif could not allocate decoding options")
    }
    defer { heif_decoding_options_free(options) }
    options.pointee.convert_hdr_to_8bit = 1
    var image: OpaquePointer? = nil
    try check(
      heif_decode_image(
        handle, &image, heif_colorspace_RGB,
        hasAlpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB,
        options),
      "\(format.name) image data could not be decoded", format: format)
    guard let image else { throw ImageError(.corruptData, "\(format.name) image data could not be decoded") }
    defer { heif_image_release(image) }

    let outWidth = Int(heif_image_get_width(image, heif_channel_interleaved))
    let outHeight = Int(heif_image_get_height(image, heif_channel_interleaved))
    // libheif 1.15 decodes the size the coded stream says, which the limits never saw.
    guard outWidth <= width, outHeight <= height else {
      throw ImageError(
        .corruptData,
        "\(format.name) image codes \(outWidth)×\(outHeight) pixels but its header (ispe) says \(width)×\(height); the file is damaged"
      )
    }
    var stride: Int32 = 0
    guard outWidth > 0, outHeight > 0,
      let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride)
    else {
      throw ImageError(.corruptData, "\(format.name) decoder returned no 8-bit RGB image")
    }
    let channels = hasAlpha ? 4 : 3
    var pixels = [UInt8](repeating: 255, count: outWidth * outHeight * 4)
    pixels.withUnsafeMutableBufferPointer { out in
      for y in 0..<outHeight {
        let row = plane + y * Int(stride)
        for x in 0..<outWidth {
          for channel in 0..<channels { out[(y * outWidth + x) * 4 + channel] = row[x * channels + channel] }
        }
      }
      if hasAlpha, heif_image_is_premultiplied_alpha(image) != 0 { unpremultiply(out) }
      if let profile {
        let base = out.baseAddress!
        _ = ColorProfile.convert(
          UnsafeRawPointer(base), layout: .rgba, profile: profile, count: outWidth * outHeight, into: base)
      }
    }
    return Bitmap(width: outWidth, height: outHeight, pixels: pixels)
  }

  /// Throws the ``ImageError`` for a libheif error, keeping libheif's message.
  /// Opens libheif on the first HEIF file of the process (CHeif loads it lazily).
  ///
  /// - Throws: ``ImageError/Code/libraryMissing`` naming libheif and its Debian package.
  private static func openLibrary(format: ImageFormat) throws(ImageError) {
    let library = icongrid_heif_library()!
    guard let why = icongrid_library_open(library) else { return }
    throw .libraryMissing(
      String(cString: icongrid_library_soname(library)),
      debianPackage: String(cString: icongrid_library_package(library)), format: format,
      underlying: String(cString: why))
  }

  private static func check(_ error: heif_error, _ reason: String, format: ImageFormat) throws(ImageError) {
    guard error.code != heif_error_Ok else { return }
    let message = error.message.map { String(cString: $0) } ?? ""
    let code: ImageError.Code
    switch (error.code, error.subcode) {
    case (_, heif_suberror_End_of_data):
      throw ImageError(
        .truncated, "\(format.name) data ends before the image does; the file was cut short, copy it again",
        underlying: message)
    case (heif_error_Memory_allocation_error, heif_suberror_Security_limit_exceeded):
      code = .limitExceeded
    case (heif_error_Unsupported_filetype, _), (heif_error_Unsupported_feature, _):
      code = .unsupported
    case (heif_error_Decoder_plugin_error, heif_suberror_Unsupported_codec):
      code = .unsupported
    default:
      code = .corruptData
    }
    throw ImageError(code, reason, underlying: message)
  }

  /// The ICC profile of a `colr` box, when there is one.
  private static func iccProfile(_ handle: OpaquePointer) -> [UInt8]? {
    let type = heif_image_handle_get_color_profile_type(handle)
    guard type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC else { return nil }
    let size = heif_image_handle_get_raw_color_profile_size(handle)
    guard size > 0 else { return nil }
    var profile = [UInt8](repeating: 0, count: size)
    let error = profile.withUnsafeMutableBytes {
      heif_image_handle_get_raw_color_profile(handle, $0.baseAddress)
    }
    return error.code == heif_error_Ok ? profile : nil
  }

  /// Divides colour by alpha, for files that store premultiplied samples.
  private static func unpremultiply(_ pixels: UnsafeMutableBufferPointer<UInt8>) {
    for index in stride(from: 0, to: pixels.count, by: 4) {
      let alpha = Int(pixels[index + 3])
      guard alpha != 0, alpha != 255 else { continue }
      for channel in 0..<3 {
        pixels[index + channel] = UInt8(min(255, (Int(pixels[index + channel]) * 255 + alpha / 2) / alpha))
      }
    }
  }
}
