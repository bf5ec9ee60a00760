internal import CLibPNG

/// Rewrites an Adam7-interlaced 16-bit PNG as the same image without interlacing.
///
/// libpng's simplified API returns wrong pixels for exactly these files when it reduces
/// them to 8 bits (pnggroup/libpng#853: from the CVE-2025-65018 fix in 1.6.51 until the
/// fix of #853, and in distributions' security backports such as Debian's 1.6.39-2+deb12u1
/// and later): rows of earlier passes are lost. Interlacing only orders the pixels, so the
/// rewritten file decodes, on every libpng, to the pixels the original should give.
///
/// Chunks other than IHDR and IDAT are kept in order. A critical chunk with a bad CRC is
/// refused; an ancillary one is dropped, as libpng does by default.
enum Adam7 {
  static let passes: [(x0: Int, y0: Int, dx: Int, dy: Int)] = [
    (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
  ]

  static func flattened(_ raw: UnsafeRawBufferPointer, header: PNGHeader, ihdrOffset: Int) throws
    -> [UInt8]
  {
    precondition(header.bitDepth == 16 && header.interlaced, "only 16-bit Adam7 files need this")
    var before: [UInt8] = []
    var after: [UInt8] = []
    var compressed: [UInt8] = []
    var offset = ihdrOffset
    while offset + 12 <= raw.count {
      let length = Int(readUInt32(raw, at: offset))
      guard length <= raw.count - offset - 12 else { break }
      let typeCode = readUInt32(raw, at: offset + 4)
      let type = chunkType(raw, at: offset)
      let data = UnsafeRawBufferPointer(rebasing: raw[(offset + 8)..<(offset + 8 + length)])
      let intact = crc(raw, from: offset + 4, count: length + 4) == readUInt32(raw, at: offset + 8 + length)
      // Bit 5 of the first type byte is clear for critical chunks.
      let critical = typeCode & 0x2000_0000 == 0
      if !intact && critical {
        throw PNGError(.crcMismatch, "CRC mismatch in \(printable(type))")
      }
      offset += 12 + length
      if !intact { continue }
      switch typeCode {
      case 0x4948_4452:  // IHDR
        var ihdr = Array(data)
        ihdr[12] = 0
        ihdr.withUnsafeBytes { appendChunk(&before, type: "IHDR", data: $0) }
      case ChunkWalk.idat: compressed.append(contentsOf: data)
      case ChunkWalk.iend: break
      default:
        if compressed.isEmpty {
          appendChunk(&before, type: type, data: data)
        } else {
          appendChunk(&after, type: type, data: data)
        }
      }
      if typeCode == ChunkWalk.iend { break }
    }
    let filtered = try compressed.withUnsafeBytes { (input) throws -> [UInt8] in
      try inflate(input, expectedBytes: header.filteredSize)
    }
    let plain = try deinterlace(filtered, header: header)
    var out = PNGHeader.signature + before
    plain.withUnsafeBytes { rows in
      let stored = Zlib.stored(rows)
      stored.withUnsafeBytes { appendChunk(&out, type: "IDAT", data: $0) }
    }
    out += after
    appendChunk(&out, type: "IEND", data: UnsafeRawBufferPointer(start: nil, count: 0))
    return out
  }

  /// Unfilters each pass and places its pixels; returns rows with filter byte 0.
  private static func deinterlace(_ filtered: [UInt8], header: PNGHeader) throws -> [UInt8] {
    let pixelBytes = header.rowBytes / header.width
    let rowBytes = header.rowBytes
    var image = [UInt8](repeating: 0, count: header.height * (rowBytes + 1))
    // Two rows of the widest pass, unfiltered in place; raw pointers keep the per-byte
    // loops free of bounds and uniqueness checks.
    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * rowBytes)
    defer { scratch.deallocate() }
    var offset = 0
    try filtered.withUnsafeBufferPointer { input in
      try image.withUnsafeMutableBufferPointer { output in
        for pass in passes {
          let width = (header.width - pass.x0 + pass.dx - 1) / pass.dx
          let height = (header.height - pass.y0 + pass.dy - 1) / pass.dy
          guard width > 0 && height > 0 else { continue }
          let passRowBytes = width * pixelBytes
          var previous = scratch
          var line = scratch + rowBytes
          previous.initialize(repeating: 0, count: passRowBytes)
          for row in 0..<height {
            let filter = input[offset]
            line.initialize(from: input.baseAddress! + offset + 1, count: passRowBytes)
            offset += 1 + passRowBytes
            try unfilter(line, previous: previous, count: passRowBytes, filter: filter, stride: pixelBytes)
            let y = pass.y0 + row * pass.dy
            var target = output.baseAddress! + y * (rowBytes + 1) + 1 + pass.x0 * pixelBytes
            var source = line
            for _ in 0..<width {
              target.update(from: source, count: pixelBytes)
              target += pass.dx * pixelBytes
              source += pixelBytes
            }
            swap(&previous, &line)
          }
        }
      }
    }
    return image
  }

  private static func unfilter(
    _ line: UnsafeMutablePointer<UInt8>, previous: UnsafeMutablePointer<UInt8>, count: Int, filter: UInt8,
    stride: Int
  ) throws {
    switch filter {
    case 0: return
    case 1:
      for i in stride..<max(stride, count) { line[i] &+= line[i - stride] }
    case 2:
      for i in 0..<count { line[i] &+= previous[i] }
    case 3:
      for i in 0..<count {
        let left = i >= stride ? Int(line[i - stride]) : 0
        line[i] &+= UInt8((left + Int(previous[i])) / 2)
      }
    case 4:
      for i in 0..<count {
        let a = i >= stride ? Int(line[i - stride]) : 0
        let b = Int(previous[i])
        let c = i >= stride ? Int(previous[i - stride]) : 0
        let p = a + b - c
        let pa = abs(p - a)
        let pb = abs(p - b)
        let pc = abs(p - c)
        line[i] &+= UInt8(pa <= pb && pa <= pc ? a : (pb <= pc ? b : c))
      }
    default:
      throw PNGError(.corruptData, "damaged image data (unknown filter type \(filter))")
    }
  }

  /// Inflates the IDAT zlib stream, producing at most `expectedBytes`.
  private static func inflate(_ input: UnsafeRawBufferPointer, expectedBytes: Int) throws -> [UInt8] {
    var stream = z_stream()
    guard icongrid_inflate_init(&stream, 15) == Z_OK else {
      throw PNGError(.io, "zlib could not start inflating (out of memory?)")
    }
    defer { inflateEnd(&stream) }
    var status = Z_OK
    var produced = 0
    let output = [UInt8](unsafeUninitializedCapacity: expectedBytes) { buffer, count in
      stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
      stream.avail_in = uInt(input.count)
      stream.next_out = buffer.baseAddress
      stream.avail_out = uInt(expectedBytes)
      status = CLibPNG.inflate(&stream, Z_FINISH)
      produced = expectedBytes - Int(stream.avail_out)
      // Bytes zlib did not write are zeroed so the array never holds uninitialised memory.
      if produced < expectedBytes {
        (buffer.baseAddress! + produced).initialize(repeating: 0, count: expectedBytes - produced)
      }
      count = expectedBytes
    }
    if status == Z_DATA_ERROR || status == Z_NEED_DICT || status == Z_MEM_ERROR {
      let said = stream.msg.map { String(cString: $0) } ?? "inflate returned \(status)"
      throw PNGError(.corruptData, "damaged image data", underlying: said)
    }
    guard produced == expectedBytes else {
      throw PNGError(
        .truncated, "truncated inside IDAT (image data ends early: \(produced) of \(expectedBytes) bytes)")
    }
    return output
  }
}
