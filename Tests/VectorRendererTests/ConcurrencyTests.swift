import Dispatch
import ImageCore
import Synchronization
import Testing
import VectorRenderer

/// Renders from many threads at once give the same pixels as one thread's.
@Suite("VectorImage: concurrent renders")
struct ConcurrencyTests {
  @Test("SVG and PDF renders on 8 threads at once equal the serial renders")
  func concurrentRenders() throws {
    let images = try ["badge.svg", "badge.svgz", "badge.pdf", "square.pdf", "template.symbols.svg"].map {
      try Fixture.image($0)
    }
    let expected = try images.map { try $0.render(scale: 3) }
    let mismatches = Mutex(0)
    let errors = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 8 * 20) { iteration in
      let index = iteration % images.count
      do {
        // A fresh parse too: VectorImage.init runs concurrently with the renders.
        let image =
          iteration % 2 == 0
          ? images[index]
          : try Fixture.image(
            ["badge.svg", "badge.svgz", "badge.pdf", "square.pdf", "template.symbols.svg"][index])
        if try image.render(scale: 3) != expected[index] { mismatches.withLock { $0 += 1 } }
      } catch {
        errors.withLock { $0.append("\(error)") }
      }
    }
    #expect(mismatches.withLock { $0 } == 0)
    #expect(errors.withLock { $0 }.isEmpty)
  }
}
