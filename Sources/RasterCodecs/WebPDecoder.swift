import CWebP
import ImageCore

/// Decodes WebP files through libwebp: lossy (VP8, with or without an alpha plane),
/// lossless (VP8L), and the first frame of animated files composited onto the canvas.
///
/// An ICCP chunk is converted to sRGB with lcms2; WebP has no orientation. The canvas size
/// from the header is checked against the ``DecodingLimits`` before pixel memory is
/// allocated.
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
  ///   - limits: the largest image and input accepted.
  /// - Returns: the image; for an animated file, its first frame on the full canvas.
  /// - Throws: ``ImageError``: ``ImageError/Code/truncated`` when the file is shorter
  ///   than its RIFF header says, ``ImageError/Code/corruptData`` when libwebp rejects it,
  ///   ``ImageError/Code/limitExceeded`` when it is too large.
  public static func decode(_ bytes: [UInt8], limits: DecodingLimits = .default) throws(ImageError) -> Bitmap
  {
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
      Result { () throws(ImageError) in try decode(buffer, limits: limits) }
    }
    return try result.get()
  }

  private static func decode(_ buffer: UnsafeBufferPointer<UInt8>, limits: DecodingLimits) throws(ImageError)
    -> Bitmap
  {
    // The header's canvas size decides the limits before libwebp checks the rest: the
    // extended header's (VP8X: width − 1 and height − 1, 24 bits each) when there is one.
    if buffer.count >= 30, buffer[12..<16].elementsEqual("VP8X".utf8) {
      func u24(_ at: Int) -> Int { Int(buffer[at]) | Int(buffer[at + 1]) << 8 | Int(buffer[at + 2]) << 16 }
      try limits.checkRaster(width: u24(24) + 1, height: u24(27) + 1, format: .webp)
    }
    var features = WebPBitstreamFeatures()
    let status = WebPGetFeatures(buffer.baseAddress, buffer.count, &features)
    guard status == VP8_STATUS_OK else {
      throw ImageError(
        .corruptData, "WebP header is damaged", underlying: "libwebp status \(status.rawValue)")
    }
    try limits.checkRaster(width: Int(features.width), height: Int(features.height), format: .webp)
    var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
    guard let demux = WebPDemux(&data) else {
      throw ImageError(.corruptData, "WebP container is damaged", underlying: "WebPDemux failed")
    }
    defer { WebPDemuxDelete(demux) }
    let width = Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH))
    let height = Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT))
    let flags = WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS)
    try limits.checkRaster(width: width, height: height, format: .webp)

    var pixels: [UInt8]
    if flags & UInt32(ANIMATION_FLAG.rawValue) != 0 {
      pixels = try firstFrame(&data, width: width, height: height)
    } else {
      pixels = [UInt8](repeating: 0, count: width * height * 4)
      let decoded = pixels.withUnsafeMutableBufferPointer { out in
        WebPDecodeRGBAInto(buffer.baseAddress, buffer.count, out.baseAddress, out.count, Int32(width * 4))
      }
      guard decoded != nil else {
        throw ImageError(.corruptData, "WebP image data is damaged", underlying: "WebPDecodeRGBAInto failed")
      }
    }
    if let profile = iccProfile(demux) {
      pixels.withUnsafeMutableBufferPointer { out in
        let base = out.baseAddress!
        _ = ColorProfile.convert(
          UnsafeRawPointer(base), layout: .rgba, profile: profile, count: width * height, into: base)
      }
    }
    return Bitmap(width: width, height: height, pixels: pixels)
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
