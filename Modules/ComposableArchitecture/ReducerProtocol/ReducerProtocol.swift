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
  /// The type of ``body``: the reducer this one is made of, or `Never` for a reducer that implements
  /// ``reduce(into:action:)`` itself.
  associatedtype Body

  /// Mutates `state` for `action` and returns the effect to run next, `.none` if there is none.
  ///
  /// A protocol-style reducer returns one ``Effect`` (combine several with `.merge` or `.concatenate`), where
  /// an environment-style ``Reducer`` returns an array. An effect's closures run later, off the main actor:
  /// copy what they need out of `state` into locals, and capture dependencies in the capture list
  /// (`.run { [client] send in ... }`) rather than through `self`, which is `Sendable` only by accident.
  ///
  /// A reducer that declares ``body`` gets this method for free: it runs the body. Implement it yourself only
  /// for logic that the body cannot express; when a type has both, this method is what runs.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducer this one is made of, as TCA 1.x writes features: list reducers in order, as in
  /// ``CombineReducers``, and apply operators to them.
  ///
  /// ```swift
  /// struct Tally: ReducerProtocol {
  ///   struct State: Equatable { var count = 0 }
  ///   enum Action: Equatable, Sendable { case incrTapped }
  ///
  ///   var body: some ReducerOf<Self> {
  ///     Reduce { state, action in
  ///       state.count += 1
  ///       return .none
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// The body is built again for every action, so keep it cheap: no work beyond making reducers. A reducer
  /// that implements ``reduce(into:action:)`` itself has no body (`Body` is `Never`); do not call it.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension ReducerProtocol where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` itself has no body; calling this is a programming
  /// error that stops the program.
  @_transparent
  public var body: Body {
    fatalError(
      "'\(Self.self)' has no body: it implements 'reduce(into:action:)' itself. Do not call 'body' on it."
    )
  }
}

extension ReducerProtocol where Body: ReducerProtocol, Body.State == State, Body.Action == Action {
  /// Runs ``body``: what a reducer that declares only a body reduces with.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

extension Never: ReducerProtocol {
  /// No state: a reducer of `Never` cannot exist.
  public typealias State = Never
  /// No action: a reducer of `Never` cannot exist.
  public typealias Action = Never
  /// No body: a reducer of `Never` cannot exist.
  public typealias Body = Never

  /// Never called: there is no value of `Never` to call it on.
  public func reduce(into state: inout Never, action: Never) -> Effect<Never> {}
}

/// Any reducer of a feature's domain, as a body's type: `var body: some ReducerOf<Self>` reads as
/// `some ReducerProtocol<Self.State, Self.Action>`.
public typealias ReducerOf<R: ReducerProtocol> = ReducerProtocol<R.State, R.Action>

/// A store of a protocol-style reducer's domain: `StoreOf<NextPrime>` is
/// `Store<NextPrime.State, NextPrime.Action>`.
public typealias StoreOf<R: ReducerProtocol> = Store<R.State, R.Action>
