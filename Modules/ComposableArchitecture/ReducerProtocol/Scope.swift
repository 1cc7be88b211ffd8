/// Runs a child reducer on a part of the parent's state, for the parent's actions that belong to the child:
/// TCA 1.x's way to embed one feature in another inside a `body`.
///
/// ```swift
/// struct Shelf: ReducerProtocol {
///   struct State: Equatable { var tally = Tally.State() }
///   enum Action: Equatable, Sendable {
///     case tally(Tally.Action)
///     static let tallyCase = CasePath(Action.tally) { if case .tally(let action) = $0 { action } else { nil } }
///   }
///
///   var body: some ReducerOf<Self> {
///     Scope(state: \.tally, action: Action.tallyCase) {
///       Tally()
///     }
///   }
/// }
/// ```
///
/// The rules are TCA's. The child runs only for the actions `action` extracts, and every other action passes
/// by untouched. List the `Scope` before the parent's own `Reduce`, so the parent sees the state the child
/// left; its effects' actions are embedded back with `action`. The child reads the dependencies in force
/// where the `Scope` runs, so a `.dependency(_:_:)` on the `Scope` or on the parent reaches it.
///
/// `state` may also be a case path into an enum state (`Scope(state: Destination.State.alertCase, ...)`): the
/// child then runs only while the state is in that case. An action for the child that arrives while the state
/// is in another case is ignored with a runtime warning pointing at the `Scope`. A `Scope` does not end the
/// child's effects when the case changes; use `ifLet(_:action:then:)` for
/// state that comes and goes.
public struct Scope<ParentState, ParentAction, Child: ReducerProtocol>: ReducerProtocol {
  @usableFromInline
  enum StatePlace {
    case keyPath(StatePath<ParentState, Child.State>)
    case casePath(CasePath<ParentState, Child.State>, SourceLocation)
  }

  @usableFromInline let child: Child
  @usableFromInline let toChildState: StatePlace
  @usableFromInline let toChildAction: CasePath<ParentAction, Child.Action>

  /// Runs `child` on the parent's state at `state`, for the parent's actions that `action` extracts.
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState> & Sendable,
    action: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.child = child()
    toChildState = .keyPath(StatePath(state))
    toChildAction = action
  }

  /// Runs `child` while the parent's enum state is in the case `state` names, for the parent's actions that
  /// `action` extracts; an action for the child while the state is in another case is reported.
  @inlinable
  public init<ChildState, ChildAction>(
    state: CasePath<ParentState, ChildState>,
    action: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.child = child()
    toChildState = .casePath(state, SourceLocation(fileID: fileID, line: line))
    toChildAction = action
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let effect: Effect<Child.Action>
    switch toChildState {
    case .keyPath(let path):
      effect = path.modify(&state) { child.reduce(into: &$0, action: childAction) }
    case .casePath(let path, let location):
      guard var childState = path.extract(from: state) else {
        reportOtherCase(childAction, at: location)
        return .none
      }
      effect = child.reduce(into: &childState, action: childAction)
      state = path.embed(childState)
    }
    return effect.map(toChildAction.embed)
  }

  @usableFromInline
  func reportOtherCase(_ action: Child.Action, at location: SourceLocation) {
    RuntimeWarning.reportActionForOtherCase(action, at: location)
  }
}

extension Scope.StatePlace: Sendable {}
extension Scope: Sendable where Child: Sendable {}
