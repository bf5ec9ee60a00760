import Dispatch

/// A weighted semaphore: work runs while the costs in flight stay within a budget (a sheet's
/// decodes, weighed by their pixel area).
///
/// Waiters are served first come, first served, so a large cost is not starved by small
/// ones. A cost above the whole budget is cut to it: that work runs alone.
///
/// Thread safety: every method may be called from any thread; the state sits behind a
/// ``Locked`` (a lock ThreadSanitizer sees), and a waiter blocks on its own semaphore outside the lock.
package final class AreaBudget: Sendable {
  /// The most that may be in flight at once.
  package let limit: Int

  private struct State {
    var inFlight = 0
    var peak = 0
    var waiters: [(cost: Int, wake: DispatchSemaphore)] = []
  }
  private let state = Locked(State())

  /// A budget of `limit` (at least 1).
  package init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// The largest total that was ever in flight at once.
  package var peak: Int { state.withLock { $0.peak } }

  /// Runs `body` once `cost` fits in the budget beside what is already in flight.
  ///
  /// - Parameters:
  ///   - cost: what `body` holds while it runs (pixels); cut to ``limit``, at least 0.
  ///   - body: the work.
  /// - Returns: what `body` returns.
  package func withBudget<R>(_ cost: Int, _ body: () throws -> R) rethrows -> R {
    let cost = min(limit, max(0, cost))
    let wait: DispatchSemaphore? = state.withLock { state in
      if state.waiters.isEmpty, state.inFlight + cost <= limit {
        state.inFlight += cost
        state.peak = max(state.peak, state.inFlight)
        return nil
      }
      let wake = DispatchSemaphore(value: 0)
      state.waiters.append((cost, wake))
      return wake
    }
    wait?.wait()
    defer { release(cost) }
    return try body()
  }

  /// Gives `cost` back and starts the waiters, in order, that now fit.
  private func release(_ cost: Int) {
    let woken: [DispatchSemaphore] = state.withLock { state in
      state.inFlight -= cost
      var woken: [DispatchSemaphore] = []
      while let first = state.waiters.first, state.inFlight + first.cost <= limit {
        state.waiters.removeFirst()
        state.inFlight += first.cost
        state.peak = max(state.peak, state.inFlight)
        woken.append(first.wake)
      }
      return woken
    }
    for wake in woken { wake.signal() }
  }
}
