/// A parent reducer together with an element reducer run on the elements of an ``IdentifiedArray`` in the
/// parent's state, whose effects end when their element is removed; see
/// `forEach(_:action:element:)`.
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
    let elementAction = toElementAction.extract(from: action)
    return ChildEffectScope.reduce(
      into: &state,
      keyPath: toElements,
      // Only the ids are kept, so that the parent changing an element does not copy the elements.
      identities: { $0[keyPath: toElements].offsets },
      removed: ChildEffectScope.removedElements,
      child: elementAction?.0,
      reduceChild: { state in
        guard let (id, action) = elementAction else { return .none }
        return reduceElement(into: &state, id: id, action: action)
      },
      reduceParent: { parent.reduce(into: &$0, action: action) }
    )
  }

  /// Runs the element reducer on the element with `id`, or reports that there is none.
  @inlinable
  func reduceElement(
    into state: inout Parent.State,
    id: Element.State.ID,
    action: Element.Action
  ) -> Effect<Parent.Action> {
    let result = state[keyPath: toElements].modify(id: id) { element in
      (self.element.reduce(into: &element, action: action), element.id)
    }
    guard let (effect, currentID) = result else {
      reportMissingElement(id: id, action: action)
      return .none
    }
    let embed = toElementAction
    return effect.embedded { embed.embed((currentID, $0)) }
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
  /// The ids are taken before the element runs and compared with those after this reducer ran. An element that
  /// changes its own `id` is removed under its old one: the effects started under the old id end. When the
  /// action that removed an element was the element's own, the effect the element returned for it is dropped
  /// whole, a `.send` or the first step of a `.concatenate` included.
  ///
  /// ```swift
  /// Reduce<State, Action> { state, action in
  ///   if case .clearButtonTapped = action { state.chores = [] }
  ///   return .none
  /// }
  /// .forEach(\.chores, action: Action.choreCase) { Chore() }
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
