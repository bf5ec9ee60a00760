import ImageCore
import ImageDecoding
import TestSupport
import Testing

/// PDFs whose cost no budget sees before poppler works (a function-based shading whose
/// calculator function is long, a Type 3 font whose glyphs each fill a path of 20,000
/// edges): both are within every `VectorLimits` budget and cost poppler over 10 s of CPU,
/// so the child's CPU limit is what stops them. Each becomes `limit-exceeded` naming that
/// budget, and the next file of the run decodes. (The files are written by
/// `VectorRendererTests/Fixtures/hostile/work/make-pdf.py`; the security article's table
/// has what each costs unbounded.)
@Suite("Costly PDFs in a child process")
struct CostlyPDFChildProcessTests {
  static func hostile(_ name: String) -> String {
    TestPaths.inPackage("Tests/VectorRendererTests/Fixtures/hostile/" + name)
  }

  /// A 1 s CPU budget keeps the test short; the deadline is far past it, since on a loaded
  /// machine a second of CPU can take many seconds of wall-clock time.
  static let limits = ChildProcessDecoderTests.isolation(cpuSeconds: 1, wallClock: 120)

  @Test(
    "each costly PDF ends in limit-exceeded naming the CPU budget, and the next file decodes",
    arguments: ["pdf-costly-shading.pdf", "pdf-costly-type3.pdf"])
  func stoppedByCPU(name: String) throws {
    let error = #expect(throws: ImageError.self) {
      try ImageDecoder.decode(contentsOf: Self.hostile(name), size: .scale(1), limits: Self.limits)
    }
    #expect(error?.code == .limitExceeded)
    #expect(error?.reason == "took more than 1 s of CPU (poppler in a child process)")
    #expect(error?.path?.hasSuffix(name) == true)
    let next = try ImageDecoder.decode(
      contentsOf: Fixture.path("square.pdf"), size: .scale(1), limits: Self.limits)
    #expect(next.bitmap.width == 20)
  }
}
