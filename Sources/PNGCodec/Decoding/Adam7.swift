import ImageCore

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
  /// One of the seven passes: its first column and row, and its steps across and down.
  struct Pass {
    var x0: Int
    var y0: Int
    var dx: Int
    var dy: Int

    /// The pass's width and height in pixels for an image of `width` × `height` (either
    /// may be 0: the pass is then empty).
    func size(width: Int, height: Int) -> (width: Int, height: Int) {
      ((width - x0 + dx - 1) / dx, (height - y0 + dy - 1) / dy)
    }
  }

  /// The seven passes, in file order: the one table of them in the codec.
  static let passes: [Pass] = [
    Pass(x0: 0, y0: 0, dx: 8, dy: 8), Pass(x0: 4, y0: 0, dx: 8, dy: 8), Pass(x0: 0, y0: 4, dx: 4, dy: 8),
    Pass(x0: 2, y0: 0, dx: 4, dy: 4), Pass(x0: 0, y0: 2, dx: 2, dy: 4), Pass(x0: 1, y0: 0, dx: 2, dy: 2),
    Pass(x0: 0, y0: 1, dx: 1, dy: 2),
  ]

  static func flattened(_ raw: UnsafeRawBufferPointer, header: PNGHeader, ihdrOffset: Int) throws
    -> [UInt8]
  {
    precondition(header.bitDepth == 16 && header.interlaced, "only 16-bit Adam7 files need this")
    var before: [UInt8] = []
    var after: [UInt8] = []
    var compressed: [UInt8] = []
    var reader = ChunkReader(raw, from: ihdrOffset)
    while let chunk = reader.next() {
      let intact = reader.crcMatches(chunk)
      if !intact && chunk.isCritical {
        throw ImageError(.crcMismatch, "CRC mismatch in \(reader.name(chunk))")
      }
      if !intact { continue }
      let data = reader.data(chunk)
      switch chunk.type {
      case ChunkType.ihdr:
        var ihdr = Array(data)
        ihdr[12] = 0
        ihdr.withUnsafeBytes { appendChunk(&before, type: "IHDR", data: $0) }
      case ChunkType.idat: compressed.append(contentsOf: data)
      case ChunkType.iend: break
      default:
        let type = chunkType(raw, at: chunk.offset)
        if compressed.isEmpty {
          appendChunk(&before, type: type, data: data)
        } else {
          appendChunk(&after, type: type, data: data)
        }
      }
      if chunk.type == ChunkType.iend { break }
    }
    let filtered: [UInt8]
    do throws(Inflate.Failure) {
      filtered = try compressed.withUnsafeBytes { input in
        Result { () throws(Inflate.Failure) in
          try Inflate.bounded(input, .zlib, expectedBytes: header.filteredSize)
        }
      }.get()
    } catch .noMemory {
      throw ImageError(.io, "zlib could not start inflating (out of memory?)")
    } catch .damaged(let said) {
      throw ImageError(.corruptData, "damaged image data", underlying: said)
    } catch .short(let produced) {
      throw ImageError(
        .truncated,
        "truncated inside IDAT (image data ends early: \(produced) of \(header.filteredSize) bytes)")
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
          let (width, height) = pass.size(width: header.width, height: header.height)
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
}
