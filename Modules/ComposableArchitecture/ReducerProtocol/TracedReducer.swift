/// A reducer whose every action is written to a ``Trace`` with the change it made to the state: what
/// ``ReducerProtocol/traced(to:)`` returns.
public struct TracedReducer<Base: ReducerProtocol>: ReducerProtocol {
  @usableFromInline let base: Base
  @usableFromInline let trace: Trace

  @inlinable
  init(base: Base, trace: Trace) {
    self.base = base
    self.trace = trace
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard trace.isOn else {
      return base.reduce(into: &state, action: action)
    }
    let before = state
    let effect = base.reduce(into: &state, action: action)
    trace.record(action, from: before, to: state)
    return effect
  }
}

extension TracedReducer: Sendable where Base: Sendable {}

extension ReducerProtocol {
  /// This reducer, writing every action it reduces to `trace` with the change it made to the state: the
  /// protocol-style counterpart of `tracing(_:to:)`.
  ///
  /// While `trace` is off the reducer only reads its switch. Put it outermost (`MyApp().traced(to: trace)`)
  /// to see the whole state; on a child reducer it shows that child's state.
  @inlinable
  public func traced(to trace: Trace) -> TracedReducer<Self> {
    TracedReducer(base: self, trace: trace)
  }
}
