internal import CRsvg
import ImageCore

/// A pass over a PDF's bytes before poppler opens it, bounding what a render can cost.
///
/// poppler's GLib interface cannot cancel a render once `poppler_page_render` starts, so
/// the work is bounded before: every stream of the file (not only page 1's: a stream's
/// page is not known without resolving the page tree) is found by its `stream` keyword,
/// and its dictionary read for `/Length`, `/Filter`, `/Subtype`, `/Width` and `/Height`.
/// Streams that are not images or fonts are inflated, no further than the
/// ``VectorLimits/maxPDFStreamBytes`` budget, and their operators counted with a
/// tokenizer; images are bounded by ``VectorLimits/maxImagePixels`` from their dictionaries
/// (and a JBIG2 stream from its page information segment) without decoding them. Every
/// object number the file declares is bounded by ``VectorLimits/maxPDFObjects`` first:
/// poppler sizes its cross-reference table by the largest one.
enum PDFPreflight {
  /// What the file holds, as counted.
  struct Tally: Equatable {
    /// The bytes of every non-image stream, decompressed.
    var streamBytes = 0
    /// The operators of those streams (an upper bound: every keyword counts).
    var operators = 0
    /// The most pixels of one image XObject.
    var largestImage = 0
  }

  /// Counts `bytes` and checks the counts against `limits`.
  ///
  /// - Throws: ``ImageError/Code/limitExceeded`` naming the budget: streams that inflate
  ///   beyond ``VectorLimits/maxPDFStreamBytes``, more operators than
  ///   ``VectorLimits/maxPDFOperators``, an image beyond ``VectorLimits/maxImagePixels``,
  ///   an object number beyond ``VectorLimits/maxPDFObjects``.
  @discardableResult
  static func check(_ bytes: [UInt8], limits: VectorLimits) throws -> Tally {
    var tally = Tally()
    try bytes.withUnsafeBufferPointer { buffer in
      let objects = ObjectNumbers.tableLength(buffer)
      guard objects <= limits.maxPDFObjects else {
        throw ImageError(
          .limitExceeded,
          "the PDF declares a cross-reference table of \(objects) objects, which poppler would allocate whole; the budget is \(limits.maxPDFObjects) objects (maxPDFObjects)"
        )
      }
      var cursor = 0
      while let keyword = find("stream", in: buffer, from: cursor) {
        cursor = keyword + 6
        guard
          !(keyword >= 3 && buffer[keyword - 3] == 0x65 && buffer[keyword - 2] == 0x6E
            && buffer[keyword - 1] == 0x64), cursor < buffer.count,
          buffer[cursor] == 0x0A || buffer[cursor] == 0x0D
        else { continue }
        var start = cursor + 1
        if buffer[cursor] == 0x0D, start < buffer.count, buffer[start] == 0x0A { start += 1 }
        let dictionary = StreamDictionary(buffer, before: keyword)
        let end: Int
        if let length = dictionary.integer("Length"), length >= 0, length <= buffer.count - start {
          end = start + length
        } else {
          end = find("endstream", in: buffer, from: start) ?? buffer.count
        }
        let data = UnsafeBufferPointer(rebasing: buffer[start..<end])
        cursor = end
        try checkStream(dictionary, data, limits: limits, tally: &tally)
      }
    }
    return tally
  }

  /// Throws unless a page of `width` × `height` points is within ``VectorLimits/maxPageSide``.
  static func checkPage(width: Double, height: Double, limits: VectorLimits) throws {
    guard width <= Double(limits.maxPageSide) && height <= Double(limits.maxPageSide) else {
      throw ImageError(
        .limitExceeded,
        "the PDF's first page is \(Int(min(width, 1e12)))×\(Int(min(height, 1e12))) pt; the budget is \(limits.maxPageSide) pt a side (maxPageSide)"
      )
    }
  }

  private static func checkStream(
    _ dictionary: StreamDictionary, _ data: UnsafeBufferPointer<UInt8>, limits: VectorLimits,
    tally: inout Tally
  ) throws {
    if dictionary.has("/Image") || dictionary.integer("Width") != nil && dictionary.integer("Height") != nil {
      var (width, height) = (dictionary.integer("Width") ?? 0, dictionary.integer("Height") ?? 0)
      if dictionary.has("/JBIG2Decode"), let page = jbig2Page(data) {
        (width, height) = (max(width, page.width), max(height, page.height))
      }
      let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
      guard !overflow && pixels <= limits.maxImagePixels else {
        throw ImageError(
          .limitExceeded,
          "the PDF holds an image of \(width)×\(height) pixels; the budget is \(limits.maxImagePixels) pixels (maxImagePixels)"
        )
      }
      tally.largestImage = max(tally.largestImage, pixels)
      return
    }
    let countsOperators =
      !(dictionary.has("Length1") || dictionary.has("Length2") || dictionary.has("/ObjStm")
      || dictionary.has("/XRef") || dictionary.has("/Metadata") || dictionary.has("/Type1C")
      || dictionary.has("/CIDFontType0C") || dictionary.has("/OpenType"))
    var tokenizer = Tokenizer()
    let budget = limits.maxPDFStreamBytes - tally.streamBytes
    let streamBytes: Int
    if dictionary.has("/FlateDecode") {
      streamBytes = try inflateStream(data, limit: budget, limits: limits) { chunk in
        if countsOperators { tokenizer.scan(chunk) }
      }
    } else {
      // Other filters (LZW, run-length, ASCII85) are counted as stored.
      guard data.count <= budget else { throw streamBudget(limits) }
      if countsOperators && !dictionary.has("/Filter") { tokenizer.scan(data) }
      streamBytes = data.count
    }
    tally.streamBytes += streamBytes
    tally.operators += tokenizer.operators
    guard tally.operators <= limits.maxPDFOperators else {
      throw ImageError(
        .limitExceeded,
        "the PDF's content has more than \(limits.maxPDFOperators) operators (maxPDFOperators)")
    }
  }

  private static func streamBudget(_ limits: VectorLimits) -> ImageError {
    ImageError(
      .limitExceeded,
      "the PDF's streams inflate to more than \(limits.maxPDFStreamBytes) bytes (maxPDFStreamBytes)")
  }

  /// Inflates `data`, handing each piece of output to `body`, and returns the bytes out.
  /// Damaged data ends the stream quietly: poppler decides what to make of it.
  private static func inflateStream(
    _ data: UnsafeBufferPointer<UInt8>, limit: Int, limits: VectorLimits,
    _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws -> Int {
    guard !data.isEmpty else { return 0 }
    guard let (_, bytes) = try Inflater.run(data, framing: .detected, limit: limit, body) else {
      throw streamBudget(limits)
    }
    return bytes
  }

  /// The page size of a JBIG2 stream's first segment, when it is a page information segment.
  private static func jbig2Page(_ data: UnsafeBufferPointer<UInt8>) -> (width: Int, height: Int)? {
    func u32(_ at: Int) -> Int? {
      guard at >= 0, at + 4 <= data.count else { return nil }
      return (0..<4).reduce(0) { $0 << 8 | Int(data[at + $1]) }
    }
    guard data.count > 6, data[4] & 0x3F == 48 else { return nil }
    let referred = Int(data[5] >> 5)
    guard referred < 5 else { return nil }
    let pageField = data[4] & 0x40 != 0 ? 4 : 1
    let body = 6 + referred + pageField + 4
    guard let width = u32(body), let height = u32(body + 4) else { return nil }
    // 0xFFFFFFFF: a striped page whose height comes later; the dictionary's /Height rules.
    return (width, height == 0xFFFF_FFFF ? 0 : height)
  }

  static func find(_ needle: StaticString, in buffer: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
    let count = needle.utf8CodeUnitCount
    let first = needle.utf8Start.pointee
    var index = from
    while index + count <= buffer.count {
      if buffer[index] == first && (1..<count).allSatisfy({ buffer[index + $0] == needle.utf8Start[$0] }) {
        return index
      }
      index += 1
    }
    return nil
  }

  /// The dictionary text before a `stream` keyword: back to its object's `obj` keyword,
  /// and no more than 64 KiB.
  struct StreamDictionary {
    let text: [UInt8]

    init(_ buffer: UnsafeBufferPointer<UInt8>, before keyword: Int) {
      var start = keyword
      let floor = max(0, keyword - 65_536)
      while start > floor {
        start -= 1
        if start + 3 <= keyword, buffer[start] == 0x6F, buffer[start + 1] == 0x62, buffer[start + 2] == 0x6A {
          break
        }
      }
      text = Array(buffer[start..<keyword])
    }

    /// Whether `token` (a name with its slash, or a key without) occurs, followed by a
    /// delimiter.
    func has(_ token: String) -> Bool { position(after: token.hasPrefix("/") ? token : "/" + token) != nil }

    /// The direct integer value of `/key`; `nil` when absent or indirect (`5 0 R`).
    func integer(_ key: String) -> Int? {
      guard var index = position(after: "/" + key) else { return nil }
      while index < text.count, isPDFSpace(text[index]) { index += 1 }
      var value = 0
      var digits = 0
      while index < text.count, text[index] >= 0x30, text[index] <= 0x39, digits < 12 {
        value = value * 10 + Int(text[index] - 0x30)
        digits += 1
        index += 1
      }
      guard digits > 0 else { return nil }
      var rest = index
      while rest < text.count, isPDFSpace(text[rest]) { rest += 1 }
      while rest < text.count, text[rest] >= 0x30, text[rest] <= 0x39 { rest += 1 }
      while rest < text.count, isPDFSpace(text[rest]) { rest += 1 }
      if rest > index, rest < text.count, text[rest] == UInt8(ascii: "R") { return nil }
      return value
    }

    private func position(after token: String) -> Int? {
      let needle = Array(token.utf8)
      guard text.count >= needle.count else { return nil }
      for index in 0...(text.count - needle.count)
      where text[index] == needle[0] && text[index..<(index + needle.count)].elementsEqual(needle) {
        let next = index + needle.count
        if next == text.count || isPDFSpace(text[next]) || isPDFDelimiter(text[next]) { return next }
      }
      return nil
    }
  }

  /// Counts the operators of content-stream text, fed in pieces: every keyword (a run of
  /// regular characters that starts with a letter or a quote and is not a name) outside
  /// strings and comments.
  struct Tokenizer {
    private(set) var operators = 0
    private var inToken = false
    private var inName = false
    private var inComment = false
    private var stringDepth = 0
    private var escaped = false
    private var inHex = false
    private var afterLess = false

    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) {
      for byte in bytes { step(byte) }
    }

    private mutating func step(_ byte: UInt8) {
      if inComment {
        if byte == 0x0A || byte == 0x0D { inComment = false }
        return
      }
      if stringDepth > 0 {
        if escaped {
          escaped = false
        } else if byte == 0x5C {
          escaped = true
        } else if byte == 0x28 {
          stringDepth += 1
        } else if byte == 0x29 {
          stringDepth -= 1
        }
        return
      }
      if afterLess {
        afterLess = false
        guard byte != 0x3C else { return }
        inHex = true
      }
      if inHex {
        if byte == 0x3E { inHex = false }
        return
      }
      if isPDFSpace(byte) || isPDFDelimiter(byte) {
        inToken = false
        inName = byte == 0x2F
        switch byte {
        case 0x25: inComment = true
        case 0x28: stringDepth = 1
        case 0x3C: afterLess = true
        default: break
        }
        return
      }
      guard !inToken else { return }
      inToken = true
      if inName {
        inName = false
        return
      }
      let isLetter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
      if isLetter || byte == 0x27 || byte == 0x22 { operators += 1 }
    }
  }

}

/// PDF white space.
func isPDFSpace(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
}

/// PDF delimiters: `( ) < > [ ] { } / %`.
func isPDFDelimiter(_ byte: UInt8) -> Bool {
  switch byte {
  case 0x28, 0x29, 0x3C, 0x3E, 0x5B, 0x5D, 0x7B, 0x7D, 0x2F, 0x25: true
  default: false
  }
}
