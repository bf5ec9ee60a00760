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

  /// The format as a message names it: "a PNG", "a JPEG", "a PDF (vector)", "an SVG (vector)".
  public var description: String {
    // The article follows the name as it is spoken: "an AVIF", "an SVG" ("ess-vee-gee").
    let article = self == .avif || self == .svg ? "an" : "a"
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
  /// cannot say what was compressed). Text (UTF-8, or UTF-16 with a byte order mark) is an
  /// SVG when its first element is `svg` or `prefix:svg`, after an optional byte order
  /// mark, XML declaration, processing instructions, comments and doctype (internal subset
  /// included). HEIF files are told apart by their `ftyp` brands: AV1 (`avif`, `avis`) is
  /// ``avif``; HEVC or a generic HEIF brand (`mif1`, `msf1`) is ``heic``.
  ///
  /// - Parameters:
  ///   - bytes: the file's first bytes (``sniffLength`` are enough; fewer are fine).
  ///   - pathExtension: the file's extension, used only for gzip data.
  /// - Returns: the format, or `nil`.
  public static func sniff(_ bytes: some Collection<UInt8>, pathExtension: String = "") -> ImageFormat? {
    let head = Array(bytes.prefix(sniffLength))
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + prefix.count && head[offset..<offset + prefix.count].elementsEqual(prefix)
    }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      return starts(Array("CgBI".utf8), at: 12) ? .cgbi : .png
    }
    if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
    if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
    if starts(Array("ftyp".utf8), at: 4) { return isoMediaFormat(head) }
    if starts([0x1F, 0x8B]) { return pathExtension.lowercased() == "svgz" ? .svg : nil }
    // SVG before PDF: an SVG may mention "%PDF-" in a comment; a PDF never starts with
    // XML markup whose first element is `svg`.
    if isSVGText(utf8Text(head)) { return .svg }
    // PDF readers accept the header anywhere in the first kilobyte.
    if find(Array("%PDF-".utf8), in: head.prefix(1_024)) { return .pdf }
    return nil
  }

  /// The format of the file at `path`, from its first bytes.
  ///
  /// - Parameter path: the file.
  /// - Returns: the format, or `nil` when the bytes are no format IconGrid knows.
  /// - Throws: ``ImageError`` (``ImageError/Code/notFound`` or ``ImageError/Code/io``) when
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
    guard let format else {
      return "not \(promised.description): its bytes are no image format IconGrid knows"
    }
    if format == promised || (format == .cgbi && promised == .png) { return nil }
    return "\(format.name) data in a .\(pathExtension) file"
  }

  /// The format of an ISO media file (HEIF, AVIF) from its `ftyp` box: a major brand
  /// that names a codec decides; otherwise the compatible brands do (`mif1` names none).
  private static func isoMediaFormat(_ head: [UInt8]) -> ImageFormat? {
    guard head.count >= 12 else { return nil }
    let size32 = head[0..<4].reduce(0) { $0 << 8 | Int($1) }
    // Size 1: a 64-bit size follows the type; size 0: the box runs to the end of the file.
    let headerLength = size32 == 1 ? 16 : 8
    guard head.count >= headerLength + 4 else { return nil }
    let boxSize =
      size32 == 1
      ? head[8..<16].reduce(0) { $0 > Int.max >> 8 ? Int.max : $0 << 8 | Int($1) }
      : size32 == 0 ? head.count : size32
    func brand(at offset: Int) -> String { String(decoding: head[offset..<offset + 4], as: UTF8.self) }
    let major = brand(at: headerLength)
    var compatible: [String] = []
    // Major brand, minor version, then the compatible brands to the end of the box.
    var offset = headerLength + 8
    while offset + 4 <= min(head.count, boxSize) {
      compatible.append(brand(at: offset))
      offset += 4
    }
    let avif: Set<String> = ["avif", "avis"]
    let heif: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis"]
    if avif.contains(major) { return .avif }
    if heif.contains(major) { return .heic }
    if compatible.contains(where: avif.contains) { return .avif }
    if compatible.contains(where: heif.contains) { return .heic }
    // A generic HEIF brand alone (still images `mif1`, sequences `msf1`) is HEIF with
    // codecs unnamed: decoded through libheif like HEIC.
    let generic: Set<String> = ["mif1", "msf1"]
    return generic.contains(major) || compatible.contains(where: generic.contains) ? .heic : nil
  }

  /// UTF-16 text (with its byte order mark) as the UTF-8 the SVG test reads; other bytes
  /// unchanged. Only ASCII matters to the test, so other characters become `?`.
  private static func utf8Text(_ head: [UInt8]) -> [UInt8] {
    guard head.count >= 2 else { return head }
    let littleEndian: Bool
    switch (head[0], head[1]) {
    case (0xFF, 0xFE): littleEndian = true
    case (0xFE, 0xFF): littleEndian = false
    default: return head
    }
    var text: [UInt8] = []
    text.reserveCapacity(head.count / 2)
    var index = 2
    while index + 1 < head.count {
      let (low, high) = littleEndian ? (head[index], head[index + 1]) : (head[index + 1], head[index])
      text.append(high == 0 && low < 0x80 ? low : UInt8(ascii: "?"))
      index += 2
    }
    return text
  }

  private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Bool {
    guard haystack.count >= needle.count else { return false }
    var index = haystack.startIndex
    while index + needle.count <= haystack.endIndex {
      if haystack[index] == needle[0] && haystack[index..<index + needle.count].elementsEqual(needle) {
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
        if head[index..<index + terminator.count].elementsEqual(terminator) {
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
        // A doctype, possibly with an internal subset in brackets; brackets and `>` inside
        // quoted literals (public identifiers, entity values) do not count.
        var depth = 0
        var quote: UInt8?
        var closed = false
        index += 2
        while index < head.count {
          let byte = head[index]
          index += 1
          if let open = quote {
            if byte == open { quote = nil }
          } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            quote = byte
          } else if byte == UInt8(ascii: "[") {
            depth += 1
          } else if byte == UInt8(ascii: "]") {
            depth -= 1
          } else if byte == UInt8(ascii: ">") && depth <= 0 {
            closed = true
            break
          }
        }
        guard closed else { return false }
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
