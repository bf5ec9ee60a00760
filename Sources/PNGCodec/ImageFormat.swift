/// The kinds of image file an asset tree holds, each recognised by its first bytes.
///
/// This is the one place in IconGrid that tells formats apart: every command names a
/// file's format with ``sniff(_:pathExtension:)``, never by its extension alone, so a
/// WebP file saved as `.png` is called "WebP data in a .png file" rather than a broken PNG.
///
/// ```swift
/// let format = try ImageFormat.sniff(contentsOf: "Icon.pdf")   // .pdf
/// format?.description                                          // "a PDF (vector)"
/// ```
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// A PNG file.
  case png
  /// An Apple "iPhone-optimized" PNG (a `CgBI` chunk first, BGRA premultiplied pixels).
  case cgbi
  /// A JPEG (JFIF or EXIF) file.
  case jpeg
  /// A WebP file (lossy, lossless or animated).
  case webp
  /// A HEIF file holding HEVC images (`.heic`, `.heif`).
  case heic
  /// A HEIF file holding AV1 images (`.avif`).
  case avif
  /// A GIF file (its first frame is the image).
  case gif
  /// A PDF document (its first page is the image, as Xcode uses it).
  case pdf
  /// An SVG document, plain or gzip-compressed (`.svgz`).
  case svg

  /// How many leading bytes ``sniff(_:pathExtension:)`` looks at, at most.
  public static let sniffLength = 4_096

  /// Whether the format is drawn by rendering at a requested size rather than decoded.
  public var isVector: Bool { self == .pdf || self == .svg }

  /// The format's usual name: "PNG", "CgBI PNG", "JPEG", "WebP", "HEIC", "AVIF", "GIF",
  /// "PDF", "SVG".
  public var name: String {
    switch self {
    case .png: "PNG"
    case .cgbi: "CgBI PNG"
    case .jpeg: "JPEG"
    case .webp: "WebP"
    case .heic: "HEIC"
    case .avif: "AVIF"
    case .gif: "GIF"
    case .pdf: "PDF"
    case .svg: "SVG"
    }
  }

  /// The format as a message names it: "a PNG", "a JPEG", "a PDF (vector)".
  public var description: String {
    let article = self == .avif ? "an" : "a"
    return "\(article) \(name)\(isVector ? " (vector)" : "")"
  }

  /// The file name extensions the format is saved under, lowercase, the usual one first.
  public var pathExtensions: [String] {
    switch self {
    case .png, .cgbi: ["png"]
    case .jpeg: ["jpg", "jpeg"]
    case .webp: ["webp"]
    case .heic: ["heic", "heif"]
    case .avif: ["avif"]
    case .gif: ["gif"]
    case .pdf: ["pdf"]
    case .svg: ["svg", "svgz"]
    }
  }

  /// The format a file name's extension promises, or `nil` for an extension no format
  /// uses. Case does not matter; `png` promises ``png`` (CgBI files are `.png` too).
  ///
  /// - Parameter pathExtension: the extension, without its dot.
  /// - Returns: the promised format.
  public static func promised(byExtension pathExtension: String) -> ImageFormat? {
    let lower = pathExtension.lowercased()
    return allCases.first { $0 != .cgbi && $0.pathExtensions.contains(lower) }
  }

  /// The format of an image from its first bytes, or `nil` when they are no image format
  /// IconGrid knows.
  ///
  /// Gzip-compressed data is an SVG only when the extension is `svgz` (the bytes alone
  /// cannot say what was compressed). Text is an SVG when its first element is `svg`,
  /// after an optional byte order mark, XML declaration, comments and doctype.
  ///
  /// - Parameters:
  ///   - bytes: the file's first bytes (``sniffLength`` are enough; fewer are fine).
  ///   - pathExtension: the file's extension, used only for gzip data.
  /// - Returns: the format, or `nil`.
  public static func sniff(_ bytes: some Collection<UInt8>, pathExtension: String = "") -> ImageFormat? {
    let head = Array(bytes.prefix(sniffLength))
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
    }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      return starts(Array("CgBI".utf8), at: 12) ? .cgbi : .png
    }
    if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
    if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
    if starts(Array("ftyp".utf8), at: 4) { return isoMediaFormat(head) }
    if starts([0x1F, 0x8B]) { return pathExtension.lowercased() == "svgz" ? .svg : nil }
    // PDF readers accept the header anywhere in the first kilobyte.
    if find(Array("%PDF-".utf8), in: head.prefix(1_024)) { return .pdf }
    if isSVGText(head) { return .svg }
    return nil
  }

  /// The format of the file at `path`, from its first bytes.
  ///
  /// - Parameter path: the file.
  /// - Returns: the format, or `nil` when the bytes are no format IconGrid knows.
  /// - Throws: ``PNGError`` (``PNGError/Code/notFound`` or ``PNGError/Code/io``) when
  ///   the file cannot be read.
  public static func sniff(contentsOf path: String) throws -> ImageFormat? {
    let head = try FileIO.readPrefix(path, count: sniffLength)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let ext = name.split(separator: ".", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    return sniff(head, pathExtension: name.contains(".") ? ext : "")
  }

  /// What is wrong when a file's bytes are not the format its extension promises, in
  /// words for a message ("WebP data in a .png file"), or `nil` when they agree.
  ///
  /// A CgBI file agrees with `.png`; an unknown extension agrees with any format.
  ///
  /// - Parameters:
  ///   - format: the sniffed format, `nil` for bytes of no known format.
  ///   - pathExtension: the file's extension, without its dot.
  /// - Returns: the mismatch in words, or `nil`.
  public static func mismatch(_ format: ImageFormat?, pathExtension: String) -> String? {
    guard let promised = promised(byExtension: pathExtension) else { return nil }
    guard let format else { return "not \(promised.description): its bytes are no image format" }
    if format == promised || (format == .cgbi && promised == .png) { return nil }
    return "\(format.name) data in a .\(pathExtension) file"
  }

  private static func isoMediaFormat(_ head: [UInt8]) -> ImageFormat? {
    guard head.count >= 12 else { return nil }
    let boxSize = head[0..<4].reduce(0) { $0 << 8 | Int($1) }
    var brands = [String(decoding: head[8..<12], as: UTF8.self)]
    var offset = 16
    while offset + 4 <= min(head.count, max(boxSize, 16)) {
      brands.append(String(decoding: head[offset..<offset + 4], as: UTF8.self))
      offset += 4
    }
    if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return .avif }
    let heif: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]
    return brands.contains(where: heif.contains) ? .heic : nil
  }

  private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Bool {
    guard haystack.count >= needle.count else { return false }
    var index = haystack.startIndex
    while index + needle.count <= haystack.endIndex {
      if haystack[index] == needle[0] && Array(haystack[index..<index + needle.count]) == needle {
        return true
      }
      index += 1
    }
    return false
  }

  /// Whether `head` is XML text whose first element is `svg` (with or without a prefix).
  private static func isSVGText(_ head: [UInt8]) -> Bool {
    var index = starts(head, [0xEF, 0xBB, 0xBF]) ? 3 : 0
    func skipSpace() {
      while index < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[index]) { index += 1 }
    }
    func skip(past terminator: [UInt8]) -> Bool {
      while index + terminator.count <= head.count {
        if Array(head[index..<index + terminator.count]) == terminator {
          index += terminator.count
          return true
        }
        index += 1
      }
      return false
    }
    while true {
      skipSpace()
      guard index < head.count, head[index] == UInt8(ascii: "<") else { return false }
      let rest = head[index...]
      if starts(rest, Array("<?".utf8)) {
        guard skip(past: Array("?>".utf8)) else { return false }
      } else if starts(rest, Array("<!--".utf8)) {
        guard skip(past: Array("-->".utf8)) else { return false }
      } else if starts(rest, Array("<!".utf8)) {
        // A doctype, possibly with an internal subset in brackets.
        var depth = 0
        while index < head.count {
          let byte = head[index]
          index += 1
          if byte == UInt8(ascii: "[") { depth += 1 }
          if byte == UInt8(ascii: "]") { depth -= 1 }
          if byte == UInt8(ascii: ">") && depth <= 0 { break }
        }
      } else {
        index += 1
        var nameEnd = index
        while nameEnd < head.count, !" \t\r\n/>".utf8.contains(head[nameEnd]) { nameEnd += 1 }
        let name = String(decoding: head[index..<nameEnd], as: UTF8.self)
        return name == "svg" || name.hasSuffix(":svg")
      }
    }
  }

  private static func starts(_ bytes: some Collection<UInt8>, _ prefix: [UInt8]) -> Bool {
    bytes.count >= prefix.count && zip(bytes, prefix).allSatisfy { $0 == $1 }
  }
}
