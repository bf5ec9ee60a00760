internal import CLibPNG
import ImageCore

/// Decodes PNG files to 8-bit straight-alpha RGBA in sRGB.
///
/// Every colour type, bit depths 1–16, palettes with tRNS and Adam7 interlacing are
/// converted the way libpng's simplified API converts them (gAMA, sRGB and iCCP honoured;
/// 16-bit data without colour information is taken as sRGB). Apple CgBI PNGs are
/// converted to the RGBA a standard PNG of the same picture gives.
///
/// ```swift
/// let icon = try PNGDecoder.decode(contentsOf: "Assets/Demo/mail@2x.png")
/// ```
///
/// Thread-safe: each call owns its libpng state.
public enum PNGDecoder {
  /// Decodes a PNG held in memory.
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - limits: checked after the header, before pixel memory is allocated.
  /// - Returns: the image as 8-bit straight-alpha RGBA in sRGB.
  /// - Throws: ``ImageError`` saying what is wrong.
  /// - Complexity: O(width × height).
  public static func decode(_ bytes: [UInt8], limits: DecodingLimits = .default) throws
    -> Bitmap
  {
    try limits.check(inputBytes: bytes.count)
    return try bytes.withUnsafeBytes { (raw) throws -> Bitmap in
      let (header, ihdrOffset) = try PNGHeader.parse(raw)
      try limits.check(width: header.width, height: header.height)
      if header.isCgBI {
        let premultiplied = header.colorType.hasAlpha
        let standard = try CgBI.standardPNG(
          from: raw, header: header, ihdrOffset: ihdrOffset, keepColorChunks: !premultiplied)
        var bitmap = try standard.png.withUnsafeBytes { (converted) throws -> Bitmap in
          try decodeStandard(converted, header: header, ihdrOffset: 8)
        }
        CgBI.restoreStraightRGBA(&bitmap.pixels, hasAlpha: premultiplied)
        if !standard.colorChunks.isEmpty {
          let straight = CgBI.straightPNG(bitmap, colorChunks: standard.colorChunks)
          let rgba = PNGHeader(
            width: bitmap.width, height: bitmap.height, bitDepth: 8, colorType: .rgba, interlaced: false,
            isCgBI: false)
          bitmap = try straight.withUnsafeBytes { (converted) throws -> Bitmap in
            try decodeWithLibPNG(converted, header: rgba)
          }
        }
        return bitmap
      }
      return try decodeStandard(raw, header: header, ihdrOffset: ihdrOffset)
    }
  }

  /// A standard PNG through libpng; 16-bit Adam7 files are de-interlaced first, around a
  /// libpng regression (see ``Adam7``).
  private static func decodeStandard(_ raw: UnsafeRawBufferPointer, header: PNGHeader, ihdrOffset: Int)
    throws -> Bitmap
  {
    guard header.interlaced && header.bitDepth == 16 else {
      return try decodeWithLibPNG(raw, header: header)
    }
    let walk = ChunkWalk(raw, header: header)
    if let problem = walk.problem { throw ImageError(problem.code, problem.reason) }
    let flat = try Adam7.flattened(raw, header: header, ihdrOffset: ihdrOffset)
    var plain = header
    plain.interlaced = false
    return try flat.withUnsafeBytes { (rewritten) throws -> Bitmap in
      try decodeWithLibPNG(rewritten, header: plain)
    }
  }

  /// Decodes a PNG file.
  ///
  /// - Parameters:
  ///   - path: the file; FIFOs, devices and folders are refused.
  ///   - limits: checked before the file is read (its length) and after its header.
  /// - Returns: the image as 8-bit straight-alpha RGBA in sRGB.
  /// - Throws: ``ImageError`` with the path: ``ImageError/Code/notFound`` when it does not
  ///   exist, ``ImageError/Code/limitExceeded`` when it is longer than
  ///   `limits.maxInputBytes` (checked before reading), or what ``decode(_:limits:)`` throws.
  public static func decode(contentsOf path: String, limits: DecodingLimits = .default)
    throws -> Bitmap
  {
    let bytes = try FileIO.readAll(path, limit: limits.maxInputBytes)
    return try ImageError.attributing(path) { try decode(bytes, limits: limits) }
  }

  /// libpng's simplified API over bytes whose header has been checked; begin and finish
  /// run inside the caller's one `withUnsafeBytes`.
  private static func decodeWithLibPNG(_ raw: UnsafeRawBufferPointer, header: PNGHeader)
    throws -> Bitmap
  {
    let walk = ChunkWalk(raw, header: header)
    if let problem = walk.problem { throw ImageError(problem.code, problem.reason) }
    var image = png_image()
    icongrid_png_image_init(&image)
    defer { png_image_free(&image) }
    guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
      throw failure(libpngSays: message(of: &image), raw: raw)
    }
    image.format = icongrid_png_format_rgba
    image.flags |= icongrid_png_flag_16bit_srgb
    let width = Int(image.width)
    let height = Int(image.height)
    var ok: Int32 = 0
    let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
      ok = png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil)
      // On failure libpng may have written part of the buffer; zero the rest so the
      // array never exposes uninitialised memory, then drop it with the error.
      if ok == 0 { buffer.initialize(repeating: 0) }
      count = buffer.count
    }
    guard ok != 0 else {
      throw failure(libpngSays: message(of: &image), raw: raw)
    }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  private static func message(of image: inout png_image) -> String {
    withUnsafeBytes(of: &image.message) { raw in
      let bytes = raw.prefix { $0 != 0 }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// Turns libpng's words into a typed error, walking the chunks to say where the file
  /// ends or which chunk is damaged.
  static func failure(libpngSays said: String, raw: UnsafeRawBufferPointer) -> ImageError {
    let walk = ChunkWalk(raw)
    if let problem = walk.problem { return ImageError(problem.code, problem.reason, underlying: said) }
    let lower = said.lowercased()
    if lower.contains("crc") {
      return ImageError(.crcMismatch, "CRC mismatch in a chunk", underlying: said)
    }
    if lower.contains("not enough image data") || lower.contains("end of data") {
      return ImageError(.truncated, "truncated inside IDAT (image data ends early)", underlying: said)
    }
    if lower.contains("adler") || lower.contains("invalid") || lower.contains("incorrect")
      || lower.contains("too far back") || lower.contains("zlib") || lower.contains("stream")
    {
      return ImageError(.corruptData, "damaged image data", underlying: said)
    }
    if lower.contains("palette") || lower.contains("plte") {
      return ImageError(.corruptData, "invalid palette", underlying: said)
    }
    return ImageError(.corruptData, "cannot decode", underlying: said)
  }
}
