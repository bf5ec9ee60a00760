import IconGridSupport
import ImageCore
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Paths of the shared test data (`<package>/../shared/testdata`) and small file helpers.
enum Fixtures {
  static let packageRoot = TestPaths.packageRoot
  static let testdata = TestPaths.testData
  static let pngsuite = testdata + "/pngsuite"
  static let cgbi = testdata + "/cgbi"
  static let libpng = testdata + "/libpng"

  /// Names of the `.png` files in `directory`, sorted.
  static func pngNames(in directory: String) -> [String] {
    entries(of: directory).filter { $0.hasSuffix(".png") }
  }

  /// The 161 valid PngSuite files (corrupt ones start with `x`).
  static let validSuite: [String] = pngNames(in: pngsuite).filter { !$0.hasPrefix("x") }
  /// The 14 intentionally corrupt PngSuite files.
  static let corruptSuite: [String] = pngNames(in: pngsuite).filter { $0.hasPrefix("x") }

  static func read(_ path: String) throws -> [UInt8] {
    try FileIO.readAll(path, limit: 1 << 30)
  }

  /// Names of the entries of a directory (files and subdirectories), sorted.
  static func entries(of directory: String) -> [String] { TestFiles.entries(of: directory) }

  static func write(_ bytes: [UInt8], to path: String) { TestFiles.write(bytes, to: path) }
}

/// The chunks of a PNG, read without any of PNGCodec's code.
struct Chunk {
  var type: String
  var data: [UInt8]
}

enum Chunks {
  /// Splits a PNG (after its 8-byte signature) into chunks; stops at the end of the bytes.
  static func parse(_ bytes: [UInt8]) -> [Chunk] {
    var chunks: [Chunk] = []
    var offset = 8
    while offset + 12 <= bytes.count {
      let length = Int(bigEndian32(bytes, offset))
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      guard offset + 12 + length <= bytes.count else { break }
      chunks.append(Chunk(type: type, data: Array(bytes[(offset + 8)..<(offset + 8 + length)])))
      offset += 12 + length
    }
    return chunks
  }

  /// Reassembles a PNG from chunks, computing each CRC.
  static func build(_ chunks: [Chunk]) -> [UInt8] {
    var out: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    for chunk in chunks {
      appendBigEndian32(&out, UInt32(chunk.data.count))
      let body = Array(chunk.type.utf8) + chunk.data
      out += body
      appendBigEndian32(&out, CRC32.checksum(body))
    }
    return out
  }

  static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
      | UInt32(bytes[offset + 3])
  }

  static func appendBigEndian32(_ out: inout [UInt8], _ value: UInt32) {
    out += [UInt8(value >> 24), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)]
  }
}
