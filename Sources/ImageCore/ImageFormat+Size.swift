import IconGridSupport

extension ImageFormat {
  /// How many leading bytes ``pixelSize(ofHead:format:)`` may need: a JPEG's frame header
  /// can follow large metadata segments (EXIF thumbnails, ICC profiles).
  public static let sizeHeadLength = 64 * 1_024

  /// The width and height in pixels a raster file's header states, read from its first
  /// bytes without decoding; `nil` when the header does not say (HEIF keeps its size in a
  /// box the libraries read, vectors have no pixel size) or the bytes are cut short.
  ///
  /// PNG and CgBI: IHDR. JPEG: the first start-of-frame segment (before EXIF orientation
  /// is applied). WebP: the canvas of a simple lossy, lossless or extended file. GIF: the
  /// logical screen.
  ///
  /// - Parameters:
  ///   - head: the file's first bytes (``sizeHeadLength`` are enough).
  ///   - format: the format ``sniff(_:pathExtension:)`` found in them.
  /// - Returns: the size, or `nil`.
  public static func pixelSize(ofHead head: [UInt8], format: ImageFormat?) -> (width: Int, height: Int)? {
    switch format {
    case .png, .cgbi: return pngSize(head)
    case .jpeg: return JPEGFrameHeader.read(head).map { ($0.width, $0.height) }
    case .webp: return webpCanvasSize(head)
    case .gif:
      guard head.count >= 10 else { return nil }
      return (Int(head[6]) | Int(head[7]) << 8, Int(head[8]) | Int(head[9]) << 8)
    default: return nil
    }
  }

  /// IHDR's size, after the signature and an Apple CgBI chunk; `nil` when IHDR is cut
  /// short, damaged (its CRC does not match) or states no pixels. The codec's `PNGHeader`
  /// checks the rest of IHDR; a size is all a header read needs here.
  private static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    func word(_ at: Int) -> Int { (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }
    var offset = 8
    guard bytes.count >= offset + 8 else { return nil }
    // Apple's CgBI chunk holds 4 bytes; the codec accepts up to 64.
    if bytes[(offset + 4)..<(offset + 8)].elementsEqual("CgBI".utf8) {
      let length = word(offset)
      guard length <= 64 else { return nil }
      offset += 12 + length
    }
    guard bytes.count >= offset + 25, word(offset) == 13,
      bytes[(offset + 4)..<(offset + 8)].elementsEqual("IHDR".utf8),
      UInt32(word(offset + 21)) == CRC32.checksum(bytes[(offset + 4)..<(offset + 21)])
    else { return nil }
    let width = word(offset + 8)
    let height = word(offset + 12)
    guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else { return nil }
    return (width, height)
  }

  private static func webpCanvasSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    guard bytes.count >= 30 else { return nil }
    func little(_ at: Int, _ count: Int) -> Int {
      (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
    }
    switch String(decoding: bytes[12..<16], as: UTF8.self) {
    case "VP8X": return (little(24, 3) + 1, little(27, 3) + 1)
    case "VP8L":
      guard bytes[20] == 0x2F else { return nil }
      let bits = little(21, 4)
      return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
    case "VP8 ":
      guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
      return (little(26, 2) & 0x3FFF, little(28, 2) & 0x3FFF)
    default: return nil
    }
  }
}
