internal import CLibPNG

/// Apple's "iPhone-optimized" PNG: a `CgBI` chunk before IHDR, IDAT holding raw deflate
/// (no zlib header or Adler-32), and pixels stored BGRA with premultiplied alpha.
///
/// Conversion rebuilds a standard PNG around the same deflate data (zlib header and
/// Adler-32 added, CgBI dropped), lets libpng decode it, then swaps blue and red and
/// divides out the alpha.
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

  /// gAMA, cHRM, sRGB and iCCP as big-endian integers.
  static let colorChunkTypes: Set<UInt32> = [0x6741_4D41, 0x6348_524D, 0x7352_4742, 0x6943_4350]

  static func standardPNG(
    from raw: UnsafeRawBufferPointer, header: PNGHeader, ihdrOffset: Int, keepColorChunks: Bool
  ) throws -> Standard {
    var out = PNGHeader.signature
    var colorChunks: [UInt8] = []
    var deflated: [UInt8] = []
    var offset = ihdrOffset
    var copied: [UInt8] = []
    var sawIEND = false
    while offset + 8 <= raw.count {
      let length = Int(readUInt32(raw, at: offset))
      let type = chunkType(raw, at: offset)
      guard length <= raw.count - offset - 12 else {
        throw PNGError(
          .truncated, "CgBI file truncated inside \(printable(type)) (chunk claims \(length) bytes)")
      }
      let data = UnsafeRawBufferPointer(rebasing: raw[(offset + 8)..<(offset + 8 + length)])
      let stored = readUInt32(raw, at: offset + 8 + length)
      if crc(raw, from: offset + 4, count: length + 4) != stored {
        throw PNGError(.crcMismatch, "CgBI file: CRC mismatch in \(printable(type))")
      }
      switch type {
      case "IDAT": deflated.append(contentsOf: data)
      case "IEND": sawIEND = true
      case "iDOT", "CgBI": break
      default:
        if !keepColorChunks && colorChunkTypes.contains(readUInt32(raw, at: offset + 4)) {
          appendChunk(&colorChunks, type: type, data: data)
        } else {
          appendChunk(&copied, type: type, data: data)
        }
      }
      offset += 12 + length
      if sawIEND { break }
    }
    guard sawIEND else {
      throw PNGError(.truncated, "CgBI file truncated (no IEND)")
    }
    guard !deflated.isEmpty else {
      throw PNGError(.cgbi, "CgBI file has no image data (no IDAT)")
    }
    let expected = header.filteredSize
    let adler = try deflated.withUnsafeBytes { (input) throws -> UInt32 in
      try Zlib.adlerOfRawInflate(input, expectedBytes: expected)
    }
    var zlibStream: [UInt8] = [0x78, 0x01]
    zlibStream.reserveCapacity(deflated.count + 6)
    zlibStream.append(contentsOf: deflated)
    appendUInt32(&zlibStream, adler)
    out.append(contentsOf: copied)
    zlibStream.withUnsafeBytes { appendChunk(&out, type: "IDAT", data: $0) }
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

func appendUInt32(_ out: inout [UInt8], _ value: UInt32) {
  out.append(UInt8(truncatingIfNeeded: value >> 24))
  out.append(UInt8(truncatingIfNeeded: value >> 16))
  out.append(UInt8(truncatingIfNeeded: value >> 8))
  out.append(UInt8(truncatingIfNeeded: value))
}

/// Appends length, type, data and CRC.
func appendChunk(_ out: inout [UInt8], type: String, data: UnsafeRawBufferPointer) {
  appendUInt32(&out, UInt32(data.count))
  let typeBytes = Array(type.utf8)
  out.append(contentsOf: typeBytes)
  out.append(contentsOf: data)
  var checksum = typeBytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, 4)) }
  if let base = data.baseAddress, data.count > 0 {
    checksum = UInt32(
      crc32(uLong(checksum), base.assumingMemoryBound(to: UInt8.self), uInt(data.count)))
  }
  appendUInt32(&out, checksum)
}
