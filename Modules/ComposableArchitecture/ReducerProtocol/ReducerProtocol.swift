/// A feature's logic as a type: mutates `State` for an `Action` and returns the effect to run next.
///
/// The protocol-style counterpart of the environment-style ``Reducer``. A conforming type holds the
/// dependencies it needs, usually as `@Dependency` properties, instead of receiving an environment, and
/// composes with the operators on this protocol (`combine(with:)`, `pullback(state:action:)`, `optional()`,
/// `forEach(state:action:)`, `dependency(_:_:)`) or inside ``CombineReducers``.
///
/// `reduce` must be a pure function of its arguments and dependencies: all I/O goes into the returned effect.
public protocol ReducerProtocol<State, Action> {
  /// The state the reducer works on.
  associatedtype State
  /// The actions the reducer handles.
  associatedtype Action

  /// Mutates `state` for `action` and returns the effect to run next, `.none` if there is none.
  ///
  /// A protocol-style reducer returns one ``Effect`` (combine several with `.merge` or `.concatenate`), where
  /// an environment-style ``Reducer`` returns an array. An effect's closures run later, off the main actor:
  /// copy what they need out of `state` into locals, and capture dependencies in the capture list
  /// (`.run { [client] send in ... }`) rather than through `self`, which is `Sendable` only by accident.
  func reduce(into state: inout State, action: Action) -> Effect<Action>
}

/// A store of a protocol-style reducer's domain: `StoreOf<NextPrime>` is
/// `Store<NextPrime.State, NextPrime.Action>`.
public typealias StoreOf<R: ReducerProtocol> = Store<R.State, R.Action>
