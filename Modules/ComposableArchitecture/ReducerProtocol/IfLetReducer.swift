/// A parent reducer together with a child reducer run on an optional part of the parent's state, whose
/// effects end when the child goes away; see `ReducerProtocol.ifLet(_:action:then:)`.
///
/// `ID` is what tells one presentation of the child from the next: the child's `id` when its state is
/// `Identifiable`, ``ChildPresence`` otherwise.
public struct IfLetReducer<Parent: ReducerProtocol, Child: ReducerProtocol, ID: Hashable & Sendable>:
  ReducerProtocol
{
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: WritableKeyPath<Parent.State, Child.State?> & Sendable
  @usableFromInline let toChildAction: CasePath<Parent.Action, Child.Action>
  @usableFromInline let identity: @Sendable (Child.State) -> ID
  @usableFromInline let location: SourceLocation

  @inlinable
  init(
    parent: Parent,
    child: Child,
    toChildState: WritableKeyPath<Parent.State, Child.State?> & Sendable,
    toChildAction: CasePath<Parent.Action, Child.Action>,
    identity: @escaping @Sendable (Child.State) -> ID,
    location: SourceLocation
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.identity = identity
    self.location = location
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let childAction = toChildAction.extract(from: action)
    var childID: ID?
    if let childAction {
      childID = state[keyPath: toChildState].map(identity)
      if childID == nil {
        reportAbsentState(childAction)
      }
    }
    return ChildEffectScope.reduce(
      into: &state,
      keyPath: toChildState,
      identities: { $0[keyPath: toChildState].map(identity) },
      removed: ChildEffectScope.removedChild,
      child: childID,
      reduceChild: { state in
        guard let childAction else { return .none }
        let effect = state[keyPath: toChildState].modifyIfPresent { child.reduce(into: &$0, action: childAction) }
        return (effect ?? .none).embedded(by: toChildAction.embed)
      },
      reduceParent: { parent.reduce(into: &$0, action: action) }
    )
  }

  @usableFromInline
  func reportAbsentState(_ action: Child.Action) {
    RuntimeWarning.reportActionForAbsentChild(action, at: location)
  }
}

extension IfLetReducer: Sendable where Parent: Sendable, Child: Sendable {}

extension ReducerProtocol {
  /// Runs `child` on the optional child state at `state` for the actions `action` extracts, then this
  /// reducer, and ends the child's effects when the child goes away.
  ///
  /// The child's effects are cancelled when its state becomes `nil` (after this reducer, or the child
  /// itself through the parent, dismissed it), so no action of a dismissed child reaches the parent. The
  /// child's identity is taken before the child runs and compared with the one after this reducer ran; when
  /// the action that dismissed the child was the child's own, the effect the child returned for it is dropped
  /// whole, a `.send` or the first step of a `.concatenate` included. A child action that arrives while the
  /// state is `nil` is ignored with a runtime warning pointing here.
  ///
  /// Effects are scoped per presentation: each time the child appears counts as a new one, and the
  /// cancellation reaches only the effects started by that child, including the effects of every `ifLet`
  /// and `forEach` nested in it, and never those of another child presented elsewhere with the same type.
  /// Scopes come from `ifLet` and `forEach` alone: two copies of one feature pulled back side by side with
  /// `pullback` share the scopes of the operators nested in them.
  /// When `Child.State` is `Identifiable`, replacing the child with one of another id also ends the old
  /// one's effects (see the overload).
  ///
  /// ```swift
  /// Reduce<Desk.State, Desk.Action> { state, action in
  ///   if case .unpinButtonTapped = action { state.pinned = nil }
  ///   return .none
  /// }
  /// .ifLet(\.pinned, action: Desk.Action.pinnedCase) { Reminder() }
  /// ```
  @inlinable
  public func ifLet<Child: ReducerProtocol>(
    _ state: WritableKeyPath<State, Child.State?> & Sendable,
    action: CasePath<Action, Child.Action>,
    then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> IfLetReducer<Self, Child, ChildPresence> {
    IfLetReducer(
      parent: self,
      child: child(),
      toChildState: state,
      toChildAction: action,
      identity: childPresence,
      location: SourceLocation(fileID: fileID, line: line)
    )
  }

  /// Runs `child` on the optional, identifiable child state at `state`, then this reducer, and ends the
  /// child's effects when the child goes away or is replaced by one with another id.
  ///
  /// Like `ifLet(_:action:then:)`, with the child's `id` as its identity:
  /// the effects of the child with id `1` are cancelled when the state becomes `nil` or a child with id `2`
  /// takes its place, while changing other fields of the same child keeps them running. A child that changes
  /// its own `id` counts as replaced: the effects started under its old id end, and the effect it returned for
  /// that action is dropped.
  @inlinable
  public func ifLet<Child: ReducerProtocol>(
    _ state: WritableKeyPath<State, Child.State?> & Sendable,
    action: CasePath<Action, Child.Action>,
    then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> IfLetReducer<Self, Child, Child.State.ID> where Child.State: Identifiable, Child.State.ID: Sendable {
    IfLetReducer(
      parent: self,
      child: child(),
      toChildState: state,
      toChildAction: action,
      identity: identifiableID,
      location: SourceLocation(fileID: fileID, line: line)
    )
  }
}

/// The identity of an identifiable child: its `id`. A function rather than a closure, which would capture the
/// child state's metatype.
@usableFromInline
@Sendable func identifiableID<State: Identifiable>(_ state: State) -> State.ID { state.id }

/// The identity of a child that is not identifiable: its presence.
@usableFromInline
@Sendable func childPresence<State>(_: State) -> ChildPresence { ChildPresence() }
