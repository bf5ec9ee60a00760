import CWebP
import ImageCore

/// Decodes WebP files through libwebp: lossy (VP8, with or without an alpha plane),
/// lossless (VP8L), and the first frame of animated files composited onto the canvas.
///
/// An ICCP chunk is converted to sRGB with lcms2; WebP has no orientation. The canvas size
/// from the header is checked against the ``DecodingLimits`` before pixel memory is
/// allocated. A still image drawn much smaller than its size can be decoded at that size
/// by libwebp's own rescaler (see ``decode(_:limits:drawnWithin:)``).
///
/// Thread safety: each call owns its libwebp decoder and demuxer; calls on different
/// threads are independent and share no mutable state.
public enum WebPDecoder {
  /// Decodes a WebP to straight sRGB RGBA.
  ///
  /// ```swift
  /// let bitmap = try WebPDecoder.decode(bytes)
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - limits: the largest image and input accepted: the sides checked on the file's own
  ///     size, the pixel count on what the decode holds (the reduced size of a lossy still
  ///     image drawn small, otherwise the file's own).
  ///   - box: the side, in pixels, of the square the image will be drawn into (aspect
  ///     kept), or `nil` for its own size. A still image whose longer side is at least
  ///     twice `box` is decoded with its longer side at `box` (see
  ///     ``decodedSize(width:height:box:isLossless:hasAlpha:isAnimated:)``): every block is
  ///     still decoded, so damage is found as before, but a lossy file is rescaled row by
  ///     row and never held at its full size.
  /// - Returns: the image; for an animated file, its first frame on the full canvas.
  /// - Throws: ``ImageError``: ``ImageError/Code/truncated`` when the file is shorter
  ///   than its RIFF header says, ``ImageError/Code/corruptData`` when libwebp rejects it,
  ///   ``ImageError/Code/limitExceeded`` when it is too large.
  public static func decode(
    _ bytes: [UInt8], limits: DecodingLimits = .default, drawnWithin box: Int? = nil
  ) throws(ImageError) -> Bitmap {
    try limits.checkRaster(inputBytes: bytes.count, format: .webp)
    guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8)
    else {
      throw ImageError(.corruptData, "not a WebP (no RIFF WEBP header)")
    }
    let declared = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
    if declared + 8 > bytes.count {
      throw ImageError(
        .truncated,
        "WebP data ends before the image does (\(bytes.count) of \(declared + 8) bytes); the file was cut short, copy it again"
      )
    }
    let result: Result<Bitmap, ImageError> = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(ImageError) in try decode(buffer, limits: limits, box: box) }
    }
    return try result.get()
  }

  /// The size a file is decoded at when drawn within a `box`-pixel square.
  ///
  /// A still image whose longer side is at least twice `box` is reduced so that side is
  /// `box` (the shorter side rounded, at least 1 pixel), by libwebp's rescaler, which
  /// averages the area each output pixel covers. Two kinds keep their own size: animations
  /// (libwebp's animation decoder cannot scale) and lossy files with alpha, whose colour
  /// libwebp's rescaler averages without weighting by alpha, which would darken the edges
  /// of their shapes. A lossless file is rescaled in premultiplied alpha.
  ///
  /// - Parameters:
  ///   - width: the image's width, in pixels.
  ///   - height: the image's height, in pixels.
  ///   - box: the side of the square it is drawn into, or `nil` for its own size.
  ///   - isLossless: whether the file is VP8L.
  ///   - hasAlpha: whether it has an alpha channel.
  ///   - isAnimated: whether it is an animation.
  /// - Returns: the size libwebp is asked to decode it at.
  package static func decodedSize(
    width: Int, height: Int, box: Int?, isLossless: Bool, hasAlpha: Bool, isAnimated: Bool
  ) -> (width: Int, height: Int) {
    let longSide = max(width, height)
    guard let box, box > 0, longSide >= 2 * box, !isAnimated, isLossless || !hasAlpha else {
      return (width, height)
    }
    func scaled(_ side: Int) -> Int { max(1, (side * box + longSide / 2) / longSide) }
    return (scaled(width), scaled(height))
  }

  private static func decode(
    _ buffer: UnsafeBufferPointer<UInt8>, limits: DecodingLimits, box: Int?
  ) throws(ImageError) -> Bitmap {
    // An extended header's canvas (VP8X: width − 1 and height − 1, 24 bits each) is checked
    // on its sides before libwebp reads the rest; its pixel count once the kind of image,
    // and so what a reduced decode holds, is known.
    if buffer.count >= 30, buffer[12..<16].elementsEqual("VP8X".utf8) {
      func u24(_ at: Int) -> Int { Int(buffer[at]) | Int(buffer[at + 1]) << 8 | Int(buffer[at + 2]) << 16 }
      let width = u24(24) + 1
      let height = u24(27) + 1
      if width > limits.maxWidth || height > limits.maxHeight {
        try limits.checkRaster(width: width, height: height, format: .webp)
      }
    }
    var features = WebPBitstreamFeatures()
    let status = WebPGetFeatures(buffer.baseAddress, buffer.count, &features)
    guard status == VP8_STATUS_OK else {
      throw ImageError(
        .corruptData, "WebP header is damaged", underlying: "libwebp status \(status.rawValue)")
    }
    // The header's size decides the limits before libwebp reads the rest; a reduced decode
    // of a lossy still image holds only its reduced size.
    let header = RasterHeader(
      format: .webp, width: Int(features.width), height: Int(features.height), swapsSides: false,
      reducesMemory: features.format == 1 && features.has_alpha == 0 && features.has_animation == 0,
      webp: (features.format == 2, features.has_alpha != 0, features.has_animation != 0))
    let held = header.heldPixels(drawnWithin: box) < header.width * header.height
    try limits.checkRaster(
      width: header.width, height: header.height, format: .webp,
      decoded: held ? header.decodedSize(drawnWithin: box) : nil)
    var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
    guard let demux = WebPDemux(&data) else {
      throw ImageError(.corruptData, "WebP container is damaged", underlying: "WebPDemux failed")
    }
    defer { WebPDemuxDelete(demux) }
    let width = Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH))
    let height = Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT))
    let flags = WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS)
    guard width == header.width, height == header.height else {
      throw ImageError(
        .corruptData,
        "WebP canvas of \(width)×\(height) differs from its header's \(header.width)×\(header.height)")
    }

    let isAnimated = flags & UInt32(ANIMATION_FLAG.rawValue) != 0
    var pixels: [UInt8]
    var size = (width: width, height: height)
    if isAnimated {
      pixels = try firstFrame(&data, width: width, height: height)
    } else {
      // features.format: 1 lossy, 2 lossless.
      size = decodedSize(
        width: width, height: height, box: box, isLossless: features.format == 2,
        hasAlpha: features.has_alpha != 0,
        isAnimated: false)
      pixels = try still(buffer, features: features, width: size.width, height: size.height)
    }
    if let profile = iccProfile(demux) {
      pixels.withUnsafeMutableBufferPointer { out in
        let base = out.baseAddress!
        _ = ColorProfile.convert(
          UnsafeRawPointer(base), layout: .rgba, profile: profile, count: size.width * size.height, into: base
        )
      }
    }
    return Bitmap(width: size.width, height: size.height, pixels: pixels)
  }

  /// A still image decoded into our own buffer of `width × height`, rescaled by libwebp when
  /// that is smaller than the file.
  private static func still(
    _ buffer: UnsafeBufferPointer<UInt8>, features: WebPBitstreamFeatures, width: Int, height: Int
  ) throws(ImageError) -> [UInt8] {
    var config = WebPDecoderConfig()
    guard WebPInitDecoderConfig(&config) != 0 else {
      throw ImageError(
        .unsupported, "the installed libwebp does not match the headers IconGrid was built with")
    }
    config.input = features
    if width != Int(features.width) || height != Int(features.height) {
      config.options.use_scaling = 1
      config.options.scaled_width = Int32(width)
      config.options.scaled_height = Int32(height)
    }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let status = pixels.withUnsafeMutableBufferPointer { out in
      config.output.colorspace = MODE_RGBA
      config.output.is_external_memory = 1
      config.output.u.RGBA.rgba = out.baseAddress
      config.output.u.RGBA.stride = Int32(width * 4)
      config.output.u.RGBA.size = out.count
      defer { WebPFreeDecBuffer(&config.output) }
      return WebPDecode(buffer.baseAddress, buffer.count, &config)
    }
    guard status == VP8_STATUS_OK else {
      throw ImageError(
        .corruptData, "WebP image data is damaged", underlying: "libwebp status \(status.rawValue)")
    }
    return pixels
  }

  /// The first frame of an animation, composited by libwebp's animation decoder.
  private static func firstFrame(_ data: inout WebPData, width: Int, height: Int) throws(ImageError)
    -> [UInt8]
  {
    var options = WebPAnimDecoderOptions()
    guard WebPAnimDecoderOptionsInit(&options) != 0 else {
      throw ImageError(.unsupported, "the installed libwebp cannot decode animations")
    }
    options.color_mode = MODE_RGBA
    options.use_threads = 0
    guard let decoder = WebPAnimDecoderNew(&data, &options) else {
      throw ImageError(.corruptData, "animated WebP is damaged", underlying: "WebPAnimDecoderNew failed")
    }
    defer { WebPAnimDecoderDelete(decoder) }
    var frame: UnsafeMutablePointer<UInt8>? = nil
    var timestamp: Int32 = 0
    guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else {
      throw ImageError(
        .corruptData, "animated WebP's first frame is damaged", underlying: "WebPAnimDecoderGetNext failed")
    }
    return Array(UnsafeBufferPointer(start: frame, count: width * height * 4))
  }

  /// The ICCP chunk's profile, when there is one.
  private static func iccProfile(_ demux: OpaquePointer) -> [UInt8]? {
    var iterator = WebPChunkIterator()
    guard WebPDemuxGetChunk(demux, "ICCP", 1, &iterator) != 0 else { return nil }
    defer { WebPDemuxReleaseChunkIterator(&iterator) }
    return Array(UnsafeBufferPointer(start: iterator.chunk.bytes, count: iterator.chunk.size))
  }
}
