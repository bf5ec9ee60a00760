import ImageCore

/// Apple's "iPhone-optimized" PNG: a `CgBI` chunk before IHDR, IDAT holding raw deflate
/// (no zlib header or Adler-32), and pixels stored BGRA with premultiplied alpha.
///
/// Conversion inflates the raw deflate data once (bounded by the header's size), rebuilds
/// a standard PNG around it in stored zlib blocks (CgBI and iDOT dropped), lets libpng
/// unfilter and expand it, then swaps blue and red and divides out the alpha.
///
/// Colour conversion (gAMA, cHRM, sRGB, iCCP) applies to straight colours, so when the
/// pixels carry alpha the colour chunks are held back: libpng first decodes the stored
/// samples unconverted, the alpha is divided out, and the straight pixels, with the colour
/// chunks, go through libpng again — the path the same picture takes as a standard PNG.
enum CgBI {
  /// A standard PNG of a CgBI file, and the colour chunks it held, serialised.
  struct Standard {
    var png: [UInt8]
    var colorChunks: [UInt8]
  }

  static func standardPNG(
    from raw: UnsafeRawBufferPointer, header: PNGHeader, ihdrOffset: Int, keepColorChunks: Bool
  ) throws -> Standard {
    var out = PNGHeader.signature
    var colorChunks: [UInt8] = []
    var deflated: [UInt8] = []
    var copied: [UInt8] = []
    var sawIEND = false
    var reader = ChunkReader(raw, from: ihdrOffset)
    while let chunk = reader.next() {
      guard reader.crcMatches(chunk) else {
        throw ImageError(.crcMismatch, "CgBI file: CRC mismatch in \(reader.name(chunk))")
      }
      let data = reader.data(chunk)
      switch chunk.type {
      case ChunkType.idat: deflated.append(contentsOf: data)
      case ChunkType.iend: sawIEND = true
      case ChunkType.idot, ChunkType.cgbi: break
      default:
        let type = chunkType(raw, at: chunk.offset)
        if !keepColorChunks && ChunkType.color.contains(chunk.type) {
          appendChunk(&colorChunks, type: type, data: data)
        } else {
          appendChunk(&copied, type: type, data: data)
        }
      }
      if sawIEND { break }
    }
    switch reader.stop {
    case .cut(let chunk), .overlong(let chunk):
      throw ImageError(
        .truncated, "CgBI file truncated inside \(reader.name(chunk)) (chunk claims \(chunk.length) bytes)")
    case .reading, .end, .fragment: break
    }
    guard sawIEND else {
      throw ImageError(.truncated, "CgBI file truncated (no IEND)")
    }
    guard !deflated.isEmpty else {
      throw ImageError(.cgbi, "CgBI file has no image data (no IDAT)")
    }
    let expected = header.filteredSize
    // The raw deflate data is inflated here, once; libpng gets it back in stored blocks,
    // which it copies rather than inflates a second time.
    let filtered: [UInt8]
    do throws(Inflate.Failure) {
      filtered = try deflated.withUnsafeBytes { input in
        Result { () throws(Inflate.Failure) in try Inflate.bounded(input, .raw, expectedBytes: expected) }
      }.get()
    } catch .noMemory {
      throw ImageError(.io, "zlib could not start inflating (out of memory?)")
    } catch .damaged(let said) {
      throw ImageError(.cgbi, "CgBI file: damaged image data", underlying: said)
    } catch .short(let produced) {
      throw ImageError(.truncated, "CgBI file: truncated inside IDAT (\(produced) of \(expected) bytes)")
    }
    out.append(contentsOf: copied)
    filtered.withUnsafeBytes { rows in
      Zlib.stored(rows).withUnsafeBytes { appendChunk(&out, type: "IDAT", data: $0) }
    }
    appendChunk(&out, type: "IEND", data: UnsafeRawBufferPointer(start: nil, count: 0))
    return Standard(png: out, colorChunks: colorChunks)
  }

  /// An 8-bit RGBA PNG of straight pixels with the given colour chunks, stored without
  /// compression: it is decoded at once.
  static func straightPNG(_ bitmap: Bitmap, colorChunks: [UInt8]) -> [UInt8] {
    var out = PNGHeader.signature
    var ihdr: [UInt8] = []
    appendUInt32(&ihdr, UInt32(bitmap.width))
    appendUInt32(&ihdr, UInt32(bitmap.height))
    ihdr += [8, PNGHeader.ColorType.rgba.rawValue, 0, 0, 0]
    ihdr.withUnsafeBytes { appendChunk(&out, type: "IHDR", data: $0) }
    out += colorChunks
    var rows = [UInt8](repeating: 0, count: bitmap.height * (bitmap.bytesPerRow + 1))
    for y in 0..<bitmap.height {
      let source = y * bitmap.bytesPerRow
      rows.replaceSubrange(
        (y * (bitmap.bytesPerRow + 1) + 1)..<((y + 1) * (bitmap.bytesPerRow + 1)),
        with: bitmap.pixels[source..<(source + bitmap.bytesPerRow)])
    }
    let stored = rows.withUnsafeBytes { Zlib.stored($0) }
    stored.withUnsafeBytes { appendChunk(&out, type: "IDAT", data: $0) }
    appendChunk(&out, type: "IEND", data: UnsafeRawBufferPointer(start: nil, count: 0))
    return out
  }

  /// BGRA premultiplied (as libpng returned it in RGBA slots) to straight RGBA.
  static func restoreStraightRGBA(_ pixels: inout [UInt8], hasAlpha: Bool) {
    pixels.withUnsafeMutableBufferPointer { p in
      var i = 0
      while i < p.count {
        let blue = p[i]
        var red = p[i + 2]
        var green = p[i + 1]
        var blueOut = blue
        let alpha = p[i + 3]
        if hasAlpha && alpha != 255 {
          if alpha == 0 {
            red = 0
            green = 0
            blueOut = 0
          } else {
            let a = UInt32(alpha)
            red = UInt8(min(255, (UInt32(red) * 255 + a / 2) / a))
            green = UInt8(min(255, (UInt32(green) * 255 + a / 2) / a))
            blueOut = UInt8(min(255, (UInt32(blue) * 255 + a / 2) / a))
          }
        }
        p[i] = red
        p[i + 1] = green
        p[i + 2] = blueOut
        i += 4
      }
    }
  }
}
