/// A small PNG decoder written for the tests alone — its own inflate, unfiltering, Adam7
/// and sample conversion, sharing no code with PNGCodec, libpng or zlib — so that what
/// PNGCodec returns can be checked against an independent reading of the same bytes.
///
/// It applies no colour management: it yields the samples as stored, converted to 8-bit
/// RGBA the way the PNG specification's sample-depth scaling and libpng's transforms do
/// (low bit depths replicated to 8 bits, 16-bit samples rounded to `v × 255 / 65535`,
/// tRNS turned into alpha). Compare it with PNGCodec only on files without gAMA, cHRM,
/// sRGB or iCCP (see ``withoutColorChunks(_:)``).
enum ReferenceDecoder {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Returns the same PNG with its colour-space chunks removed, so that both decoders read
  /// the samples as plain sRGB.
  static func withoutColorChunks(_ png: [UInt8]) -> [UInt8] {
    let dropped: Set<String> = ["gAMA", "cHRM", "sRGB", "iCCP"]
    return Chunks.build(Chunks.parse(png).filter { !dropped.contains($0.type) })
  }

  /// Decodes a standard (non-CgBI) PNG to 8-bit straight RGBA.
  static func decode(_ png: [UInt8]) throws -> (width: Int, height: Int, pixels: [UInt8]) {
    let chunks = Chunks.parse(png)
    guard let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.data.count == 13 else {
      throw Failure(description: "no IHDR")
    }
    let width = Int(Chunks.bigEndian32(ihdr.data, 0))
    let height = Int(Chunks.bigEndian32(ihdr.data, 4))
    let depth = Int(ihdr.data[8])
    let colorType = Int(ihdr.data[9])
    let interlaced = ihdr.data[12] == 1
    let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 0
    guard channels > 0 else { throw Failure(description: "colour type \(colorType)") }
    let palette = chunks.first { $0.type == "PLTE" }?.data ?? []
    let transparency = chunks.first { $0.type == "tRNS" }?.data
    let compressed = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
    let filtered = try Inflate.zlib(compressed)

    var samples = [[Int]](repeating: [], count: height)  // per row: width × channels samples
    for row in 0..<height { samples[row] = [Int](repeating: 0, count: width * channels) }
    let bitsPerPixel = depth * channels
    var offset = 0
    let passes: [(x0: Int, y0: Int, dx: Int, dy: Int)] =
      interlaced
      ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
      : [(0, 0, 1, 1)]
    for pass in passes {
      let passWidth = (width - pass.x0 + pass.dx - 1) / pass.dx
      let passHeight = (height - pass.y0 + pass.dy - 1) / pass.dy
      guard passWidth > 0 && passHeight > 0 else { continue }
      let rowBytes = (passWidth * bitsPerPixel + 7) / 8
      let filterStride = max(1, bitsPerPixel / 8)
      var previous = [UInt8](repeating: 0, count: rowBytes)
      for passRow in 0..<passHeight {
        guard offset + 1 + rowBytes <= filtered.count else {
          throw Failure(description: "image data ends early")
        }
        let filter = filtered[offset]
        var line = Array(filtered[(offset + 1)..<(offset + 1 + rowBytes)])
        offset += 1 + rowBytes
        try unfilter(&line, previous: previous, filter: filter, stride: filterStride)
        previous = line
        let y = pass.y0 + passRow * pass.dy
        for passColumn in 0..<passWidth {
          let x = pass.x0 + passColumn * pass.dx
          for channel in 0..<channels {
            let index = passColumn * channels + channel
            samples[y][x * channels + channel] = sample(line, index: index, depth: depth)
          }
        }
      }
    }

    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let maximum = (1 << depth) - 1
    func eight(_ value: Int) -> UInt8 {
      // Low depths replicate their bits (× 255 / maximum is exact for 1, 2 and 4 bits).
      depth == 16 ? UInt8((value * 255 + 32767) / 65535) : UInt8(value * 255 / maximum)
    }
    for y in 0..<height {
      for x in 0..<width {
        let s = Array(samples[y][(x * channels)..<((x + 1) * channels)])
        let out = (y * width + x) * 4
        var rgba: (UInt8, UInt8, UInt8, UInt8)
        switch colorType {
        case 0:
          let key = transparency.map { Int(Chunks.bigEndian16($0, 0)) }
          rgba = (eight(s[0]), eight(s[0]), eight(s[0]), key == s[0] ? 0 : 255)
        case 2:
          let key = transparency.map {
            [Int(Chunks.bigEndian16($0, 0)), Int(Chunks.bigEndian16($0, 2)), Int(Chunks.bigEndian16($0, 4))]
          }
          rgba = (eight(s[0]), eight(s[1]), eight(s[2]), key == s ? 0 : 255)
        case 3:
          let entry = s[0]
          guard entry * 3 + 2 < palette.count else {
            throw Failure(description: "palette index \(entry) out of range")
          }
          let alpha = transparency.flatMap { entry < $0.count ? $0[entry] : nil } ?? 255
          rgba = (palette[entry * 3], palette[entry * 3 + 1], palette[entry * 3 + 2], alpha)
        case 4: rgba = (eight(s[0]), eight(s[0]), eight(s[0]), eight(s[1]))
        default: rgba = (eight(s[0]), eight(s[1]), eight(s[2]), eight(s[3]))
        }
        pixels[out] = rgba.0
        pixels[out + 1] = rgba.1
        pixels[out + 2] = rgba.2
        pixels[out + 3] = rgba.3
      }
    }
    return (width, height, pixels)
  }

  /// The `index`th sample of a row of `depth`-bit samples, packed most significant first.
  private static func sample(_ line: [UInt8], index: Int, depth: Int) -> Int {
    switch depth {
    case 16: return Int(line[index * 2]) << 8 | Int(line[index * 2 + 1])
    case 8: return Int(line[index])
    default:
      let bit = index * depth
      let shift = 8 - depth - bit % 8
      return Int(line[bit / 8] >> UInt8(shift)) & ((1 << depth) - 1)
    }
  }

  private static func unfilter(_ line: inout [UInt8], previous: [UInt8], filter: UInt8, stride: Int) throws {
    for i in 0..<line.count {
      let a = i >= stride ? Int(line[i - stride]) : 0
      let b = Int(previous[i])
      let c = i >= stride ? Int(previous[i - stride]) : 0
      let predictor: Int
      switch filter {
      case 0: predictor = 0
      case 1: predictor = a
      case 2: predictor = b
      case 3: predictor = (a + b) / 2
      case 4:
        let p = a + b - c
        let pa = abs(p - a)
        let pb = abs(p - b)
        let pc = abs(p - c)
        predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
      default: throw Failure(description: "filter type \(filter)")
      }
      line[i] = UInt8(truncatingIfNeeded: Int(line[i]) + predictor)
    }
  }
}

extension Chunks {
  static func bigEndian16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
    UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
  }
}

/// Inflate (RFC 1951) inside a zlib wrapper (RFC 1950), Adler-32 checked: the canonical
/// Huffman decoding that the RFC describes, bit by bit, for clarity rather than speed.
enum Inflate {
  private struct Huffman {
    var counts = [Int](repeating: 0, count: 16)
    var symbols: [Int]

    init(lengths: [Int]) {
      for length in lengths { counts[length] += 1 }
      counts[0] = 0
      var offsets = [Int](repeating: 0, count: 16)
      for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
      symbols = [Int](repeating: 0, count: lengths.count)
      for (symbol, length) in lengths.enumerated() where length != 0 {
        symbols[offsets[length]] = symbol
        offsets[length] += 1
      }
    }
  }

  private struct Bits {
    let bytes: [UInt8]
    var position = 0
    var buffer = 0
    var count = 0

    mutating func take(_ n: Int) throws -> Int {
      while count < n {
        guard position < bytes.count else {
          throw ReferenceDecoder.Failure(description: "deflate ends early")
        }
        buffer |= Int(bytes[position]) << count
        position += 1
        count += 8
      }
      let value = buffer & ((1 << n) - 1)
      buffer >>= n
      count -= n
      return value
    }

    mutating func alignToByte() {
      buffer = 0
      count = 0
    }

    mutating func decode(_ code: Huffman) throws -> Int {
      var value = 0
      var first = 0
      var index = 0
      for length in 1..<16 {
        value |= try take(1)
        let count = code.counts[length]
        if value - count < first { return code.symbols[index + value - first] }
        index += count
        first = (first + count) << 1
        value <<= 1
      }
      throw ReferenceDecoder.Failure(description: "bad Huffman code")
    }
  }

  private static let lengthBase = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
    227, 258,
  ]
  private static let lengthExtra = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  private static let distanceBase = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
    4097, 6145, 8193, 12289, 16385, 24577,
  ]
  private static let distanceExtra = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
  ]

  /// Inflates a zlib stream and checks its header and Adler-32.
  static func zlib(_ stream: [UInt8]) throws -> [UInt8] {
    guard stream.count >= 6, stream[0] & 0x0F == 8, (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0 else {
      throw ReferenceDecoder.Failure(description: "bad zlib header")
    }
    var bits = Bits(bytes: Array(stream[2...]))
    let out = try raw(&bits)
    let trailer = bits.position
    guard trailer + 4 <= bits.bytes.count else { throw ReferenceDecoder.Failure(description: "no Adler-32") }
    let stored = Chunks.bigEndian32(bits.bytes, trailer)
    guard stored == adler32(out) else { throw ReferenceDecoder.Failure(description: "Adler-32 mismatch") }
    return out
  }

  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return b << 16 | a
  }

  private static func raw(_ bits: inout Bits) throws -> [UInt8] {
    var out: [UInt8] = []
    var last = 0
    repeat {
      last = try bits.take(1)
      let kind = try bits.take(2)
      switch kind {
      case 0:
        bits.alignToByte()
        guard bits.position + 4 <= bits.bytes.count else {
          throw ReferenceDecoder.Failure(description: "stored block ends early")
        }
        let length = Int(bits.bytes[bits.position]) | Int(bits.bytes[bits.position + 1]) << 8
        let check = Int(bits.bytes[bits.position + 2]) | Int(bits.bytes[bits.position + 3]) << 8
        guard length == ~check & 0xFFFF, bits.position + 4 + length <= bits.bytes.count else {
          throw ReferenceDecoder.Failure(description: "bad stored block")
        }
        out += bits.bytes[(bits.position + 4)..<(bits.position + 4 + length)]
        bits.position += 4 + length
      case 1:
        let literal = Huffman(
          lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
            + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8))
        let distance = Huffman(lengths: [Int](repeating: 5, count: 30))
        try codes(&bits, literal: literal, distance: distance, into: &out)
      case 2:
        let literalCount = try bits.take(5) + 257
        let distanceCount = try bits.take(5) + 1
        let codeCount = try bits.take(4) + 4
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeCount { codeLengths[order[index]] = try bits.take(3) }
        let lengthCode = Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
          let symbol = try bits.decode(lengthCode)
          switch symbol {
          case 0..<16: lengths.append(symbol)
          case 16:
            guard let previous = lengths.last else {
              throw ReferenceDecoder.Failure(description: "repeat first")
            }
            lengths += [Int](repeating: previous, count: 3 + (try bits.take(2)))
          case 17: lengths += [Int](repeating: 0, count: 3 + (try bits.take(3)))
          default: lengths += [Int](repeating: 0, count: 11 + (try bits.take(7)))
          }
        }
        let literal = Huffman(lengths: Array(lengths[0..<literalCount]))
        let distance = Huffman(lengths: Array(lengths[literalCount...]))
        try codes(&bits, literal: literal, distance: distance, into: &out)
      default:
        throw ReferenceDecoder.Failure(description: "block type 3")
      }
    } while last == 0
    // The Adler-32 starts at the next whole byte.
    bits.alignToByte()
    return out
  }

  private static func codes(_ bits: inout Bits, literal: Huffman, distance: Huffman, into out: inout [UInt8])
    throws
  {
    while true {
      let symbol = try bits.decode(literal)
      if symbol < 256 {
        out.append(UInt8(symbol))
      } else if symbol == 256 {
        return
      } else {
        let index = symbol - 257
        guard index < lengthBase.count else { throw ReferenceDecoder.Failure(description: "bad length") }
        let length = lengthBase[index] + (try bits.take(lengthExtra[index]))
        let distanceSymbol = try bits.decode(distance)
        guard distanceSymbol < distanceBase.count else {
          throw ReferenceDecoder.Failure(description: "bad distance")
        }
        let back = distanceBase[distanceSymbol] + (try bits.take(distanceExtra[distanceSymbol]))
        guard back <= out.count else { throw ReferenceDecoder.Failure(description: "distance too far back") }
        let start = out.count - back
        for k in 0..<length { out.append(out[start + k]) }
      }
    }
  }
}
