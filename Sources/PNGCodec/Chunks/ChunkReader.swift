internal import CLibPNG

/// Chunk types the codec looks for, as their four bytes read as a big-endian integer: the
/// chunk walks run over whole catalogs and before every decode, so types are compared as
/// numbers and spelled out only in messages.
enum ChunkType {
  static let ihdr: UInt32 = 0x4948_4452
  static let idat: UInt32 = 0x4944_4154
  static let iend: UInt32 = 0x4945_4E44
  static let cgbi: UInt32 = 0x4367_4249
  static let idot: UInt32 = 0x6944_4F54
  static let gama: UInt32 = 0x6741_4D41
  static let chrm: UInt32 = 0x6348_524D
  static let srgb: UInt32 = 0x7352_4742
  static let iccp: UInt32 = 0x6943_4350
  static let trns: UInt32 = 0x7452_4E53
  static let actl: UInt32 = 0x6163_544C
  static let phys: UInt32 = 0x7048_5973
  static let time: UInt32 = 0x7449_4D45
  static let offs: UInt32 = 0x6F46_4673
  static let sbit: UInt32 = 0x7342_4954
  static let bkgd: UInt32 = 0x624B_4744

  /// gAMA, cHRM, sRGB and iCCP: the chunks that say how colours are to be read.
  static let color: Set<UInt32> = [gama, chrm, srgb, iccp]
}

/// One chunk of a PNG, as positions in the bytes it was read from.
struct Chunk: Equatable {
  /// The type's four bytes as a big-endian integer (see ``ChunkType``).
  var type: UInt32
  /// Where the chunk's length field starts.
  var offset: Int
  /// The length of its data.
  var length: Int

  /// Where its data starts.
  var dataStart: Int { offset + 8 }
  /// The first byte after its CRC.
  var end: Int { offset + 12 + length }
  /// Whether the chunk is critical (bit 5 of the type's first byte clear).
  var isCritical: Bool { type & 0x2000_0000 == 0 }
}

/// The one reader of PNG chunks: it walks the chunk list from a given offset, checking
/// that every length fits the bytes at hand before a chunk is handed out, and says why it
/// stopped. CRCs are checked on request (``crcMatches(_:)``), once, by the stage that
/// needs them; libpng checks them again as it decodes.
///
/// ```swift
/// var reader = ChunkReader(raw, from: 8)
/// while let chunk = reader.next() { … }
/// if case .cut(let chunk) = reader.stop { … }
/// ```
struct ChunkReader {
  /// Why ``next()`` returned `nil`.
  enum Stop: Equatable {
    /// Not yet stopped.
    case reading
    /// The bytes end exactly after a chunk.
    case end
    /// Fewer than 8 bytes (a length and a type) remain after the last whole chunk.
    case fragment
    /// A chunk's length field claims more than 2³¹ − 1 bytes, which PNG forbids.
    case overlong(Chunk)
    /// A chunk's data or CRC runs past the end of the bytes.
    case cut(Chunk)
  }

  let raw: UnsafeRawBufferPointer
  /// Where the next chunk starts.
  private(set) var offset: Int
  /// Why reading stopped; ``Stop/reading`` while chunks remain.
  private(set) var stop = Stop.reading

  /// A reader of the chunks of `raw` from `offset` (8: just after the signature).
  init(_ raw: UnsafeRawBufferPointer, from offset: Int = 8) {
    self.raw = raw
    self.offset = offset
  }

  /// The next whole chunk, or `nil` at the end or at a chunk that does not fit (see
  /// ``stop``).
  mutating func next() -> Chunk? {
    guard stop == .reading else { return nil }
    guard offset + 8 <= raw.count else {
      stop = offset == raw.count ? .end : .fragment
      return nil
    }
    let chunk = Chunk(
      type: readUInt32(raw, at: offset + 4), offset: offset, length: Int(readUInt32(raw, at: offset)))
    guard chunk.length <= Int(Int32.max) else {
      stop = .overlong(chunk)
      return nil
    }
    guard chunk.end <= raw.count else {
      stop = .cut(chunk)
      return nil
    }
    offset = chunk.end
    return chunk
  }

  /// The chunk's data.
  func data(_ chunk: Chunk) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: raw[chunk.dataStart..<(chunk.dataStart + chunk.length)])
  }

  /// The CRC stored after the chunk's data.
  func storedCRC(_ chunk: Chunk) -> UInt32 { readUInt32(raw, at: chunk.dataStart + chunk.length) }

  /// The CRC of the chunk's type and data, computed.
  func computedCRC(_ chunk: Chunk) -> UInt32 { crc(raw, from: chunk.offset + 4, count: chunk.length + 4) }

  /// Whether the stored CRC is that of the chunk's type and data.
  func crcMatches(_ chunk: Chunk) -> Bool { storedCRC(chunk) == computedCRC(chunk) }

  /// The chunk's type as text, for a message ("an unreadable chunk type" when it is not
  /// four ASCII letters).
  func name(_ chunk: Chunk) -> String { printable(chunkType(raw, at: chunk.offset)) }

  /// Bytes left between the start of `chunk`'s data and the end: what a cut chunk holds.
  func remaining(after chunk: Chunk) -> Int { max(0, raw.count - chunk.offset - 8) }
}

func readUInt32(_ raw: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
  UInt32(raw[offset]) << 24 | UInt32(raw[offset + 1]) << 16 | UInt32(raw[offset + 2]) << 8
    | UInt32(raw[offset + 3])
}

func chunkType(_ raw: UnsafeRawBufferPointer, at offset: Int) -> String {
  String(decoding: raw[(offset + 4)..<(offset + 8)], as: Unicode.ASCII.self)
}

func crc(_ raw: UnsafeRawBufferPointer, from offset: Int, count: Int) -> UInt32 {
  UInt32(crc32(0, raw.baseAddress!.assumingMemoryBound(to: UInt8.self) + offset, uInt(count)))
}

func printable(_ type: String) -> String {
  let clean = type.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic }
  return clean ? type : "an unreadable chunk type"
}

func hex(_ value: UInt32) -> String {
  let digits = String(value, radix: 16)
  return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
}
