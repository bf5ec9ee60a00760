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
  ///   - box: the side, in pixels, of the square the image will be drawn into, or `nil`
  ///     for its own size. When the primary image carries a thumbnail (`thmb`) whose
  ///     longer side is at least `box` and smaller than the primary's, of the same shape
  ///     and with alpha when the primary has it, the smallest such thumbnail is decoded
  ///     instead (see ``thumbnailChoice(primary:thumbnails:box:)``).
  /// - Returns: the primary image (or its thumbnail), transformations applied.
  /// - Throws: ``ImageError``: ``ImageError/Code/truncated`` when the data ends early,
  ///   ``ImageError/Code/corruptData`` when libheif rejects the file,
  ///   ``ImageError/Code/unsupported`` when no decoder for its codec is installed,
  ///   ``ImageError/Code/limitExceeded`` when it is too large.
  public static func decode(
    _ bytes: [UInt8], format: ImageFormat = .heic, limits: DecodingLimits = .default,
    drawnWithin box: Int? = nil
  ) throws(ImageError) -> Bitmap {
    try limits.checkRaster(inputBytes: bytes.count, format: format)
    guard bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) else {
      throw ImageError(.corruptData, "not a \(format.name) file (no ftyp box)")
    }
    let result: Result<Bitmap, ImageError> = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(ImageError) in try decode(buffer, format: format, limits: limits, box: box) }
    }
    return try result.get()
  }

  /// An image's size and whether it has alpha, as libheif's handle states them.
  package struct HandleShape: Sendable, Equatable {
    /// Width in pixels, transformations applied.
    package var width: Int
    /// Height in pixels.
    package var height: Int
    /// Whether it has an alpha plane.
    package var hasAlpha: Bool

    /// A shape.
    package init(width: Int, height: Int, hasAlpha: Bool) {
      self.width = width
      self.height = height
      self.hasAlpha = hasAlpha
    }
  }

  /// Which thumbnail to decode in place of a `primary` image drawn within a `box`-pixel
  /// square: the smallest whose longer side is at least `box` (so the image keeps the size
  /// it is drawn at, as a reduced JPEG does), smaller than the primary, of its shape (each
  /// side within a pixel of the primary's scaled) and with alpha when it has alpha.
  ///
  /// - Parameters:
  ///   - primary: the primary image.
  ///   - thumbnails: its thumbnails, in file order.
  ///   - box: the side of the square, or `nil` for the primary's own size.
  /// - Returns: the index of the thumbnail to decode, or `nil` for the primary.
  package static func thumbnailChoice(primary: HandleShape, thumbnails: [HandleShape], box: Int?) -> Int? {
    guard let box, box > 0 else { return nil }
    let primaryLong = max(primary.width, primary.height)
    let fitting = thumbnails.indices.filter { index in
      let thumbnail = thumbnails[index]
      let long = max(thumbnail.width, thumbnail.height)
      guard long >= box, long < primaryLong, thumbnail.hasAlpha || !primary.hasAlpha else { return false }
      // The primary scaled to the thumbnail's longer side, each side rounded either way.
      let width = Double(primary.width) * Double(long) / Double(primaryLong)
      let height = Double(primary.height) * Double(long) / Double(primaryLong)
      return abs(Double(thumbnail.width) - width) <= 1 && abs(Double(thumbnail.height) - height) <= 1
    }
    return fitting.min {
      max(thumbnails[$0].width, thumbnails[$0].height) < max(thumbnails[$1].width, thumbnails[$1].height)
    }
  }

  /// The thumbnail of `handle` to decode within `box`, when one fits (see
  /// ``thumbnailChoice(primary:thumbnails:box:)``); released by the caller.
  private static func thumbnail(of handle: OpaquePointer, primary: HandleShape, box: Int?) -> OpaquePointer? {
    guard box != nil else { return nil }
    let count = Int(heif_image_handle_get_number_of_thumbnails(handle))
    guard count > 0, count <= 16 else { return nil }
    var ids = [heif_item_id](repeating: 0, count: count)
    let listed = Int(heif_image_handle_get_list_of_thumbnail_IDs(handle, &ids, Int32(count)))
    var handles: [OpaquePointer] = []
    for id in ids.prefix(listed) {
      var thumbnail: OpaquePointer? = nil
      if heif_image_handle_get_thumbnail(handle, id, &thumbnail).code == heif_error_Ok, let thumbnail {
        handles.append(thumbnail)
      }
    }
    let shapes = handles.map {
      HandleShape(
        width: Int(heif_image_handle_get_width($0)), height: Int(heif_image_handle_get_height($0)),
        hasAlpha: heif_image_handle_has_alpha_channel($0) != 0)
    }
    let chosen = thumbnailChoice(primary: primary, thumbnails: shapes, box: box)
    for (index, thumbnail) in handles.enumerated() where index != chosen {
      heif_image_handle_release(thumbnail)
    }
    return chosen.map { handles[$0] }
  }

  /// The pixels a decode drawn within a `box`-pixel square holds: the thumbnail's when one
  /// would be decoded in its place, otherwise the primary's. Only the container is read
  /// (after the same preflight), no image data is decoded.
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - format: ``ImageFormat/heic`` or ``ImageFormat/avif``, for messages.
  ///   - limits: the largest input accepted, and the budgets of the preflight.
  ///   - box: the side of the square, or `nil` for the primary's own size.
  /// - Returns: width × height in pixels.
  /// - Throws: ``ImageError`` as ``decode(_:format:limits:drawnWithin:)`` does for the
  ///   container.
  package static func heldPixels(
    _ bytes: [UInt8], format: ImageFormat, limits: DecodingLimits = .default, drawnWithin box: Int?
  ) throws(ImageError) -> Int {
    try limits.checkRaster(inputBytes: bytes.count, format: format)
    guard bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) else {
      throw ImageError(.corruptData, "not a \(format.name) file (no ftyp box)")
    }
    let result: Result<Int, ImageError> = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(ImageError) in
        try withPrimary(buffer, format: format, limits: limits) { (primary, shape) throws(ImageError) in
          guard let thumbnail = Self.thumbnail(of: primary, primary: shape, box: box) else {
            return shape.width * shape.height
          }
          defer { heif_image_handle_release(thumbnail) }
          return Int(heif_image_handle_get_width(thumbnail)) * Int(heif_image_handle_get_height(thumbnail))
        }
      }
    }
    return try result.get()
  }

  private static func decode(
    _ buffer: UnsafeBufferPointer<UInt8>, format: ImageFormat, limits: DecodingLimits, box: Int?
  ) throws(ImageError) -> Bitmap {
    try withPrimary(buffer, format: format, limits: limits) { (primary, shape) throws(ImageError) in
      try decode(primary: primary, shape: shape, format: format, limits: limits, box: box)
    }
  }

  /// Opens a context on `buffer` after the preflight, and runs `body` on its primary
  /// image's handle and shape.
  private static func withPrimary<R>(
    _ buffer: UnsafeBufferPointer<UInt8>, format: ImageFormat, limits: DecodingLimits,
    _ body: (OpaquePointer, HandleShape) throws(ImageError) -> R
  ) throws(ImageError) -> R {
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

    var primary: OpaquePointer? = nil
    try check(
      heif_context_get_primary_image_handle(context, &primary), "\(format.name) file has no primary image",
      format: format)
    guard let primary else { throw ImageError(.corruptData, "\(format.name) file has no primary image") }
    defer { heif_image_handle_release(primary) }
    let shape = HandleShape(
      width: Int(heif_image_handle_get_width(primary)), height: Int(heif_image_handle_get_height(primary)),
      hasAlpha: heif_image_handle_has_alpha_channel(primary) != 0)
    return try body(primary, shape)
  }

  /// Decodes the primary image, or the thumbnail that fits `box` in its place.
  private static func decode(
    primary: OpaquePointer, shape: HandleShape, format: ImageFormat, limits: DecodingLimits, box: Int?
  ) throws(ImageError) -> Bitmap {
    // A thumbnail drawn in place of the primary is all that is decoded: the sides are
    // checked on the primary, the pixels on what is held.
    let thumbnail = Self.thumbnail(of: primary, primary: shape, box: box)
    defer { if let thumbnail { heif_image_handle_release(thumbnail) } }
    let handle = thumbnail ?? primary
    let width = Int(heif_image_handle_get_width(handle))
    let height = Int(heif_image_handle_get_height(handle))
    try limits.checkRaster(
      width: shape.width, height: shape.height, format: format,
      decoded: thumbnail == nil ? nil : (width, height))
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
