import Dispatch
import Foundation
import IconGridSupport
import Testing

/// Run under ThreadSanitizer by Scripts/test: the shared helpers that other modules lock
/// with, driven from many threads at once.
@Suite("Thread safety of the support helpers")
struct ThreadSafetySupportTests {
  @Test("AreaBudget admits and releases from many threads without a race or a lost cost")
  func areaBudgetUnderContention() {
    let budget = AreaBudget(limit: 7)
    let ran = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 400) { index in
      budget.withBudget(1 + index % 5) {
        ran.withLock { $0 += 1 }
      }
    }
    #expect(ran.withLock { $0 } == 400)
    #expect(budget.peak <= 7)
    // Every cost was given back: the whole budget is free again.
    #expect(budget.withBudget(7) { true })
  }

  @Test("Parallel.map keeps the input order when chunks finish out of order")
  func parallelMapOrder() {
    let items = Array(0..<5_000)
    let doubled = Parallel.map(items) { $0 * 2 }
    #expect(doubled == items.map { $0 * 2 })
  }

  /// `Synchronization.Mutex` locks with futexes that ThreadSanitizer cannot see, so every
  /// lock in the sources goes through `Locked`, which tells the sanitizer.
  @Test("no source locks with Synchronization.Mutex except Locked itself")
  func everyLockIsVisibleToThreadSanitizer() throws {
    let sources = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path))
    var offenders: [String] = []
    for case let file as String in files where file.hasSuffix(".swift") && !file.hasSuffix("/Locked.swift") {
      let text = try String(contentsOfFile: sources.appendingPathComponent(file).path, encoding: .utf8)
      if text.contains("Mutex<") || text.contains("Mutex(") { offenders.append(file) }
    }
    #expect(offenders.isEmpty, "use Locked instead of Mutex in: \(offenders)")
  }
}
