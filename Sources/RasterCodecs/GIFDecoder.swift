import CGIF
import ImageCore

/// Decodes the first frame of a GIF through giflib.
///
/// The frame is drawn onto a transparent canvas of the logical screen's size at its offset
/// (a screen of 0 × 0 takes the frame's extent), interlaced rows put in place, and the
/// graphic control extension's transparent index honoured. Pixels whose index lies beyond
/// the colour table are left transparent. The screen and frame sizes are checked against
/// the ``DecodingLimits`` before pixel memory is allocated.
///
/// Thread safety: each call owns its giflib handle; calls on different threads are
/// independent and share no mutable state.
public enum GIFDecoder {
  /// Decodes a GIF's first frame to straight sRGB RGBA.
  ///
  /// ```swift
  /// let bitmap = try GIFDecoder.decode(bytes)
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - limits: the largest image and input accepted.
  /// - Returns: the first frame on the logical screen.
  /// - Throws: ``ImageError``: ``ImageError/Code/truncated`` when the data ends before the
  ///   first frame does, ``ImageError/Code/corruptData`` when giflib rejects it or it holds
  ///   no frame, ``ImageError/Code/limitExceeded`` when it is too large.
  public static func decode(_ bytes: [UInt8], limits: DecodingLimits = .default) throws(ImageError) -> Bitmap
  {
    try limits.checkRaster(inputBytes: bytes.count, format: .gif)
    guard bytes.count >= 6, bytes[0..<3].elementsEqual("GIF".utf8) else {
      throw ImageError(.corruptData, "not a GIF (no GIF87a or GIF89a signature)")
    }
    // giflib calls a short screen descriptor or colour table "no screen descriptor"; say
    // what it is: 13 bytes of header, then 3 × 2^(n+1) bytes of table when the flag is set.
    let tableBytes = bytes.count >= 13 && bytes[10] & 0x80 != 0 ? 3 << (Int(bytes[10] & 7) + 1) : 0
    guard bytes.count >= 13 + tableBytes else {
      throw ImageError(
        .truncated,
        "GIF data ends inside its header (\(bytes.count) bytes); the file was cut short, copy it again")
    }
    let result: Result<Bitmap, ImageError> = bytes.withUnsafeBufferPointer { buffer in
      var source = icongrid_gif_source(data: buffer.baseAddress, size: buffer.count, offset: 0)
      return withUnsafeMutablePointer(to: &source) { source in
        Result { () throws(ImageError) in try decode(source, limits: limits) }
      }
    }
    return try result.get()
  }

  private static func decode(_ source: UnsafeMutablePointer<icongrid_gif_source>, limits: DecodingLimits)
    throws(ImageError) -> Bitmap
  {
    var error: Int32 = 0
    guard let gif = icongrid_gif_open(source, &error) else {
      throw failure(error, "GIF header could not be read")
    }
    defer { DGifCloseFile(gif, nil) }
    var transparent = icongrid_gif_no_transparent_color
    while true {
      var type = UNDEFINED_RECORD_TYPE
      guard DGifGetRecordType(gif, &type) == GIF_OK else {
        throw failure(gif.pointee.Error, "GIF data is damaged before its first frame")
      }
      switch type {
      case EXTENSION_RECORD_TYPE:
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>? = nil
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else {
          throw failure(gif.pointee.Error, "GIF extension is damaged")
        }
        if code == icongrid_gif_graphics_ext, let block {
          var control = GraphicsControlBlock()
          if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK {
            transparent = control.TransparentColor
          }
        }
        while block != nil {
          guard DGifGetExtensionNext(gif, &block) == GIF_OK else {
            throw failure(gif.pointee.Error, "GIF extension is damaged")
          }
        }
      case IMAGE_DESC_RECORD_TYPE:
        guard DGifGetImageDesc(gif) == GIF_OK else {
          throw failure(gif.pointee.Error, "GIF image descriptor is damaged")
        }
        return try firstFrame(gif, transparent: Int(transparent), limits: limits)
      case TERMINATE_RECORD_TYPE:
        throw ImageError(.corruptData, "GIF holds no image")
      default:
        throw ImageError(.corruptData, "GIF data is damaged before its first frame")
      }
    }
  }

  private static func firstFrame(
    _ gif: UnsafeMutablePointer<GifFileType>, transparent: Int, limits: DecodingLimits
  )
    throws(ImageError) -> Bitmap
  {
    let frame = gif.pointee.Image
    let left = Int(frame.Left)
    let top = Int(frame.Top)
    let frameWidth = Int(frame.Width)
    let frameHeight = Int(frame.Height)
    var width = Int(gif.pointee.SWidth)
    var height = Int(gif.pointee.SHeight)
    if width == 0 || height == 0 {
      width = left + frameWidth
      height = top + frameHeight
    }
    try limits.checkRaster(width: width, height: height, format: .gif)
    try limits.checkRaster(width: frameWidth, height: frameHeight, format: .gif)
    guard let map = frame.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors else {
      throw ImageError(.corruptData, "GIF frame has no colour table")
    }
    let colorCount = Int(map.pointee.ColorCount)

    var canvas = [UInt8](repeating: 0, count: width * height * 4)
    var line = [GifPixelType](repeating: 0, count: frameWidth)
    // Interlaced frames store rows in four passes: every 8th from 0, every 8th from 4,
    // every 4th from 2, every 2nd from 1.
    let rows: [Int] =
      frame.Interlace
      ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in
        Array(stride(from: start, to: frameHeight, by: step))
      }
      : Array(0..<frameHeight)
    for row in rows {
      let status = line.withUnsafeMutableBufferPointer { DGifGetLine(gif, $0.baseAddress, Int32(frameWidth)) }
      guard status == GIF_OK else {
        throw failure(gif.pointee.Error, "GIF frame data is damaged")
      }
      let y = top + row
      guard y < height else { continue }
      for x in 0..<frameWidth where left + x < width {
        let index = Int(line[x])
        guard index != transparent, index < colorCount else { continue }
        let color = colors[index]
        let at = (y * width + left + x) * 4
        canvas[at] = color.Red
        canvas[at + 1] = color.Green
        canvas[at + 2] = color.Blue
        canvas[at + 3] = 255
      }
    }
    return Bitmap(width: width, height: height, pixels: canvas)
  }

  /// The error for a giflib error code: data that ends early is ``ImageError/Code/truncated``.
  private static func failure(_ code: Int32, _ reason: String) -> ImageError {
    let message = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    switch code {
    case D_GIF_ERR_READ_FAILED, D_GIF_ERR_EOF_TOO_SOON:
      return ImageError(
        .truncated, "GIF data ends before the image does; the file was cut short, copy it again",
        underlying: message)
    default:
      return ImageError(.corruptData, reason, underlying: message)
    }
  }
}
