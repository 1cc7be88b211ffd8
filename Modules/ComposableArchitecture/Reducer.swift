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
  // Two reducers, a child pulled back next to the parent's own, is by far the most common combine: it gets a
  // closure of its own that captures them directly, rather than iterating an array.
  switch reducers.count {
  case 1:
    return reducers[0]
  case 2:
    let (first, second) = (reducers[0], reducers[1])
    return { value, action, environment in
      let effects = first(&value, action, environment)
      return appendingEffects(effects, second(&value, action, environment))
    }
  default:
    return { value, action, environment in
      var effects: [Effect<Action>] = []
      for reducer in reducers {
        effects = appendingEffects(effects, reducer(&value, action, environment))
      }
      return effects
    }
  }
}

/// `effects` followed by `more`, without copying either when the other is empty, the usual case: most
/// reducers return no effect for most actions.
@inlinable
func appendingEffects<Action>(_ effects: [Effect<Action>], _ more: [Effect<Action>]) -> [Effect<Action>] {
  if more.isEmpty { return effects }
  if effects.isEmpty { return more }
  return effects + more
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
  let path = StatePath(value)
  return { globalValue, globalAction, globalEnvironment in
    guard let localAction = action.extract(from: globalAction) else { return [] }
    let localEnvironment = environment(globalEnvironment)
    let localEffects = path.modify(&globalValue) { reducer(&$0, localAction, localEnvironment) }
    guard !localEffects.isEmpty else { return [] }
    return embedding(localEffects, action.embed)
  }
}

/// `effects`, each mapped with `embed`.
///
/// Out of line so that a pullback that returns no effect, the usual case, does not pay for setting up what
/// mapping effects needs.
@inlinable
@inline(never)
func embedding<LocalAction, GlobalAction>(
  _ effects: [Effect<LocalAction>],
  _ embed: @escaping @Sendable (LocalAction) -> GlobalAction
) -> [Effect<GlobalAction>] {
  effects.map { $0.map(embed) }
}
