/// An action of one element of a collection, named by the element's id: the action `forEach` reads, as in
/// TCA 1.x.
///
/// ```swift
/// enum Action: Equatable, Sendable {
///   case rows(IdentifiedActionOf<Row>)
///   static let rowsCase = CasePath(Action.rows) { if case .rows(let action) = $0 { action } else { nil } }
/// }
/// ```
///
/// `store.send(.rows(.element(id: 1, action: .incrTapped)))` runs the element reducer that
/// `.forEach(\.rows, action: Action.rowsCase) { Row() }` gives on the element with id 1.
public enum IdentifiedAction<ID: Hashable & Sendable, Action> {
  /// `action`, for the element whose id is `id`.
  case element(id: ID, action: Action)

  /// The element's id.
  @inlinable
  public var id: ID {
    switch self {
    case .element(let id, _): id
    }
  }

  /// The element's action.
  @inlinable
  public var action: Action {
    switch self {
    case .element(_, let action): action
    }
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}

/// The ``IdentifiedAction`` of a collection of `R`'s elements: `case rows(IdentifiedActionOf<Row>)`.
public typealias IdentifiedActionOf<R: ReducerProtocol> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable

extension CasePath {
  /// This path to an ``IdentifiedAction``, seen as a path to the `(id, action)` pair the tuple form of
  /// `forEach` reads.
  @inlinable
  func identifiedPairs<ID, ElementAction>() -> CasePath<Root, (ID, ElementAction)>
  where Value == IdentifiedAction<ID, ElementAction> {
    CasePath<Root, (ID, ElementAction)>(
      embed: { [self] pair in embed(.element(id: pair.0, action: pair.1)) },
      extract: { [self] root in extract(from: root).map { ($0.id, $0.action) } }
    )
  }
}

extension ReducerProtocol {
  /// Runs `element` on the element of the ``IdentifiedArray`` at `state` that an ``IdentifiedAction`` names,
  /// then this reducer, and ends an element's effects when it is removed: TCA 1.x's `forEach`.
  ///
  /// The same rules as the form whose action is an `(id, action)` pair: an id not in the array is reported and
  /// ignored; removing an element cancels every effect it started.
  @inlinable
  public func forEach<ElementState: Identifiable, ElementAction, Element: ReducerProtocol>(
    _ state: WritableKeyPath<State, IdentifiedArray<ElementState>> & Sendable,
    action: CasePath<Action, IdentifiedAction<ElementState.ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> ParentForEachReducer<Self, Element>
  where ElementState == Element.State, ElementAction == Element.Action, ElementState.ID: Sendable {
    ParentForEachReducer(
      parent: self,
      element: element(),
      toElements: state,
      toElementAction: action.identifiedPairs(),
      location: SourceLocation(fileID: fileID, line: line)
    )
  }
}
