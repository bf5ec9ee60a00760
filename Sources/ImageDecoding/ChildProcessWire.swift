import ImageCore

/// The bytes a parent and its child process exchange: a request (the work, the size, the
/// limits, then the file) and a reply (a fixed header, the texts, then exactly
/// `width × height × 4` bytes of pixels). Little-endian throughout.
enum ChildProcessWire {
  static let requestMagic: UInt32 = 0x3151_4749  // "IGQ1"
  static let replyMagic: UInt32 = 0x3152_4749  // "IGR1"
  /// The request's fixed part: magic, work, size kind, scale, width, height, box, four
  /// limits, extension length, file length.
  static let requestHeaderLength = 4 + 4 + 4 + 8 * 8 + 4 + 8
  /// The reply's fixed part: magic, status, width, height, point width and height, and the
  /// lengths of the error code, reason, library words and glyph.
  static let replyHeaderLength = 4 * 4 + 8 * 2 + 4 * 4
  /// The most bytes of any one text of a reply.
  static let maxTextLength = 4_096

  /// What the child is asked to do.
  enum Work: UInt32 {
    /// Decode or render the file.
    case decode = 0
    /// Spin without end (tests the CPU limit).
    case spinForTesting = 1
    /// Allocate until memory runs out (tests the address-space limit).
    case exhaustMemoryForTesting = 2
  }

  /// A request without its file bytes.
  struct Request: Equatable {
    var work: Work
    var size: RenderSize
    var box: Int?
    var limits: DecodingLimits
    var pathExtension: String
    var byteCount: Int

    func encoded() -> [UInt8] {
      var out = Writer()
      out.u32(ChildProcessWire.requestMagic)
      out.u32(work.rawValue)
      switch size {
      case .scale(let scale):
        out.u32(0)
        out.u64(scale.bitPattern)
        out.i64(0)
        out.i64(0)
      case .pixels(let width, let height):
        out.u32(1)
        out.u64(0)
        out.i64(width)
        out.i64(height)
      }
      out.i64(box ?? -1)
      for limit in [limits.maxWidth, limits.maxHeight, limits.maxPixels, limits.maxInputBytes] {
        out.i64(limit)
      }
      let ext = Array(pathExtension.utf8.prefix(ChildProcessWire.maxTextLength))
      out.u32(UInt32(ext.count))
      out.u64(UInt64(byteCount))
      out.bytes += ext
      return out.bytes
    }

    /// The fixed part read back; `nil` when it is not a request. The extension follows it.
    static func decoded(_ bytes: [UInt8]) -> (Request, extensionLength: Int)? {
      var input = Reader(bytes)
      guard input.u32() == ChildProcessWire.requestMagic,
        let work = input.u32().flatMap(Work.init(rawValue:)),
        let kind = input.u32(), let scale = input.u64(), let width = input.i64(), let height = input.i64(),
        let box = input.i64(), let maxWidth = input.i64(), let maxHeight = input.i64(),
        let maxPixels = input.i64(), let maxInputBytes = input.i64(), let extLength = input.u32(),
        let count = input.u64(), extLength <= ChildProcessWire.maxTextLength, maxInputBytes > 0,
        count <= UInt64(maxInputBytes)
      else { return nil }
      let size: RenderSize =
        kind == 0 ? .scale(Double(bitPattern: scale)) : .pixels(width: width, height: height)
      let limits = DecodingLimits(
        maxWidth: maxWidth, maxHeight: maxHeight, maxPixels: maxPixels, maxInputBytes: maxInputBytes)
      let request = Request(
        work: work, size: size, box: box < 0 ? nil : box, limits: limits, pathExtension: "",
        byteCount: Int(count))
      return (request, Int(extLength))
    }
  }

  /// A reply's fixed header.
  struct ReplyHeader: Equatable {
    var succeeded: Bool
    var width: Int
    var height: Int
    var pointSize: PointDimensions?
    var textLengths: [Int]  // code, reason, underlying, glyph

    var textLength: Int { textLengths.reduce(0, +) }

    /// The header read back; `nil` when it is not one or a length is out of bounds.
    static func decoded(_ bytes: [UInt8]) -> ReplyHeader? {
      var input = Reader(bytes)
      guard input.u32() == ChildProcessWire.replyMagic, let status = input.u32(), status <= 1,
        let width = input.u32(), let height = input.u32(), let pointWidth = input.u64(),
        let pointHeight = input.u64()
      else { return nil }
      var lengths: [Int] = []
      for _ in 0..<4 {
        guard let length = input.u32(), length <= ChildProcessWire.maxTextLength else { return nil }
        lengths.append(Int(length))
      }
      let points = PointDimensions(
        width: Double(bitPattern: pointWidth), height: Double(bitPattern: pointHeight))
      return ReplyHeader(
        succeeded: status == 0, width: Int(width), height: Int(height),
        pointSize: points.width.isNaN ? nil : points, textLengths: lengths)
    }
  }

  /// A whole reply: the header, the texts, then the pixels.
  static func reply(_ result: Result<DecodedImage, ImageError>) -> [UInt8] {
    var out = Writer()
    let texts: [String]
    let image = try? result.get()
    switch result {
    case .success(let image): texts = ["", "", "", image.glyph ?? ""]
    case .failure(let error):
      texts = [error.code.description, error.reason, error.underlying ?? "", ""]
    }
    let encoded = texts.map { Array($0.utf8.prefix(maxTextLength)) }
    out.u32(replyMagic)
    out.u32(image == nil ? 1 : 0)
    out.u32(UInt32(image?.bitmap.width ?? 0))
    out.u32(UInt32(image?.bitmap.height ?? 0))
    out.u64((image?.pointSize?.width ?? .nan).bitPattern)
    out.u64((image?.pointSize?.height ?? .nan).bitPattern)
    for text in encoded { out.u32(UInt32(text.count)) }
    for text in encoded { out.bytes += text }
    if let image { out.bytes += image.bitmap.pixels }
    return out.bytes
  }

  struct Writer {
    var bytes: [UInt8] = []
    mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func i64(_ value: Int) { u64(UInt64(bitPattern: Int64(value))) }
  }

  struct Reader {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func u32() -> UInt32? { read(4).map { UInt32(truncatingIfNeeded: $0) } }
    mutating func u64() -> UInt64? { read(8) }
    mutating func i64() -> Int? { read(8).map { Int(Int64(bitPattern: $0)) } }

    private mutating func read(_ count: Int) -> UInt64? {
      guard offset + count <= bytes.count else { return nil }
      var value: UInt64 = 0
      for index in 0..<count { value |= UInt64(bytes[offset + index]) << (8 * index) }
      offset += count
      return value
    }
  }
}
