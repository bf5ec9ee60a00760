import ImageCore
import TestSupport
import Testing

@testable import VectorRenderer

/// PDFs whose cost is in what poppler would build: each is refused by ``PDFPreflight``
/// with the budget it breaks, before poppler opens it. (The files are written by
/// `Fixtures/hostile/work/make-pdf.py`; how long each takes to refuse is in the
/// "Hostile vector files" article.)
@Suite("VectorImage: PDF budgets")
struct HostilePDFTests {
  @Test(
    "each hostile PDF is refused naming its budget",
    arguments: [
      ("pdf-inflate-bomb.pdf", "maxPDFStreamBytes"), ("pdf-operators.pdf", "maxPDFOperators"),
      ("pdf-huge-image.pdf", "maxImagePixels"), ("pdf-jbig2-page.pdf", "maxImagePixels"),
      ("huge-page.pdf", "maxPageSide"),
    ])
  func refused(name: String, budget: String) {
    #expect {
      _ = try Fixture.image("hostile/" + name)
    } throws: { error in
      let error = error as? ImageError
      return error?.code == .limitExceeded && error?.reason.contains(budget) == true
        && error?.path?.hasSuffix(name) == true
    }
  }

  @Test("the budgets can be raised: the same files open when they allow them")
  func raised() throws {
    var limits = VectorLimits.default
    limits.maxPDFOperators = 6_000_000
    #expect(try Fixture.image("hostile/pdf-operators.pdf", limits: limits).pointSize.width == 20)
  }

  @Test("the tokenizer counts operators, not operands, names, strings or comments")
  func tokenizer() {
    let content = """
      % a comment with words in it
      q 1 0 0 1 10 10 cm /GS0 gs
      BT /F1 12 Tf (a string with Tj words \\) and (nested) parens) Tj ET
      <48656C6C6F> Tj [(x) 10 (y)] TJ << /MCID 0 >> BDC EMC Q
      0.5 g 0 0 m 10 10 l S
      """
    var tokenizer = PDFPreflight.Tokenizer()
    Array(content.utf8).withUnsafeBufferPointer { tokenizer.scan($0) }
    // q cm gs BT Tf Tj ET Tj TJ BDC EMC Q g m l S
    #expect(tokenizer.operators == 16)
  }

  @Test("the real fixtures pass with their counts", arguments: ["badge.pdf", "square.pdf"])
  func realFiles(name: String) throws {
    let tally = try PDFPreflight.check(Fixture.bytes(name), limits: .default)
    #expect(tally.operators > 0 && tally.operators < 10_000)
    #expect(tally.streamBytes > 0)
    _ = try Fixture.image(name).render(scale: 1)
  }

  @Test(
    "a costly shading and a costly Type 3 font pass every budget: only the child's limits stop them",
    arguments: ["pdf-costly-shading.pdf", "pdf-costly-type3.pdf"])
  func costlyWithinBudgets(name: String) throws {
    let tally = try PDFPreflight.check(Fixture.bytes("hostile/" + name), limits: .default)
    #expect(tally.operators > 0 && tally.operators < VectorLimits.default.maxPDFOperators)
    #expect(try Fixture.image("hostile/" + name).pointSize.width == 20)
  }

  @Test("a stream dictionary's indirect /Length is not taken for a number")
  func indirectLength() {
    let text = Array("4 0 obj << /Length 5 0 R /Filter /FlateDecode >>".utf8)
    let dictionary = text.withUnsafeBufferPointer {
      PDFPreflight.StreamDictionary($0, before: text.count)
    }
    #expect(dictionary.integer("Length") == nil)
    #expect(dictionary.has("/FlateDecode") && !dictionary.has("/Flate"))
  }
}
