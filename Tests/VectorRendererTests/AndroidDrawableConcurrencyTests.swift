import Dispatch
import ImageCore
import Synchronization
import Testing
import VectorRenderer

/// Android drawables parsed (Foundation's XMLParser over libxml2) and drawn from many
/// threads at once give the same pixels and warnings as one thread's.
@Suite("AndroidDrawable: concurrent parses")
struct AndroidDrawableConcurrencyTests {
  static let sources = [
    """
    <vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="8dp" android:height="8dp" \
    android:viewportWidth="8" android:viewportHeight="8"><group android:rotation="45" android:pivotX="4" \
    android:pivotY="4"><path android:pathData="M2,2h4v4h-4z" android:fillColor="@color/accent"/></group></vector>
    """,
    """
    <shape xmlns:android="http://schemas.android.com/apk/res/android" android:shape="oval">\
    <solid android:color="#80112233"/><stroke android:width="1dp" android:color="#F00"/>\
    <size android:width="8dp" android:height="8dp"/></shape>
    """,
  ]

  static func parse(_ index: Int) throws -> (Bitmap, [String]) {
    let drawable = try AndroidDrawable(bytes: Array(sources[index].utf8), path: "d\(index).xml")
    return (try drawable.image().render(scale: 3), drawable.warnings)
  }

  @Test("parses and renders on 8 threads at once equal the serial ones")
  func concurrentParses() throws {
    let expected = try (0..<Self.sources.count).map(Self.parse)
    #expect(expected[0].1.count == 1)
    let mismatches = Mutex(0)
    let errors = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 8 * 20) { iteration in
      let index = iteration % Self.sources.count
      do {
        let result = try Self.parse(index)
        if result.0 != expected[index].0 || result.1 != expected[index].1 { mismatches.withLock { $0 += 1 } }
      } catch {
        errors.withLock { $0.append("\(error)") }
      }
    }
    #expect(mismatches.withLock { $0 } == 0)
    #expect(errors.withLock { $0 }.isEmpty)
  }
}
