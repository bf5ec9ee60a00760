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
}
