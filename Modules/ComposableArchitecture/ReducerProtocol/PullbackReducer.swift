/// A child reducer run on a part of its parent's state; see ``ReducerProtocol/pullback(state:action:)``.
public struct PullbackReducer<ParentState, ParentAction, Child: ReducerProtocol>: ReducerProtocol {
  @usableFromInline let child: Child
  @usableFromInline let toChildState: StatePath<ParentState, Child.State>
  @usableFromInline let toChildAction: CasePath<ParentAction, Child.Action>

  @inlinable
  init(
    child: Child,
    toChildState: WritableKeyPath<ParentState, Child.State> & Sendable,
    toChildAction: CasePath<ParentAction, Child.Action>
  ) {
    self.child = child
    self.toChildState = StatePath(toChildState)
    self.toChildAction = toChildAction
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let effect = toChildState.modify(&state) { child.reduce(into: &$0, action: childAction) }
    return effect.embedded(by: toChildAction.embed)
  }
}

extension PullbackReducer: Sendable where Child: Sendable {}

extension ReducerProtocol {
  /// Lifts this reducer into a parent domain: it runs on the parent's state at `state`, for the parent's
  /// actions that `action` extracts, and ignores every other action.
  @inlinable
  public func pullback<ParentState, ParentAction>(
    state: WritableKeyPath<ParentState, State> & Sendable,
    action: CasePath<ParentAction, Action>
  ) -> PullbackReducer<ParentState, ParentAction, Self> {
    PullbackReducer(child: self, toChildState: state, toChildAction: action)
  }
}
