import ImageCore

/// What a file's bytes say without decoding them: its format, the PNG header, where IEND
/// is, the chunks a check asks about, and what is wrong — one walk of the chunk list.
///
/// Inspection never throws for bad data: what is wrong is in ``errors``, so a check can
/// report it beside the rest. It works on the whole file or on its first bytes; with a
/// head only, the answers about later chunks (``iendOffset``, ``hasTransparencyChunk`` …)
/// cover the chunks the head holds, and a missing IEND is not an error.
///
/// ```swift
/// let inspection = try PNGInspection.inspect(contentsOf: "icon@2x.png")
/// if let problem = inspection.problem { print(problem.message) }
/// if inspection.trailingByteCount ?? 0 > 0 { print("bytes after IEND") }
/// ```
///
/// Lengths are checked for every chunk and IHDR's CRC is verified; the CRCs of other
/// chunks are left to decoding (libpng checks them as it reads), which keeps inspecting a
/// catalog of icons as cheap as reading their heads.
///
/// - Complexity: O(number of chunks); no pixel data is read.
public struct PNGInspection: Sendable, Hashable {
  /// What else than a PNG a file can be that IconGrid names but does not decode.
  package enum OtherContent: Sendable, Hashable {
    /// A Git LFS pointer: the image was never fetched.
    case gitLFSPointer
    /// A Windows icon (`.ico`).
    case ico
    /// XML other than SVG (an Android vector drawable, a plist).
    case xml
  }

  /// The format of the bytes (``ImageFormat/sniff(_:pathExtension:)``), `nil` for none
  /// IconGrid knows.
  public var format: ImageFormat?
  /// The header, when the bytes start with a valid PNG signature and IHDR.
  public var header: PNGHeader?
  /// How many bytes were inspected.
  public var byteCount: Int
  /// Whether the bytes inspected are the whole file.
  public var isWholeFile: Bool
  /// Where the IEND chunk starts, when the bytes hold it.
  public var iendOffset: Int?
  /// Bytes after IEND (a device ignores them), when the whole file was inspected and
  /// holds IEND.
  public var trailingByteCount: Int?
  /// gAMA, cHRM, sRGB and iCCP chunks, in file order, as their type names.
  public var colorChunks: [String]
  /// Whether a `tRNS` chunk precedes the first IDAT (where it must be to count).
  public var hasTransparencyChunk: Bool
  /// Whether an `acTL` chunk makes the file an animated PNG.
  public var isAnimated: Bool
  /// What is wrong, most important first: a bad signature or header (then nothing else is
  /// read), chunks that run past the end, a whole file without IEND.
  public var errors: [ImageError]
  /// For non-PNG bytes of no image format: what else they are, when known.
  package var otherContent: OtherContent?

  /// Whether the file is an Apple CgBI PNG.
  public var isCgBI: Bool { header?.isCgBI ?? (format == .cgbi) }

  /// Inspects a file's bytes, or its first bytes.
  ///
  /// - Parameters:
  ///   - bytes: the file, or its first bytes.
  ///   - isWholeFile: whether `bytes` is the whole file: only then is a missing IEND an
  ///     error, and ``trailingByteCount`` known.
  public init(_ bytes: [UInt8], isWholeFile: Bool = true) {
    byteCount = bytes.count
    self.isWholeFile = isWholeFile
    colorChunks = []
    hasTransparencyChunk = false
    isAnimated = false
    errors = []
    bytes.withUnsafeBytes { raw in walk(raw) }
    // A valid header already says PNG or CgBI; only other bytes need the sniffer.
    if let header {
      format = header.isCgBI ? .cgbi : .png
    } else {
      format = ImageFormat.sniff(bytes)
      if format == nil { otherContent = Self.otherContent(bytes) }
    }
  }

  /// Inspects the file at `path`, reading all of it.
  ///
  /// - Parameters:
  ///   - path: the file.
  ///   - limits: files longer than `limits.maxInputBytes` are refused before reading.
  /// - Returns: the inspection; what is wrong with the bytes is in its ``errors``, with
  ///   the path.
  /// - Throws: ``ImageError`` (``ImageError/Code/notFound``, ``ImageError/Code/io`` or
  ///   ``ImageError/Code/limitExceeded``) when the file cannot be read.
  public static func inspect(contentsOf path: String, limits: DecodingLimits = .default) throws
    -> PNGInspection
  {
    var inspection = PNGInspection(try FileIO.readAll(path, limit: limits.maxInputBytes))
    inspection.errors = inspection.errors.map { $0.at(path) }
    return inspection
  }

  /// The first error, the one a report names.
  public var problem: ImageError? { errors.first }

  private mutating func walk(_ raw: UnsafeRawBufferPointer) {
    let ihdrOffset: Int
    do {
      (header, ihdrOffset) = try PNGHeader.parse(raw)
    } catch {
      errors.append(ImageError.from(error))
      return
    }
    var reader = ChunkReader(raw, from: ihdrOffset)
    var sawIDAT = false
    while let chunk = reader.next() {
      switch chunk.type {
      case ChunkType.idat: sawIDAT = true
      case ChunkType.trns where !sawIDAT: hasTransparencyChunk = true
      case ChunkType.actl: isAnimated = true
      case let type where ChunkType.color.contains(type):
        colorChunks.append(chunkType(raw, at: chunk.offset))
      case ChunkType.iend:
        iendOffset = chunk.offset
        if isWholeFile { trailingByteCount = raw.count - chunk.end }
        return
      default: break
      }
    }
    guard isWholeFile else { return }
    errors.append(
      ImageError(.truncated, "truncated: the file ends after \(raw.count) bytes, before its IEND chunk"))
  }

  private static func otherContent(_ bytes: [UInt8]) -> OtherContent? {
    func starts(_ magic: [UInt8]) -> Bool {
      bytes.count >= magic.count && bytes[..<magic.count].elementsEqual(magic)
    }
    if starts(Array("version https://git-lfs".utf8)) { return .gitLFSPointer }
    if starts([0x00, 0x00, 0x01, 0x00]) { return .ico }
    if starts(Array("<?xml".utf8)) || starts([0xEF, 0xBB, 0xBF] + Array("<?xml".utf8)) { return .xml }
    return nil
  }
}
