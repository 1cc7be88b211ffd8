/// A parent reducer together with an element reducer run on the elements of an ``IdentifiedArray`` in the
/// parent's state, whose effects end when their element is removed; see
/// ``ReducerProtocol/forEach(_:action:element:fileID:line:)``.
public struct ParentForEachReducer<Parent: ReducerProtocol, Element: ReducerProtocol>: ReducerProtocol
where Element.State: Identifiable, Element.State.ID: Sendable {
  @usableFromInline let parent: Parent
  @usableFromInline let element: Element
  @usableFromInline let toElements: WritableKeyPath<Parent.State, IdentifiedArray<Element.State>> & Sendable
  @usableFromInline let toElementAction: CasePath<Parent.Action, (Element.State.ID, Element.Action)>
  @usableFromInline let location: SourceLocation

  @inlinable
  init(
    parent: Parent,
    element: Element,
    toElements: WritableKeyPath<Parent.State, IdentifiedArray<Element.State>> & Sendable,
    toElementAction: CasePath<Parent.Action, (Element.State.ID, Element.Action)>,
    location: SourceLocation
  ) {
    self.parent = parent
    self.element = element
    self.toElements = toElements
    self.toElementAction = toElementAction
    self.location = location
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let elementEffect: Effect<Parent.Action>
    if let (id, elementAction) = toElementAction.extract(from: action) {
      elementEffect = reduceElement(into: &state, id: id, action: elementAction)
    } else {
      elementEffect = .none
    }
    // Only the ids are kept, so that the parent changing an element does not copy the elements.
    let offsetsBefore = state[keyPath: toElements].offsets
    let parentEffect = parent.reduce(into: &state, action: action)
    let offsetsAfter = state[keyPath: toElements].offsets
    // Unchanged storage compares equal at once; the scan runs only when ids were added, removed or moved.
    guard offsetsBefore != offsetsAfter else { return elementEffect.merge(with: parentEffect) }
    let removed = offsetsBefore.keys.filter { offsetsAfter[$0] == nil }
    guard !removed.isEmpty else { return elementEffect.merge(with: parentEffect) }
    return .merge(
      [elementEffect, parentEffect]
        + removed.map { .cancel(id: ChildEffectScope.child(keyPath: toElements, identity: $0)) }
    )
  }

  @inlinable
  func reduceElement(
    into state: inout Parent.State,
    id: Element.State.ID,
    action: Element.Action
  ) -> Effect<Parent.Action> {
    let scope = ChildEffectScope.child(keyPath: toElements, identity: id)
    let result = scope.run {
      state[keyPath: toElements].modify(id: id) { element in
        (self.element.reduce(into: &element, action: action), element.id)
      }
    }
    guard let (effect, currentID) = result else {
      reportMissingElement(id: id, action: action)
      return .none
    }
    let embed = toElementAction
    return effect.map { embed.embed((currentID, $0)) }.cancellable(id: scope)
  }

  @usableFromInline
  func reportMissingElement(id: Element.State.ID, action: Element.Action) {
    RuntimeWarning.reportActionForMissingElement(action, id: id, at: location)
  }
}

extension ParentForEachReducer: Sendable where Parent: Sendable, Element: Sendable {}

extension ReducerProtocol {
  /// Runs `element` on the element of the ``IdentifiedArray`` at `state` that an element action names, then
  /// this reducer, and ends an element's effects when the element is removed.
  ///
  /// A parent action that `action` extracts as `(id, elementAction)` runs `element` on the element with that
  /// id; an id that is not in the array is ignored with a runtime warning pointing here. When this reducer
  /// (or the element, through the parent) removes an element, every effect that element started is
  /// cancelled, so none of its actions reaches the parent afterwards.
  ///
  /// Effects are scoped per element: the cancellation reaches the effects of the removed element only,
  /// including those of every `ifLet` and `forEach` nested in it, and never those of an element with the
  /// same id in another list (another `forEach`, or the same one nested in another presented child or
  /// element). Scopes come from `ifLet` and `forEach` alone: two copies of one feature pulled back side by side
  /// with `pullback` share the scopes of the operators nested in them. An element replaced within one action
  /// by another with the same id counts as the same element, and keeps its effects.
  ///
  /// ```swift
  /// Reduce<Parent.State, Parent.Action> { state, action in
  ///   if case .clear = action { state.todos = [] }
  ///   return .none
  /// }
  /// .forEach(\.todos, action: Parent.Action.todoCase) { Todo() }
  /// ```
  @inlinable
  public func forEach<Element: ReducerProtocol>(
    _ state: WritableKeyPath<State, IdentifiedArray<Element.State>> & Sendable,
    action: CasePath<Action, (Element.State.ID, Element.Action)>,
    element: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> ParentForEachReducer<Self, Element> {
    ParentForEachReducer(
      parent: self,
      element: element(),
      toElements: state,
      toElementAction: action,
      location: SourceLocation(fileID: fileID, line: line)
    )
  }
}
