/// A feature's logic: mutates the state for an action, reading dependencies from the environment, and returns
/// the effects to run next.
///
/// A reducer must be a pure function of its arguments: all I/O, time and randomness go through the
/// environment or into the returned effects. That keeps every feature testable with
/// `assert(initialValue:reducer:environment:steps:)` and runnable with any environment. Reducers are
/// `@Sendable` so that features can declare them as global constants.
public typealias Reducer<Value, Action, Environment> =
  @Sendable (inout Value, Action, Environment) -> [Effect<Action>]

/// Combines reducers of one domain into one that runs each, in order, on the same state.
///
/// Each reducer sees the state as the previous one left it, and the effects of all of them are kept, in the
/// same order.
@inlinable
public func combine<Value, Action, Environment>(
  _ reducers: Reducer<Value, Action, Environment>...
) -> Reducer<Value, Action, Environment> {
  { value, action, environment in
    var effects: [Effect<Action>] = []
    for reducer in reducers {
      effects.append(contentsOf: reducer(&value, action, environment))
    }
    return effects
  }
}

/// Lifts a reducer of a child domain into a reducer of its parent domain.
///
/// - Parameters:
///   - reducer: the child's reducer.
///   - value: where the child's state lives inside the parent's.
///   - action: how the child's actions embed in the parent's; parent actions that are not the child's leave
///     the state untouched and return no effect.
///   - environment: the slice of the parent's environment the child needs.
@inlinable
public func pullback<LocalValue, GlobalValue, LocalAction, GlobalAction, LocalEnvironment, GlobalEnvironment>(
  _ reducer: @escaping Reducer<LocalValue, LocalAction, LocalEnvironment>,
  value: WritableKeyPath<GlobalValue, LocalValue> & Sendable,
  action: CasePath<GlobalAction, LocalAction>,
  environment: @escaping @Sendable (GlobalEnvironment) -> LocalEnvironment
) -> Reducer<GlobalValue, GlobalAction, GlobalEnvironment> {
  { globalValue, globalAction, globalEnvironment in
    guard let localAction = action.extract(from: globalAction) else { return [] }
    let localEffects = reducer(&globalValue[keyPath: value], localAction, environment(globalEnvironment))
    guard !localEffects.isEmpty else { return [] }
    return localEffects.map { $0.map(action.embed) }
  }
}
