public import Synchronization

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

  /// A protocol-style reducer that runs an environment-style one with an environment built from the
  /// dependencies in effect.
  ///
  /// This is how an application written with environments is driven by the dependency system: overriding a
  /// dependency (with ``ReducerProtocol/dependency(_:_:)`` or ``withDependencies(_:operation:)``) changes
  /// the environment every feature receives.
  ///
  /// `environment` must depend on the values alone: it is called again only when the dependencies in effect
  /// are not the very values it was last called with, so a store, which reduces every action with the same
  /// values, builds its environment once.
  @inlinable
  public init<Environment: Sendable>(
    _ reducer: @escaping Reducer<State, Action, Environment>,
    environment: @escaping @Sendable (DependencyValues) -> Environment
  ) {
    let built = BuiltEnvironment(environment)
    self.init { state, action in
      .merge(reducer(&state, action, built.environment(for: DependencyValues.current)))
    }
  }
}

/// The environment a `Reduce` made from an environment-style reducer and the dependencies built last, and the
/// values it was built from: one entry, which a store, reducing with one set of values, always finds.
@usableFromInline
final class BuiltEnvironment<Environment: Sendable>: Sendable {
  /// An environment and the values it was built from.
  @usableFromInline
  final class Entry: Sendable {
    @usableFromInline let values: DependencyValues
    @usableFromInline let environment: Environment

    init(values: DependencyValues, environment: Environment) {
      self.values = values
      self.environment = environment
    }
  }

  @usableFromInline let build: @Sendable (DependencyValues) -> Environment
  @usableFromInline let last: Mutex<Entry?> = Mutex(nil)

  @inlinable
  init(_ build: @escaping @Sendable (DependencyValues) -> Environment) {
    self.build = build
  }

  /// The environment for `values`: the last one built, if it was built from these very values.
  @inlinable
  func environment(for values: DependencyValues) -> Environment {
    if let entry = last.withLock({ $0 }), entry.values.isIdentical(to: values) {
      return entry.environment
    }
    return rebuilt(for: values)
  }

  /// A new environment for `values`, kept for the next action.
  @usableFromInline
  func rebuilt(for values: DependencyValues) -> Environment {
    let entry = Entry(values: values, environment: build(values))
    last.withLock { $0 = entry }
    return entry.environment
  }
}
