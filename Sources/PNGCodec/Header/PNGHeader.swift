internal import CLibPNG
import ImageCore

/// What the first bytes of a PNG say, read without decoding: the signature, IHDR (with
/// its CRC checked) and whether the file is an Apple CgBI PNG.
///
/// ```swift
/// let header = try PNGHeader.probe(contentsOf: "icon@2x.png")
/// print(header.width, header.height, header.colorType)
/// ```
///
/// - Complexity: O(1): reads at most ``probeLength`` bytes of a file.
public struct PNGHeader: Sendable, Hashable {
  /// The colour types PNG defines.
  public enum ColorType: UInt8, Sendable, Hashable, CustomStringConvertible {
    /// Greyscale (type 0).
    case gray = 0
    /// Red, green and blue (type 2).
    case rgb = 2
    /// Indices into a palette (type 3).
    case palette = 3
    /// Greyscale with alpha (type 4).
    case grayAlpha = 4
    /// Red, green, blue and alpha (type 6).
    case rgba = 6

    /// `gray`, `gray-alpha`, `palette`, `rgb` or `rgba`.
    public var description: String {
      switch self {
      case .gray: "gray"
      case .rgb: "rgb"
      case .palette: "palette"
      case .grayAlpha: "gray-alpha"
      case .rgba: "rgba"
      }
    }

    /// Whether pixels carry an alpha channel (tRNS aside).
    public var hasAlpha: Bool { self == .grayAlpha || self == .rgba }

    fileprivate func allows(bitDepth: Int) -> Bool {
      switch self {
      case .gray: bitDepth == 1 || bitDepth == 2 || bitDepth == 4 || bitDepth == 8 || bitDepth == 16
      case .palette: bitDepth == 1 || bitDepth == 2 || bitDepth == 4 || bitDepth == 8
      case .rgb, .grayAlpha, .rgba: bitDepth == 8 || bitDepth == 16
      }
    }

    fileprivate var channels: Int {
      switch self {
      case .gray, .palette: 1
      case .grayAlpha: 2
      case .rgb: 3
      case .rgba: 4
      }
    }
  }

  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// Bits per sample: 1, 2, 4, 8 or 16.
  public var bitDepth: Int
  /// The colour type.
  public var colorType: ColorType
  /// Whether the image is Adam7-interlaced.
  public var interlaced: Bool
  /// Whether a `CgBI` chunk precedes IHDR (an Apple "iPhone-optimized" PNG).
  public var isCgBI: Bool

  /// The longest `CgBI` chunk data the header accepts (Apple's is 4 bytes).
  static let maxCgBILength = 64

  /// How many bytes ``probe(_:)`` needs at most: signature, the longest `CgBI` chunk
  /// accepted, and IHDR.
  public static let probeLength = 8 + (12 + maxCgBILength) + 25

  /// Bytes in one unfiltered row, without the filter byte.
  var rowBytes: Int { (width * colorType.channels * bitDepth + 7) / 8 }

  /// Bytes of filtered image data the header implies: a filter byte per row, per Adam7
  /// pass when interlaced. No valid zlib stream of this data needs much more than this.
  var filteredSize: Int {
    func bytes(_ width: Int) -> Int { (width * colorType.channels * bitDepth + 7) / 8 }
    guard interlaced else { return height * (1 + rowBytes) }
    var total = 0
    for pass in Adam7.passes {
      let (w, h) = pass.size(width: width, height: height)
      if w > 0 && h > 0 { total += h * (1 + bytes(w)) }
    }
    return total
  }

  static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

  /// Reads the header from the start of a PNG's bytes.
  ///
  /// - Parameter bytes: the file's bytes, or at least its first ``probeLength``.
  /// - Returns: the header's size, colour type, bit depth, interlacing and CgBI flag.
  /// - Throws: ``ImageError`` with ``ImageError/Code/notPNG``, ``ImageError/Code/truncated``,
  ///   ``ImageError/Code/crcMismatch`` or ``ImageError/Code/badHeader``.
  public static func probe(_ bytes: some Collection<UInt8>) throws -> PNGHeader {
    let prefix = Array(bytes.prefix(probeLength))
    return try prefix.withUnsafeBytes { (raw) throws -> PNGHeader in
      try parse(raw).header
    }
  }

  /// Reads the header of a file, reading only its first ``probeLength`` bytes.
  ///
  /// - Parameter path: the file.
  /// - Returns: the header's size, colour type, bit depth, interlacing and CgBI flag.
  /// - Throws: ``ImageError``, with the path, as ``probe(_:)`` does, or
  ///   ``ImageError/Code/notFound`` / ``ImageError/Code/io`` when the file cannot be read.
  public static func probe(contentsOf path: String) throws -> PNGHeader {
    let bytes = try FileIO.readPrefix(path, count: probeLength)
    return try ImageError.attributing(path) { try probe(bytes) }
  }

  /// Parses signature, optional CgBI chunk and IHDR; returns the header and the offset of
  /// the IHDR chunk's length field.
  static func parse(_ raw: UnsafeRawBufferPointer) throws -> (
    header: PNGHeader, ihdrOffset: Int
  ) {
    try checkSignature(raw)
    var offset = 8
    var isCgBI = false
    guard raw.count >= offset + 8 else {
      throw ImageError(.truncated, "truncated before IHDR (\(raw.count) bytes)")
    }
    // Chunk types compared as big-endian integers: the probe runs over whole catalogs.
    if readUInt32(raw, at: offset + 4) == ChunkType.cgbi {
      isCgBI = true
      let length = Int(readUInt32(raw, at: offset))
      guard length <= maxCgBILength else {
        throw ImageError(.cgbi, "CgBI chunk claims \(length) bytes; Apple's holds 4")
      }
      offset += 12 + length
    }
    guard raw.count >= offset + 8 else {
      throw ImageError(.truncated, "truncated before IHDR (\(raw.count) bytes)")
    }
    let length = readUInt32(raw, at: offset)
    guard readUInt32(raw, at: offset + 4) == ChunkType.ihdr else {
      throw ImageError(.badHeader, "first chunk is \(printable(chunkType(raw, at: offset))), not IHDR")
    }
    guard length == 13 else {
      throw ImageError(.badHeader, "IHDR length is \(length), not 13")
    }
    guard raw.count >= offset + 25 else {
      throw ImageError(.truncated, "truncated inside IHDR (\(raw.count) bytes)")
    }
    let stored = readUInt32(raw, at: offset + 21)
    let computed = crc(raw, from: offset + 4, count: 17)
    guard stored == computed else {
      throw ImageError(
        .crcMismatch,
        "IHDR CRC mismatch (stored \(hex(stored)), computed \(hex(computed)))")
    }
    let data = offset + 8
    let width = Int(readUInt32(raw, at: data))
    let height = Int(readUInt32(raw, at: data + 4))
    let depth = Int(raw[data + 8])
    let rawColor = raw[data + 9]
    guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
      throw ImageError(.badHeader, "invalid IHDR size \(width)×\(height)")
    }
    guard let color = ColorType(rawValue: rawColor) else {
      throw ImageError(.badHeader, "invalid colour type \(rawColor) in IHDR")
    }
    guard color.allows(bitDepth: depth) else {
      throw ImageError(.badHeader, "invalid bit depth \(depth) for colour type \(color)")
    }
    guard raw[data + 10] == 0 else {
      throw ImageError(.badHeader, "unknown compression method \(raw[data + 10]) in IHDR")
    }
    guard raw[data + 11] == 0 else {
      throw ImageError(.badHeader, "unknown filter method \(raw[data + 11]) in IHDR")
    }
    guard raw[data + 12] <= 1 else {
      throw ImageError(.badHeader, "unknown interlace method \(raw[data + 12]) in IHDR")
    }
    let header = PNGHeader(
      width: width, height: height, bitDepth: depth, colorType: color,
      interlaced: raw[data + 12] == 1, isCgBI: isCgBI)
    return (header, offset)
  }

  private static func checkSignature(_ raw: UnsafeRawBufferPointer) throws {
    let count = min(raw.count, 8)
    for index in 0..<count where raw[index] != signature[index] {
      // A CR/LF-mangled signature is the mark of a text-mode transfer; say so. Only CR, LF
      // and the control-Z between them may remain in its tail, or it is some other damage.
      let tail = raw.count >= 8 ? Array(raw[4..<8]) : []
      let mangled =
        tail.contains(0x1A) && tail.allSatisfy { $0 == 0x0D || $0 == 0x0A || $0 == 0x1A }
      if index >= 4, mangled, raw[0] == 0x89, raw[1] == 80, raw[2] == 78, raw[3] == 71 {
        throw ImageError(
          .notPNG,
          "not a PNG (bad signature: line endings were converted; transfer the file as binary)")
      }
      throw ImageError(.notPNG, "not a PNG (bad signature)")
    }
    if raw.count < 8 {
      throw ImageError(
        .truncated,
        raw.isEmpty ? "empty file" : "truncated inside the signature (\(raw.count) bytes)")
    }
  }
}
