/// Two reducers of one domain run one after the other; see ``ReducerProtocol/combine(with:)``.
public struct CombineReducer<First: ReducerProtocol, Second: ReducerProtocol>: ReducerProtocol
where First.State == Second.State, First.Action == Second.Action {
  @usableFromInline let first: First
  @usableFromInline let second: Second

  @inlinable
  init(first: First, second: Second) {
    self.first = first
    self.second = second
  }

  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    let firstEffect = first.reduce(into: &state, action: action)
    let secondEffect = second.reduce(into: &state, action: action)
    return firstEffect.merge(with: secondEffect)
  }
}

extension CombineReducer: Sendable where First: Sendable, Second: Sendable {}

extension ReducerProtocol {
  /// A reducer that runs this one, then `other` on the state this one left, and runs both effects in order.
  @inlinable
  public func combine<Other: ReducerProtocol>(with other: Other) -> CombineReducer<Self, Other>
  where Other.State == State, Other.Action == Action {
    CombineReducer(first: self, second: other)
  }
}
