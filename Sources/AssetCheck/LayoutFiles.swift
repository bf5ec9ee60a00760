import IconGridSupport
import PNGCodec

/// What the layout rules read of one image file: its length, its format by its bytes, and
/// its pixel size where the format's header says it (PNG, JPEG, WebP, GIF).
struct LayoutImage: Sendable, Hashable {
  /// The file's length in bytes.
  var byteCount: Int
  /// The format its first bytes are; `nil` for bytes no format IconGrid knows.
  var format: ImageFormat?
  /// Width and height in pixels; `nil` when the header does not say or cannot be read.
  var size: PixelSize?

  /// A size in pixels.
  struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    var width: Int
    var height: Int
    var description: String { "\(width)×\(height)" }
  }

  /// How many bytes of a file are read for its format and size: a JPEG's frame header can
  /// follow large metadata segments.
  static let headLength = 64 * 1_024

  /// Reads the file at `path`; `nil` when it cannot be opened.
  static func read(_ path: String) -> LayoutImage? {
    guard let head = try? FileIO.readPrefix(path, count: headLength) else { return nil }
    let length = FileSystem.stamp(path).map { Int($0.size) } ?? head.count
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let format = ImageFormat.sniff(head, pathExtension: extensionOf(name))
    return LayoutImage(byteCount: length, format: format, size: pixelSize(head, format: format))
  }

  /// The pixel size a header states.
  static func pixelSize(_ head: [UInt8], format: ImageFormat?) -> PixelSize? {
    switch format {
    case .png, .cgbi:
      return (try? PNGHeader.probe(head)).map { PixelSize(width: $0.width, height: $0.height) }
    case .jpeg: return jpegSize(head)
    case .webp: return webpSize(head)
    case .gif:
      guard head.count >= 10 else { return nil }
      return PixelSize(width: Int(head[6]) | Int(head[7]) << 8, height: Int(head[8]) | Int(head[9]) << 8)
    default: return nil
    }
  }

  /// The size in a JPEG's first start-of-frame segment.
  static func jpegSize(_ bytes: [UInt8]) -> PixelSize? {
    var index = 2
    while index + 9 < bytes.count {
      guard bytes[index] == 0xFF else { return nil }
      let marker = bytes[index + 1]
      if marker == 0xFF {
        index += 1
        continue
      }
      let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
      // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
      if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
        let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
        let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
        return PixelSize(width: width, height: height)
      }
      guard length >= 2 else { return nil }
      index += 2 + length
    }
    return nil
  }

  /// The canvas size of a WebP file (simple lossy, lossless or extended).
  static func webpSize(_ bytes: [UInt8]) -> PixelSize? {
    guard bytes.count >= 30 else { return nil }
    let chunk = String(decoding: bytes[12..<16], as: UTF8.self)
    func little(_ at: Int, _ count: Int) -> Int {
      (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
    }
    switch chunk {
    case "VP8X": return PixelSize(width: little(24, 3) + 1, height: little(27, 3) + 1)
    case "VP8L":
      guard bytes[20] == 0x2F else { return nil }
      let bits = little(21, 4)
      return PixelSize(width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
    case "VP8 ":
      guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
      return PixelSize(width: little(26, 2) & 0x3FFF, height: little(28, 2) & 0x3FFF)
    default: return nil
    }
  }

  /// The part of a file name after its last dot (`""` when there is none).
  static func extensionOf(_ name: String) -> String {
    guard let dot = name.lastIndex(of: ".") else { return "" }
    return String(name[name.index(after: dot)...])
  }
}

/// A file's whole bytes, for comparing candidate copies; `nil` when it cannot be read.
func layoutFileBytes(_ path: String) -> [UInt8]? {
  try? FileIO.readAll(path, limit: DecodingLimits.default.maxInputBytes)
}

/// Whether `path` is a file (not a folder) that exists.
func isLayoutFile(_ path: String) -> Bool {
  FileSystem.stamp(path) != nil && !FileSystem.isDirectory(path)
}
