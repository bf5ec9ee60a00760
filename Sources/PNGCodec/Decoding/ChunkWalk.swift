import ImageCore

/// The check before every decode, one pass of ``ChunkReader`` over the chunk list: lengths
/// that run past the end, a missing IDAT or IEND, far more compressed data than the image
/// needs (a bomb), and ancillary chunks whose length the specification fixes but the file
/// does not respect (libpng only warns about those; a device's decoder may not be as
/// forgiving).
struct ChunkWalk {
  struct Problem {
    var code: ImageError.Code
    var reason: String
  }
  private(set) var problem: Problem?
  private(set) var sawIDAT = false

  init(_ raw: UnsafeRawBufferPointer, header: PNGHeader? = nil) {
    let colorType = header?.colorType
    var reader = ChunkReader(raw)
    var sawIEND = false
    var idatBytes = 0
    while let chunk = reader.next() {
      if chunk.type == ChunkType.idat {
        sawIDAT = true
        idatBytes += chunk.length
      }
      if let expected = ChunkWalk.fixedLength(chunk.type, colorType: colorType),
        !expected.contains(chunk.length)
      {
        let what =
          expected.count == 1 ? "\(expected.lowerBound)" : "\(expected.lowerBound)–\(expected.upperBound)"
        problem = Problem(
          code: .corruptData,
          reason:
            "\(reader.name(chunk)) chunk has \(chunk.length) bytes; the PNG specification requires \(what)")
        return
      }
      if chunk.type == ChunkType.iend {
        sawIEND = true
        break
      }
    }
    switch reader.stop {
    case .overlong(let chunk):
      problem = Problem(
        code: .corruptData, reason: "\(reader.name(chunk)) chunk claims \(chunk.length) bytes")
      return
    case .cut(let chunk):
      problem = Problem(
        code: .truncated,
        reason:
          "truncated inside \(reader.name(chunk)) (chunk claims \(chunk.length) bytes, "
          + "\(reader.remaining(after: chunk)) remain)")
      return
    case .reading, .end, .fragment: break
    }
    if let header, idatBytes > 2 * header.filteredSize + 4096 {
      // Even uncompressed, the image needs about filteredSize bytes; far more compressed
      // data than that only makes sense as a decompression bomb, which would cost time.
      problem = Problem(
        code: .corruptData,
        reason:
          "IDAT holds \(idatBytes) bytes, far more than a \(header.width)×\(header.height) image needs "
          + "(\(header.filteredSize)); refusing a likely decompression bomb")
    } else if !sawIDAT {
      problem = Problem(code: .corruptData, reason: "no IDAT chunk (no image data)")
    } else if !sawIEND {
      // Without IEND the file was cut short, even when the pixels happen to be complete:
      // an interrupted copy should not pass for a good file.
      problem = Problem(
        code: .truncated,
        reason: reader.stop == .fragment
          ? "truncated between chunks (no IEND)" : "truncated after the last chunk (no IEND)")
    }
  }

  /// Lengths the specification allows for chunks of fixed size; `type` is the chunk type's
  /// four bytes as a big-endian integer.
  static func fixedLength(_ type: UInt32, colorType: PNGHeader.ColorType?) -> ClosedRange<Int>? {
    switch type {
    case ChunkType.gama: 4...4
    case ChunkType.chrm: 32...32
    case ChunkType.srgb: 1...1
    case ChunkType.phys: 9...9
    case ChunkType.time: 7...7
    case ChunkType.offs: 9...9
    case ChunkType.sbit: 1...4
    case ChunkType.bkgd:
      switch colorType {
      case .palette: 1...1
      case .gray, .grayAlpha: 2...2
      case .rgb, .rgba: 6...6
      case nil: 1...6
      }
    case ChunkType.iend: 0...0
    default: nil
    }
  }
}
