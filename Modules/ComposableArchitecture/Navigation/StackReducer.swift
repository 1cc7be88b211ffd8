/// A parent reducer together with the reducer of the elements of a navigation stack in the parent's state;
/// see ``ReducerProtocol/forEach(_:action:destination:fileID:line:)``.
public struct StackReducer<Parent: ReducerProtocol, Destination: ReducerProtocol>: ReducerProtocol {
  @usableFromInline let parent: Parent
  @usableFromInline let destination: Destination
  @usableFromInline let toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>> & Sendable
  @usableFromInline let toStackAction: CasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>
  @usableFromInline let location: SourceLocation

  @inlinable
  init(
    parent: Parent,
    destination: Destination,
    toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>> & Sendable,
    toStackAction: CasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>,
    location: SourceLocation
  ) {
    self.parent = parent
    self.destination = destination
    self.toStackState = toStackState
    self.toStackAction = toStackAction
    self.location = location
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let stackAction = toStackAction.extract(from: action)
    var element: (id: StackElementID, action: Destination.Action)?
    /// Whether a push is for an id the stack does not hold yet, and so pushes.
    var isPushing = false
    switch stackAction {
    case .element(let id, let elementAction):
      if state[keyPath: toStackState].index(id: id) != nil {
        element = (id, elementAction)
      } else {
        reportMissingElement(elementAction, id: id)
      }
    case .popFrom(let id):
      if state[keyPath: toStackState].index(id: id) == nil {
        reportPopFromMissingElement(id: id, ids: state[keyPath: toStackState].ids)
      }
    case .push(let id, _):
      let stack = state[keyPath: toStackState]
      if stack.index(id: id) != nil {
        reportPushOfPresentElement(id: id, ids: stack.ids)
      } else {
        isPushing = true
        let expected = stack.generator.peek()
        if id != expected {
          reportPushOfUnexpectedID(id: id, expected: expected)
        }
      }
    case nil:
      break
    }
    return ChildEffectScope.reduce(
      into: &state,
      keyPath: toStackState,
      identities: { $0[keyPath: toStackState].elementIDs },
      removed: ChildEffectScope.removedStackElements,
      child: element?.id,
      reduceChild: { state in
        guard let element else { return .none }
        return reduceElement(into: &state, id: element.id, action: element.action)
      },
      reduceParent: { state in
        switch stackAction {
        case .popFrom(let id):
          // The parent sees the pop with the elements still there.
          let effect = parent.reduce(into: &state, action: action)
          state[keyPath: toStackState].pop(from: id)
          return effect
        case .push(let id, let element):
          // The parent sees the push with the element there; an id the stack holds is not pushed again.
          if isPushing {
            state[keyPath: toStackState].push(element, id: id)
          }
          return parent.reduce(into: &state, action: action)
        case .element, nil:
          return parent.reduce(into: &state, action: action)
        }
      }
    )
  }

  /// Runs the destination's reducer on the element with `id`, in place, with the dependencies of a presented
  /// child, and embeds its effect in the parent's actions, dismissible by ``StackAction/popFrom(id:)``.
  @inlinable
  func reduceElement(
    into state: inout Parent.State,
    id: StackElementID,
    action: Destination.Action
  ) -> Effect<Parent.Action> {
    let effect = DependencyValues.with(Dismissal.presentedDependencies()) {
      state[keyPath: toStackState].modify(id: id) { destination.reduce(into: &$0, action: action) }
    }
    guard let effect, !effect.pieces.isEmpty else { return .none }
    let toStackAction = toStackAction
    return effect.map { toStackAction.embed(.element(id: id, action: $0)) }
      .dismissible { send in await send(toStackAction.embed(.popFrom(id: id))) }
  }

  @usableFromInline
  func reportMissingElement(_ action: Destination.Action, id: StackElementID) {
    RuntimeWarning.reportStackActionForMissingElement(action, id: id, at: location)
  }

  @usableFromInline
  func reportPopFromMissingElement(id: StackElementID, ids: [StackElementID]) {
    RuntimeWarning.reportPopFromMissingElement(id: id, ids: ids, at: location)
  }

  @usableFromInline
  func reportPushOfPresentElement(id: StackElementID, ids: [StackElementID]) {
    RuntimeWarning.reportPushOfPresentElement(id: id, ids: ids, at: location)
  }

  @usableFromInline
  func reportPushOfUnexpectedID(id: StackElementID, expected: StackElementID) {
    RuntimeWarning.reportPushOfUnexpectedID(id: id, expected: expected, at: location)
  }
}

extension StackReducer: Sendable where Parent: Sendable, Destination: Sendable {}

extension ChildEffectScope {
  /// The ids in `before` that `after` no longer has.
  @inlinable
  static func removedStackElements(before: [StackElementID], after: [StackElementID]) -> [StackElementID] {
    // Unchanged ids compare equal at once (they share storage); a push only adds to them.
    guard before != after, !after.starts(with: before) else { return [] }
    // Pops keep the ids below them: only those past the common part can be gone.
    let kept = zip(before, after).prefix { $0 == $1 }.count
    let rest = after[kept...]
    if rest.count <= 16 {
      return before[kept...].filter { !rest.contains($0) }
    }
    let remaining = Set(rest)
    return before[kept...].filter { !remaining.contains($0) }
  }
}

extension ReducerProtocol {
  /// Runs `destination` on the elements of the navigation stack at `state` for the stack actions `action`
  /// extracts, then this reducer; and ends an element's effects when it is popped.
  ///
  /// ```swift
  /// Reduce<Root.State, Root.Action> { state, action in
  ///   switch action {
  ///   case .showCounterButtonTapped:
  ///     state.path.append(.counter(Counter.State()))
  ///     return .none
  ///   case .path(.element(id: _, action: .counter(.doneButtonTapped))):
  ///     state.path.removeAll()
  ///     return .none
  ///   case .path:
  ///     return .none
  ///   }
  /// }
  /// .forEach(\.path, action: Root.Action.pathCase) { Path() }
  /// ```
  ///
  /// The order is TCA's:
  /// - for ``StackAction/element(id:action:)``, the element runs first, then this reducer;
  /// - for ``StackAction/popFrom(id:)``, this reducer runs first, with the elements still there, then the
  ///   element with that id and every element above it are popped;
  /// - for ``StackAction/push(id:state:)``, the element is pushed first, then this reducer runs.
  ///
  /// An element's reduce and effects run with ``DependencyValues/dismiss`` popping that element (and those
  /// above it), and ``DependencyValues/isPresented`` `true`. An element popped by any means (this reducer
  /// removing it, `popFrom`, the element's `await dismiss()`) has every effect it started cancelled, those
  /// of features nested in it included. Ids are never reused, so a new element never receives an action
  /// meant for an old one.
  ///
  /// Runtime warnings point here for an element action whose id the stack does not hold (the action is
  /// ignored), a `popFrom` for such an id (nothing is popped), a `push` under an id the stack holds (nothing
  /// is pushed), and a `push` under an id that is not the next one the stack's generator gives (it is pushed
  /// all the same, and the generator counts past it).
  @inlinable
  public func forEach<Destination: ReducerProtocol>(
    _ state: WritableKeyPath<State, StackState<Destination.State>> & Sendable,
    action: CasePath<Action, StackAction<Destination.State, Destination.Action>>,
    destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> StackReducer<Self, Destination> {
    StackReducer(
      parent: self,
      destination: destination(),
      toStackState: state,
      toStackAction: action,
      location: SourceLocation(fileID: fileID, line: line)
    )
  }
}
