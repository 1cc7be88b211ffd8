/// Runs the reducers listed in its body, in order, as one reducer.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   CombineReducers {
///     Scope(state: \.tally, action: Action.tallyCase) {
///       Tally()
///     }
///     Reduce { state, action in
///       state.log.append(uuid())
///       return .none
///     }
///   }
///   .dependency(\.uuid, .incrementing)
/// }
/// ```
///
/// A ``ReducerProtocol/body`` already runs the reducers it lists in order; group them with `CombineReducers` to
/// apply one operator to all of them, as TCA does: an operator applied to the group, such as
/// ``ReducerProtocol/dependency(_:_:)``, reaches every reducer in it. The same as chaining
/// ``ReducerProtocol/combine(with:)``, without the nesting.
public struct CombineReducers<State, Action, Reducers: ReducerProtocol>: ReducerProtocol
where Reducers.State == State, Reducers.Action == Action {
  @usableFromInline let reducers: Reducers

  /// Creates one reducer from those the builder lists.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    reducers = build()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}

extension CombineReducers: Sendable where Reducers: Sendable {}

/// Builds one reducer out of a list of reducers of the same domain, run in the order written.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// An empty list: the ``EmptyReducer``.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  /// Pins every listed reducer to the builder's domain, for better diagnostics.
  @inlinable
  public static func buildExpression<R: ReducerProtocol>(_ reducer: R) -> R
  where R.State == State, R.Action == Action {
    reducer
  }

  /// The first reducer of the list.
  @inlinable
  public static func buildPartialBlock<R: ReducerProtocol>(first: R) -> R
  where R.State == State, R.Action == Action {
    first
  }

  /// The reducer of an `if` without `else`, run only when the condition held.
  @inlinable
  public static func buildOptional<R: ReducerProtocol>(_ reducer: R?) -> ConditionalReducer<R, EmptyReducer<State, Action>>
  where R.State == State, R.Action == Action {
    reducer.map(ConditionalReducer.first) ?? .second(EmptyReducer())
  }

  /// The reducer of the first branch of an `if`/`else` or `switch`.
  @inlinable
  public static func buildEither<First: ReducerProtocol, Second: ReducerProtocol>(
    first: First
  ) -> ConditionalReducer<First, Second> {
    .first(first)
  }

  /// The reducer of the second branch of an `if`/`else` or `switch`.
  @inlinable
  public static func buildEither<First: ReducerProtocol, Second: ReducerProtocol>(
    second: Second
  ) -> ConditionalReducer<First, Second> {
    .second(second)
  }

  /// The reducers so far, followed by the next one.
  @inlinable
  public static func buildPartialBlock<Accumulated: ReducerProtocol, Next: ReducerProtocol>(
    accumulated: Accumulated,
    next: Next
  ) -> CombineReducer<Accumulated, Next>
  where Accumulated.State == State, Accumulated.Action == Action, Next.State == State, Next.Action == Action {
    accumulated.combine(with: next)
  }
}
