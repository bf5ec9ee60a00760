import Dispatch
import IconGridSupport
import ImageCore
import ImageDecoding
import TestSupport
import Testing

/// Run under ThreadSanitizer by Scripts/test: isolated decodes from many threads at once,
/// each with its own child and socket; the runner shares no state between them.
@Suite("Thread safety of decoding in child processes")
struct ThreadSafetyChildProcessTests {
  @Test("twelve isolated decodes at once each get their own answer")
  func concurrentChildren() throws {
    let limits = DecodingLimits(
      maxWidth: 16_384, maxHeight: 16_384, maxPixels: 32 << 20, maxInputBytes: 64 << 20,
      isolation: ChildProcessIsolation(executable: TestPaths.icongridBinary, arguments: ["_render"]))
    let names = ["square.svg", "square.pdf", "rgb.heic", "plus.symbols.svg"]
    let expected = try names.map { try ImageDecoder.decode(contentsOf: Fixture.path($0), size: .scale(2)) }
    let results = Locked([Int: DecodedImage]())
    DispatchQueue.concurrentPerform(iterations: 12) { index in
      let image = try? ImageDecoder.decode(
        contentsOf: Fixture.path(names[index % names.count]), size: .scale(2), limits: limits)
      results.withLock { $0[index] = image }
    }
    let answers = results.withLock { $0 }
    for index in 0..<12 {
      #expect(answers[index] == expected[index % names.count], "decode \(index)")
    }
  }
}
