/// A reducer that changes nothing and returns no effect: the neutral element of composition.
public struct EmptyReducer<State, Action>: ReducerProtocol, Sendable {
  /// Creates the empty reducer.
  @inlinable
  public init() {}

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }
}
