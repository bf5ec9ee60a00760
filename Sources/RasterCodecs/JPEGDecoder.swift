import CJPEG
import ImageCore

/// Decodes JPEG files through libjpeg-turbo.
///
/// Baseline, progressive and arithmetic-coded files; YCbCr, RGB and grayscale (expanded to
/// RGB) and CMYK/YCCK (Adobe's inverted CMYK included) become 8-bit sRGB RGBA with alpha
/// 255. The EXIF orientation (APP1) is applied and an embedded ICC profile (APP2 chunks) is
/// converted to sRGB with lcms2; CMYK without a profile is converted naïvely.
///
/// The header is read first and the ``DecodingLimits`` are checked before any pixel memory
/// is allocated. A file that ends early is an error (``ImageError/Code/truncated``) rather
/// than an image padded with grey; damage libjpeg can step over (stray bytes between
/// markers) is not.
///
/// Thread safety: each call owns its libjpeg state; calls on different threads are
/// independent and share no mutable state.
public enum JPEGDecoder {
  /// Decodes a JPEG to straight sRGB RGBA, turned upright.
  ///
  /// ```swift
  /// let bitmap = try JPEGDecoder.decode(bytes)   // bitmap.width, bitmap.pixels
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - limits: the largest image and input accepted: the sides checked on the file's own
  ///     size, the pixel count on what the decode holds (the reduced size of a sequential
  ///     file drawn small; a progressive one keeps every coefficient, so its own size).
  ///   - box: the side, in pixels, of the square the image will be drawn into (aspect
  ///     kept), or `nil` for its own size. A file at least twice as large is decoded by
  ///     libjpeg at ½, ¼ or ⅛ of its size (the DCT scaled, every coefficient still
  ///     read), never so small that its longer side falls below `box`.
  /// - Returns: the image, as shown (EXIF orientation applied).
  /// - Throws: ``ImageError``: ``ImageError/Code/truncated`` when the data ends early,
  ///   ``ImageError/Code/corruptData`` when libjpeg rejects it,
  ///   ``ImageError/Code/limitExceeded`` when it is too large.
  public static func decode(
    _ bytes: [UInt8], limits: DecodingLimits = .default, drawnWithin box: Int? = nil
  ) throws(ImageError) -> Bitmap {
    try limits.checkRaster(inputBytes: bytes.count, format: .jpeg)
    guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
      throw ImageError(.corruptData, "not a JPEG (no start-of-image marker)")
    }
    let state = UnsafeMutablePointer<icongrid_jpeg>.allocate(capacity: 1)
    defer { state.deallocate() }
    let result: Result<Bitmap, ImageError> = bytes.withUnsafeBufferPointer { buffer in
      defer { icongrid_jpeg_close(state) }
      return Result { () throws(ImageError) in
        try decode(buffer, state: state, limits: limits, box: box)
      }
    }
    return try result.get()
  }

  private static func decode(
    _ buffer: UnsafeBufferPointer<UInt8>, state: UnsafeMutablePointer<icongrid_jpeg>, limits: DecodingLimits,
    box: Int?
  ) throws(ImageError) -> Bitmap {
    guard icongrid_jpeg_open(state, buffer.baseAddress, UInt(buffer.count)) == 0 else {
      throw failure(state, "JPEG header could not be read")
    }
    let fullWidth = Int(state.pointee.cinfo.image_width)
    let fullHeight = Int(state.pointee.cinfo.image_height)
    let reduction = box.map { reductionDenominator(longSide: max(fullWidth, fullHeight), box: $0) } ?? 1
    // libjpeg's output size: each side divided, rounded up.
    let width = (fullWidth + reduction - 1) / reduction
    let height = (fullHeight + reduction - 1) / reduction
    // A progressive file keeps every coefficient of the whole image, however small its output:
    // only a sequential one holds no more than the reduced size.
    let isSequential = state.pointee.cinfo.progressive_mode == 0
    try limits.checkRaster(
      width: fullWidth, height: fullHeight, format: .jpeg,
      decoded: reduction > 1 && isSequential ? (width, height) : nil)
    state.pointee.cinfo.scale_num = 1
    state.pointee.cinfo.scale_denom = UInt32(reduction)

    let markers = savedMarkers(state)
    let orientation = markers.lazy.compactMap(Orientation.fromEXIF).first ?? .up
    var length: UInt32 = 0
    var profile: [UInt8]? = nil
    if let icc = icongrid_jpeg_icc_profile(state, &length) {
      profile = Array(UnsafeBufferPointer(start: icc, count: Int(length)))
      free(icc)
    }

    let pixelCount = width * height
    var pixels = [UInt8](repeating: 0, count: pixelCount * 4)
    let colorSpace = Int32(state.pointee.cinfo.jpeg_color_space.rawValue)
    let isCMYK = colorSpace == icongrid_jcs_cmyk || colorSpace == icongrid_jcs_ycck
    let isGray = colorSpace == icongrid_jcs_grayscale
    let profileSpace = profile.flatMap(ColorProfile.colorSpace(of:))

    if isCMYK {
      // Adobe's APP14 marks Photoshop's inverted CMYK (0 = full ink).
      let inverted = state.pointee.cinfo.saw_Adobe_marker != 0
      try pixels.withUnsafeMutableBufferPointer { (out) throws(ImageError) in
        try run(state, icongrid_jcs_cmyk, out.baseAddress!, rowBytes: width * 4)
        let base = out.baseAddress!
        if let profile,
          ColorProfile.convert(
            UnsafeRawPointer(base), layout: .cmyk(inverted: inverted), profile: profile, count: pixelCount,
            into: base)
        {
          return
        }
        for index in 0..<pixelCount {
          let p = base + index * 4
          // Ink coverage to light: each channel is (1 − ink) × (1 − black).
          let c = inverted ? Int(p[0]) : 255 - Int(p[0])
          let m = inverted ? Int(p[1]) : 255 - Int(p[1])
          let y = inverted ? Int(p[2]) : 255 - Int(p[2])
          let k = inverted ? Int(p[3]) : 255 - Int(p[3])
          p[0] = UInt8((c * k + 127) / 255)
          p[1] = UInt8((m * k + 127) / 255)
          p[2] = UInt8((y * k + 127) / 255)
          p[3] = 255
        }
      }
    } else if isGray, let profile, profileSpace == "GRAY" {
      var gray = [UInt8](repeating: 0, count: pixelCount)
      try gray.withUnsafeMutableBufferPointer { (out) throws(ImageError) in
        try run(state, icongrid_jcs_grayscale, out.baseAddress!, rowBytes: width)
      }
      pixels.withUnsafeMutableBufferPointer { out in
        let converted = gray.withUnsafeBytes { source in
          ColorProfile.convert(
            source.baseAddress!, layout: .gray, profile: profile, count: pixelCount, into: out.baseAddress!)
        }
        if !converted {
          for index in 0..<pixelCount {
            let value = gray[index]
            out[index * 4] = value
            out[index * 4 + 1] = value
            out[index * 4 + 2] = value
            out[index * 4 + 3] = 255
          }
        }
      }
    } else {
      try pixels.withUnsafeMutableBufferPointer { (out) throws(ImageError) in
        try run(state, icongrid_jcs_ext_rgba, out.baseAddress!, rowBytes: width * 4)
        if let profile, profileSpace == "RGB " {
          let base = out.baseAddress!
          _ = ColorProfile.convert(
            UnsafeRawPointer(base), layout: .rgba, profile: profile, count: pixelCount, into: base)
        }
      }
    }
    return orientation.apply(to: Bitmap(width: width, height: height, pixels: pixels))
  }

  /// The largest of 8, 4 and 2 that keeps `longSide` divided at or above `box`; 1 when
  /// none does.
  static func reductionDenominator(longSide: Int, box: Int) -> Int {
    [8, 4, 2].first { (longSide + $0 - 1) / $0 >= max(1, box) } ?? 1
  }

  /// Decodes the scanlines, turning libjpeg's failure or an early end into an error.
  private static func run(
    _ state: UnsafeMutablePointer<icongrid_jpeg>, _ colorSpace: Int32, _ output: UnsafeMutablePointer<UInt8>,
    rowBytes: Int
  ) throws(ImageError) {
    guard icongrid_jpeg_decode(state, colorSpace, output, rowBytes) == 0 else {
      throw failure(state, "JPEG data is damaged")
    }
    if state.pointee.hit_end != 0 {
      throw ImageError(
        .truncated, "JPEG data ends before the image does; the file was cut short, copy it again",
        underlying: text(&state.pointee.warning))
    }
  }

  /// The error for a failed libjpeg call: an early end of data is ``ImageError/Code/truncated``.
  private static func failure(_ state: UnsafeMutablePointer<icongrid_jpeg>, _ reason: String) -> ImageError {
    let message = text(&state.pointee.message)
    if state.pointee.hit_end != 0 {
      return ImageError(
        .truncated, "JPEG data ends before the image does; the file was cut short, copy it again",
        underlying: message)
    }
    if state.pointee.too_many_scans != 0 {
      return ImageError(
        .corruptData, "JPEG has too many progressive scans to be a real image", underlying: message)
    }
    return ImageError(.corruptData, reason, underlying: message)
  }

  /// The APP1 payloads libjpeg kept, in file order.
  private static func savedMarkers(_ state: UnsafeMutablePointer<icongrid_jpeg>) -> [[UInt8]] {
    var result: [[UInt8]] = []
    var marker = state.pointee.cinfo.marker_list
    while let current = marker {
      if current.pointee.marker == 0xE1, let data = current.pointee.data {
        result.append(Array(UnsafeBufferPointer(start: data, count: Int(current.pointee.data_length))))
      }
      marker = current.pointee.next
    }
    return result
  }

  /// A NUL-terminated C character array as a string.
  private static func text<T>(_ tuple: inout T) -> String {
    withUnsafeBytes(of: &tuple) { raw in
      let bytes = raw.prefix { $0 != 0 }
      return String(decoding: bytes, as: UTF8.self)
    }
  }
}
