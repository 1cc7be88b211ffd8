/// A reducer made from a closure, for logic that does not deserve a type of its own.
public struct Reduce<State, Action>: ReducerProtocol, Sendable {
  @usableFromInline
  let reduceClosure: @Sendable (inout State, Action) -> Effect<Action>

  /// Creates a reducer that runs `reduce` for every action.
  @inlinable
  public init(_ reduce: @escaping @Sendable (_ state: inout State, _ action: Action) -> Effect<Action>) {
    reduceClosure = reduce
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduceClosure(&state, action)
  }
}
