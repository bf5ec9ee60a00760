import Dispatch
import IconGridSupport
import Testing

@Suite("AreaBudget: work weighed by its cost")
struct AreaBudgetTests {
  @Test("costs of 3 under a budget of 5 run one at a time, costs of 1 five at a time at most")
  func peakWithinLimit() {
    let budget = AreaBudget(limit: 5)
    let inFlight = Locked((now: 0, most: 0))
    DispatchQueue.concurrentPerform(iterations: 64) { index in
      let cost = index % 2 == 0 ? 3 : 1
      budget.withBudget(cost) {
        inFlight.withLock {
          $0.now += cost
          $0.most = max($0.most, $0.now)
        }
        var spin = 0
        for step in 0..<10_000 { spin &+= step }
        _ = spin
        inFlight.withLock { $0.now -= cost }
      }
    }
    #expect(budget.peak <= 5)
    #expect(inFlight.withLock { $0.most } <= 5)
    #expect(inFlight.withLock { $0.now } == 0)
  }

  @Test("a cost above the budget is cut to it and runs")
  func oversize() {
    let budget = AreaBudget(limit: 10)
    #expect(budget.withBudget(1_000) { 42 } == 42)
    #expect(budget.peak == 10)
    #expect(budget.withBudget(4) { 7 } == 7)
  }

  @Test("a throwing body gives its cost back")
  func throwing() {
    struct Failure: Error {}
    let budget = AreaBudget(limit: 4)
    #expect(throws: Failure.self) { try budget.withBudget(4) { throw Failure() } }
    #expect(budget.withBudget(4) { true })
  }
}
