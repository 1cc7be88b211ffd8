extension ReducerProtocol where Self: Sendable {
  /// This reducer as an environment-style ``Reducer``, which ignores its environment: a protocol-style
  /// feature can then be pulled back and combined with environment-style ones.
  ///
  /// The environment type is inferred from where the reducer is used.
  @inlinable
  public func asReducer<Environment>() -> Reducer<State, Action, Environment> {
    { state, action, _ in
      let effect = reduce(into: &state, action: action)
      return effect.pieces.isEmpty ? [] : [effect]
    }
  }
}

extension Reduce {
  /// A protocol-style reducer that runs an environment-style one with a fixed environment.
  @inlinable
  public init<Environment: Sendable>(
    _ reducer: @escaping Reducer<State, Action, Environment>,
    environment: Environment
  ) {
    self.init { state, action in .merge(reducer(&state, action, environment)) }
  }

  /// A protocol-style reducer that runs an environment-style one with an environment built, on every
  /// action, from the dependencies in effect.
  ///
  /// This is how an application written with environments is driven by the dependency system: overriding a
  /// dependency (with ``ReducerProtocol/dependency(_:_:)`` or ``withDependencies(_:operation:)``) changes
  /// the environment every feature receives.
  @inlinable
  public init<Environment>(
    _ reducer: @escaping Reducer<State, Action, Environment>,
    environment: @escaping @Sendable (DependencyValues) -> Environment
  ) {
    self.init { state, action in
      .merge(reducer(&state, action, environment(DependencyValues.current)))
    }
  }
}
