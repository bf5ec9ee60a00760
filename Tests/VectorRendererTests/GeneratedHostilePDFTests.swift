import ImageCore
import TestSupport
import Testing

@testable import VectorRenderer

/// PDFs made in the test, not read from files: a deflate stream written by hand (fixed
/// Huffman codes, one literal run and then copies of 258 bytes), so a few hundred KB
/// inflate to tens of MB. Each is refused with the budget it breaks, before poppler opens it.
@Suite("VectorImage: PDFs made hostile in the test")
struct GeneratedHostilePDFTests {
  /// A zlib stream of `pattern` repeated to about `length` bytes: the pattern as literals,
  /// then copies of 258 bytes at the pattern's distance (1 or 8).
  static func zlibRepeating(_ pattern: [UInt8], length: Int) -> [UInt8] {
    precondition(pattern.count == 1 || pattern.count == 8)
    var out: [UInt8] = [0x78, 0x01]
    var bits: UInt64 = 0
    var count = 0
    func put(_ value: Int, _ width: Int) {
      bits |= UInt64(value) << UInt64(count)
      count += width
      while count >= 8 {
        out.append(UInt8(truncatingIfNeeded: bits))
        bits >>= 8
        count -= 8
      }
    }
    /// A Huffman code goes most significant bit first.
    func code(_ value: Int, _ width: Int) {
      var reversed = 0
      for bit in 0..<width where value & (1 << bit) != 0 { reversed |= 1 << (width - 1 - bit) }
      put(reversed, width)
    }
    put(1, 1)  // the last block
    put(1, 2)  // fixed Huffman codes
    for byte in pattern { code(0x30 + Int(byte), 8) }  // literals 0–143: 8 bits from 0x30
    for _ in 0..<max(0, (length - pattern.count) / 258) {
      code(0b1100_0101, 8)  // length 258 (code 285)
      if pattern.count == 1 {
        code(0, 5)  // distance 1
      } else {
        code(5, 5)  // distance 7–8, one extra bit
        put(1, 1)  // 8
      }
    }
    code(0, 7)  // end of block
    if count > 0 { put(0, 8 - count) }
    return out + [0, 0, 0, 0]  // no Adler-32: the budget stops inflating long before
  }

  /// A one-page PDF whose content stream is `stream`, Flate-compressed.
  static func pdf(content stream: [UInt8]) -> [UInt8] {
    var out = Array("%PDF-1.4\n".utf8)
    var offsets: [Int] = []
    let objects: [[UInt8]] = [
      Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
      Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
      Array("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 20 20] /Contents 4 0 R >>".utf8),
      Array("<< /Length \(stream.count) /Filter /FlateDecode >>\nstream\n".utf8) + stream
        + Array("\nendstream".utf8),
    ]
    for (index, object) in objects.enumerated() {
      offsets.append(out.count)
      out += Array("\(index + 1) 0 obj\n".utf8) + object + Array("\nendobj\n".utf8)
    }
    let xref = out.count
    var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
    for offset in offsets {
      let digits = String(offset)
      table += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
    }
    table += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
    return out + Array(table.utf8)
  }

  private static func refusal(_ bytes: [UInt8]) -> ImageError? {
    do {
      _ = try VectorImage(bytes: bytes, format: .pdf, path: "made.pdf")
      Issue.record("opened")
      return nil
    } catch {
      return error as? ImageError
    }
  }

  @Test("the hand-made deflate stream inflates to what it says, and the PDF opens")
  func deflateStream() throws {
    let stream = Self.zlibRepeating(Array("0 0 m n\n".utf8), length: 8 + 258 * 4)
    let bytes = Self.pdf(content: stream)
    let tally = try PDFPreflight.check(bytes, limits: .default)
    #expect(tally.streamBytes == 8 + 258 * 4)
    // "0 0 m n" is two operators in every 8 bytes.
    #expect(tally.operators == (8 + 258 * 4) / 8 * 2)
    let image = try VectorImage(bytes: bytes, format: .pdf, path: "made.pdf")
    #expect(image.pointSize.width == 20)
  }

  @Test("a Flate bomb, 0.5 MB inflating to 128 MiB of spaces, stops at maxPDFStreamBytes")
  func flateBomb() throws {
    let stream = Self.zlibRepeating([0x20], length: 128 << 20)
    #expect(stream.count < 1 << 20)
    let error = try #require(Self.refusal(Self.pdf(content: stream)))
    #expect(error.code == .limitExceeded)
    #expect(error.reason.contains("maxPDFStreamBytes"), "\(error)")
  }

  @Test("20 MB of content, five million operators, compressed to 0.1 MB, stops at maxPDFOperators")
  func operators() throws {
    let stream = Self.zlibRepeating(Array("0 0 m n\n".utf8), length: 20_000_000)
    #expect(stream.count < 1 << 20)
    let error = try #require(Self.refusal(Self.pdf(content: stream)))
    #expect(error.code == .limitExceeded)
    #expect(error.reason.contains("maxPDFOperators"), "\(error)")
  }

  /// Three ways a file declares its cross-reference table's length, each given `objects`:
  /// a damaged file (no table) whose last object is numbered `objects - 1`, a classic table
  /// whose second subsection ends there, and a cross-reference stream whose `/Size` says so.
  static func declaring(objects: Int) -> [(String, [UInt8])] {
    let head =
      "%PDF-1.5\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n"
      + "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n"
      + "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>\nendobj\n"
    let damaged = head + "\(objects - 1) 0 obj\n<< >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"
    let entries = ["9", "58", "117"].map { String(repeating: "0", count: 10 - $0.count) + $0 + " 00000 n \n" }
    let table =
      head + "xref\n0 1\n0000000000 65535 f \n\(objects - 3) 3\n" + entries.joined()
      + "trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n\(head.utf8.count)\n%%EOF\n"
    let stream =
      head + "4 0 obj\n<< /Type /XRef /Size \(objects) /W [1 2 1] /Index [0 4] /Root 1 0 R /Length 0 >>\n"
      + "stream\n\nendstream\nendobj\nstartxref\n\(head.utf8.count)\n%%EOF\n"
    return [("damaged", Array(damaged.utf8)), ("table", Array(table.utf8)), ("stream", Array(stream.utf8))]
  }

  @Test(
    "a 250-byte PDF declaring 8,000,000 objects (damaged, by a table, by a stream) stops at maxPDFObjects")
  func objectTable() throws {
    for (name, bytes) in Self.declaring(objects: 8_000_000) {
      #expect(bytes.count < 400, "\(name)")
      let error = try #require(Self.refusal(bytes), "\(name)")
      #expect(error.code == .limitExceeded, "\(name)")
      #expect(
        error.reason.contains("8000000 objects") && error.reason.contains("maxPDFObjects"),
        "\(name): \(error)")
    }
  }

  @Test("the same files declaring 1,000 objects pass the preflight, and the damaged one opens")
  func objectTableWithinBudget() throws {
    for (name, bytes) in Self.declaring(objects: 1_000) {
      bytes.withUnsafeBufferPointer { buffer in
        #expect(PDFPreflight.ObjectNumbers.tableLength(buffer) == 1_000, "\(name)")
      }
      #expect(throws: Never.self, "\(name)") { try PDFPreflight.check(bytes, limits: .default) }
    }
    let damaged = try #require(Self.declaring(objects: 1_000).first?.1)
    let image = try VectorImage(bytes: damaged, format: .pdf, path: "damaged.pdf")
    #expect(image.pointSize.width == 10)
  }

  @Test(
    "object numbers are read only where the format puts them: endobj, startxref and array sizes are not counted"
  )
  func objectNumbersInContext() {
    let text =
      "5 0 obj\n<< /FunctionType 0 /Size [9000000] /Domain [0 1] >>\nendobj 9000000 0 endobj\n"
      + "startxref\n9000000\n%%EOF"
    Array(text.utf8).withUnsafeBufferPointer { buffer in
      #expect(PDFPreflight.ObjectNumbers.tableLength(buffer) == 6)
    }
    // A subsection count of 10¹⁷ is read, not walked; 30 digits read as too large to hold.
    for (text, length) in [
      ("xref\n0 100000000000000000\n0000000000 65535 f \ntrailer", 100_000_000_000_000_000),
      ("1 0 obj << /Size 999999999999999999999999999999 >> endobj", Int.max),
    ] {
      Array(text.utf8).withUnsafeBufferPointer { buffer in
        #expect(PDFPreflight.ObjectNumbers.tableLength(buffer) == length, "\(text)")
      }
    }
  }
}
