/// The actions of a navigation stack, as its parent sees them: an element's own action, a pop, or a push.
///
/// A parent with `var path = StackState<Path.State>()` has one case for them:
///
/// ```swift
/// enum Action: Equatable, Sendable {
///   case path(StackActionOf<Path>)
///   case showCounterButtonTapped
///
///   static let pathCase = CasePath(Action.path) { if case .path(let action) = $0 { action } else { nil } }
/// }
/// ```
///
/// ``ReducerProtocol/forEach(_:action:destination:fileID:line:)`` runs the element's reducer for
/// ``element(id:action:)``, pops for ``popFrom(id:)`` and pushes for ``push(id:state:)``.
public enum StackAction<State, Action> {
  /// An action of the element with `id`, run by the element's reducer, then seen by the parent.
  indirect case element(id: StackElementID, action: Action)

  /// Pops the element with `id` and every element above it, once the parent has seen the action with them
  /// still there.
  case popFrom(id: StackElementID)

  /// Pushes `state` under `id`, which should be the next id of the stack's generator; the parent sees the
  /// action with the element pushed.
  case push(id: StackElementID, state: State)

  /// The case path of ``element(id:action:)``, to the element's id and action.
  @inlinable
  public static var elementCase: CasePath<Self, (id: StackElementID, action: Action)> {
    CasePath(embed: { Self.element(id: $0.id, action: $0.action) }) {
      if case .element(let id, let action) = $0 { (id, action) } else { nil }
    }
  }

  /// The case path of the actions of the element with `id`: `StackAction.elementCase(id: 0)`, to receive one
  /// of them in a test.
  @inlinable
  public static func elementCase(id: StackElementID) -> CasePath<Self, Action> {
    CasePath(embed: { Self.element(id: id, action: $0) }) {
      if case .element(id, let action) = $0 { action } else { nil }
    }
  }

  /// The case path of ``popFrom(id:)``, to the id.
  @inlinable
  public static var popFromCase: CasePath<Self, StackElementID> {
    CasePath(embed: { Self.popFrom(id: $0) }) { if case .popFrom(let id) = $0 { id } else { nil } }
  }

  /// The case path of ``push(id:state:)``, to the id and the state.
  @inlinable
  public static var pushCase: CasePath<Self, (id: StackElementID, state: State)> {
    CasePath(embed: { Self.push(id: $0.id, state: $0.state) }) {
      if case .push(let id, let state) = $0 { (id, state) } else { nil }
    }
  }
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}
extension StackAction: Decodable where State: Decodable, Action: Decodable {}
extension StackAction: Encodable where State: Encodable, Action: Encodable {}

/// The stack actions of a reducer's domain: `StackActionOf<Path>` is `StackAction<Path.State, Path.Action>`.
public typealias StackActionOf<R: ReducerProtocol> = StackAction<R.State, R.Action>
