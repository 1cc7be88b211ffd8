/// One of two reducers of the same domain, chosen when the reducer was built: what an `if` or `switch` in a
/// ``ReducerBuilder`` produces.
public enum ConditionalReducer<First: ReducerProtocol, Second: ReducerProtocol>: ReducerProtocol
where First.State == Second.State, First.Action == Second.Action {
  /// The first branch was taken.
  case first(First)
  /// The second branch was taken.
  case second(Second)

  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch self {
    case let .first(reducer): reducer.reduce(into: &state, action: action)
    case let .second(reducer): reducer.reduce(into: &state, action: action)
    }
  }
}

extension ConditionalReducer: Sendable where First: Sendable, Second: Sendable {}
