/// A parent reducer together with the reducer of a child it presents through ``PresentationState``; see
/// ``ReducerProtocol/ifLet(_:action:destination:fileID:line:)->PresentationReducer<Self,Destination,ChildPresence>``.
///
/// `ID` tells two presentations of the same kind apart: the child's `id` when its state is `Identifiable`,
/// ``ChildPresence`` otherwise.
public struct PresentationReducer<Parent: ReducerProtocol, Destination: ReducerProtocol, ID: Hashable & Sendable>:
  ReducerProtocol
{
  @usableFromInline let parent: Parent
  @usableFromInline let destination: Destination
  @usableFromInline let toPresentationState:
    WritableKeyPath<Parent.State, PresentationState<Destination.State>> & Sendable
  @usableFromInline let toPresentationAction: CasePath<Parent.Action, PresentationAction<Destination.Action>>
  @usableFromInline let identity: @Sendable (Destination.State) -> ID
  @usableFromInline let location: SourceLocation

  @inlinable
  init(
    parent: Parent,
    destination: Destination,
    toPresentationState: WritableKeyPath<Parent.State, PresentationState<Destination.State>> & Sendable,
    toPresentationAction: CasePath<Parent.Action, PresentationAction<Destination.Action>>,
    identity: @escaping @Sendable (Destination.State) -> ID,
    location: SourceLocation
  ) {
    self.parent = parent
    self.destination = destination
    self.toPresentationState = toPresentationState
    self.toPresentationAction = toPresentationAction
    self.identity = identity
    self.location = location
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let presentationAction = toPresentationAction.extract(from: action)
    // Nothing presented, and an action of the parent's own: no child runs and none can go away, so the parent
    // alone runs, without the bookkeeping of the child's effects (the usual case, on every action of a screen).
    if presentationAction == nil, state[keyPath: toPresentationState].storage == nil {
      return parent.reduce(into: &state, action: action)
    }
    var presented: PresentationIdentity<ID>?
    var dismissed: PresentationIdentity<ID>?
    // For a child's action: the action, and the presentation read here, which the child's reduce takes out of
    // the state (one read of the key path, which is computed, instead of two).
    var child: (action: Destination.Action, presentation: PresentationState<Destination.State>)?
    if let presentationAction {
      let presentation = state[keyPath: toPresentationState]
      let current = presentationIdentity(of: presentation)
      switch presentationAction {
      case .presented(let action):
        presented = current
        child = current.map { _ in (action, presentation) }
      case .dismiss:
        dismissed = current
      }
      if current == nil {
        reportAbsentState(presentationAction)
      }
    }
    return ChildEffectScope.reduce(
      into: &state,
      keyPath: toPresentationState,
      identities: { presentationIdentity(of: $0[keyPath: toPresentationState]) },
      removed: ChildEffectScope.removedChild,
      child: presented,
      reduceChild: { state in
        guard let (childAction, taken) = child else { return .none }
        var presentation = taken
        // Taken out of the parent's state while the child runs, so that nothing else holds the box and the
        // child changes it in place.
        child = nil
        state[keyPath: toPresentationState] = PresentationState(wrappedValue: nil)
        let effect = DependencyValues.with(Dismissal.presentedDependencies()) {
          presentation.modifyPresented { destination.reduce(into: &$0, action: childAction) }
        }
        state[keyPath: toPresentationState] = presentation
        return embed(effect)
      },
      reduceParent: { state in
        let effect = parent.reduce(into: &state, action: action)
        // The parent saw the dismissal with the child still there; it ends now, unless the parent already
        // replaced the child with another presentation.
        if let dismissed, presentationIdentity(of: state[keyPath: toPresentationState]) == dismissed {
          state[keyPath: toPresentationState].wrappedValue = nil
        }
        return effect
      }
    )
  }

  /// The identity of the presentation `presentation` holds, or `nil` when it holds none.
  @inlinable
  func presentationIdentity(of presentation: PresentationState<Destination.State>) -> PresentationIdentity<ID>? {
    guard let child = presentation.storage else { return nil }
    return PresentationIdentity(presentation: presentation.presentation, id: identity(child.state))
  }

  /// The effect the destination returned, embedded in the parent's actions and dismissible by
  /// ``PresentationAction/dismiss``.
  @inlinable
  func embed(_ effect: Effect<Destination.Action>?) -> Effect<Parent.Action> {
    guard let effect, !effect.pieces.isEmpty else { return .none }
    let toPresentationAction = toPresentationAction
    return effect.map { toPresentationAction.embed(.presented($0)) }
      .dismissible { send in await send(toPresentationAction.embed(.dismiss)) }
  }

  @usableFromInline
  func reportAbsentState(_ action: PresentationAction<Destination.Action>) {
    RuntimeWarning.reportPresentationActionForAbsentState(action, at: location)
  }
}

extension PresentationReducer: Sendable where Parent: Sendable, Destination: Sendable {}

/// One presentation of a child: which of the ``PresentationState``'s presentations it is, and the child's
/// identity within it.
@usableFromInline
struct PresentationIdentity<ID: Hashable & Sendable>: Hashable, Sendable {
  @usableFromInline let presentation: UInt
  @usableFromInline let id: ID

  @inlinable
  init(presentation: UInt, id: ID) {
    self.presentation = presentation
    self.id = id
  }
}

extension ReducerProtocol {
  /// Runs `destination` on the child this reducer presents through `state` for the actions `action`
  /// extracts, then this reducer; dismisses the child for ``PresentationAction/dismiss``; and ends the
  /// child's effects when it goes away.
  ///
  /// ```swift
  /// Reduce<Notes.State, Notes.Action> { state, action in
  ///   switch action {
  ///   case .editButtonTapped:
  ///     state.destination = Editor.State(text: state.text)
  ///     return .none
  ///   case .destination(.presented(.saveButtonTapped)):
  ///     state.text = state.destination?.text ?? state.text
  ///     state.destination = nil
  ///     return .none
  ///   case .destination:
  ///     return .none
  ///   }
  /// }
  /// .ifLet(\.$destination, action: Notes.Action.destinationCase) { Editor() }
  /// ```
  ///
  /// The order is TCA's:
  /// - for ``PresentationAction/presented(_:)``, the child runs first, then this reducer, which sees the
  ///   child's action and its new state;
  /// - for ``PresentationAction/dismiss``, this reducer runs first, with the child still there, then the
  ///   child's state becomes `nil` (unless this reducer presented another child meanwhile).
  ///
  /// The child's reduce and its effects run with ``DependencyValues/dismiss`` dismissing it, and
  /// ``DependencyValues/isPresented`` `true`. When the child goes away, by the parent setting it to `nil`,
  /// by ``PresentationAction/dismiss``, or by the child's `await dismiss()`, every effect it started is
  /// cancelled, those of features nested in it included. Presenting a child where there was none, or one in
  /// another case of an enum, starts a new presentation, whose effects are its own.
  ///
  /// A presentation action that arrives when nothing is presented is ignored, with a runtime warning
  /// pointing here (a test failure under the test store).
  @inlinable
  public func ifLet<Destination: ReducerProtocol>(
    _ state: WritableKeyPath<State, PresentationState<Destination.State>> & Sendable,
    action: CasePath<Action, PresentationAction<Destination.Action>>,
    destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> PresentationReducer<Self, Destination, ChildPresence> {
    PresentationReducer(
      parent: self,
      destination: destination(),
      toPresentationState: state,
      toPresentationAction: action,
      identity: childPresence,
      location: SourceLocation(fileID: fileID, line: line)
    )
  }

  /// Presents an identifiable child through `state`, as
  /// ``ifLet(_:action:destination:fileID:line:)->PresentationReducer<Self,Destination,ChildPresence>`` does, and also counts a child with another `id`
  /// as a new presentation: replacing the child with one of another id ends the old one's effects.
  @inlinable
  public func ifLet<Destination: ReducerProtocol>(
    _ state: WritableKeyPath<State, PresentationState<Destination.State>> & Sendable,
    action: CasePath<Action, PresentationAction<Destination.Action>>,
    destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> PresentationReducer<Self, Destination, Destination.State.ID>
  where Destination.State: Identifiable, Destination.State.ID: Sendable {
    PresentationReducer(
      parent: self,
      destination: destination(),
      toPresentationState: state,
      toPresentationAction: action,
      identity: identifiableID,
      location: SourceLocation(fileID: fileID, line: line)
    )
  }
}
