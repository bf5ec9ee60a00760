/// A value computed the first time it is asked for, once, whichever thread asks first.
///
/// For what an index can answer but most runs never ask (a name lookup table a check does
/// not use): built when first read, not when the index is. Thread-safe.
package final class Deferred<Value: Sendable>: Sendable {
  private let state: Locked<State>

  private enum State {
    case pending(@Sendable () -> Value)
    case done(Value)
  }

  /// A value `make` computes when ``value`` is first read.
  ///
  /// - Parameter make: computes the value; called at most once.
  package init(_ make: @escaping @Sendable () -> Value) {
    state = Locked(.pending(make))
  }

  /// The value, computed now if no one asked before.
  package var value: Value {
    state.withLock { state in
      switch state {
      case .done(let value): return value
      case .pending(let make):
        let value = make()
        state = .done(value)
        return value
      }
    }
  }
}
