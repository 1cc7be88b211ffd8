/// An element reducer run on one element of an ``IdentifiedArray``, picked by id; see
/// ``ReducerProtocol/forEach(state:action:fileID:line:)``.
public struct ForEachReducer<ParentState, ParentAction, Element: ReducerProtocol>: ReducerProtocol
where Element.State: Identifiable, Element.State.ID: Sendable {
  @usableFromInline let element: Element
  @usableFromInline let toElements: WritableKeyPath<ParentState, IdentifiedArray<Element.State>> & Sendable
  @usableFromInline let toElementAction: CasePath<ParentAction, (Element.State.ID, Element.Action)>
  @usableFromInline let location: SourceLocation

  @inlinable
  init(
    element: Element,
    toElements: WritableKeyPath<ParentState, IdentifiedArray<Element.State>> & Sendable,
    toElementAction: CasePath<ParentAction, (Element.State.ID, Element.Action)>,
    location: SourceLocation
  ) {
    self.element = element
    self.toElements = toElements
    self.toElementAction = toElementAction
    self.location = location
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let (id, elementAction) = toElementAction.extract(from: action) else { return .none }
    let result = state[keyPath: toElements].modify(id: id) { element in
      (self.element.reduce(into: &element, action: elementAction), element.id)
    }
    guard let (effect, currentID) = result else {
      reportMissingElement(id: id, action: elementAction)
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

extension ForEachReducer: Sendable where Element: Sendable {}

extension ReducerProtocol where State: Identifiable, State.ID: Sendable {
  /// Lifts this element reducer to a parent that holds the elements in an ``IdentifiedArray``.
  ///
  /// A parent action that `action` extracts as `(id, elementAction)` runs this reducer on the element with
  /// that id; an id that is not in the array is ignored with a runtime warning pointing here.
  ///
  /// This reducer does not see the parent remove an element, so a removed element's effects keep running.
  /// To end them with the element, use `forEach(_:action:element:)` on the
  /// parent instead.
  @inlinable
  public func forEach<ParentState, ParentAction>(
    state: WritableKeyPath<ParentState, IdentifiedArray<State>> & Sendable,
    action: CasePath<ParentAction, (State.ID, Action)>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> ForEachReducer<ParentState, ParentAction, Self> {
    ForEachReducer(
      element: self,
      toElements: state,
      toElementAction: action,
      location: SourceLocation(fileID: fileID, line: line)
    )
  }
}
