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
  if reducers.count == 1 {
    return reducers[0]
  }
  return { value, action, environment in
    var effects: [Effect<Action>] = []
    for reducer in reducers {
      effects = appendingEffects(effects, reducer(&value, action, environment))
    }
    return effects
  }
}

/// Combines two reducers of one domain into one that runs `first`, then `second`, on the same state.
///
/// The same as the variadic `combine(_:)` given two reducers, which is the usual case (a child pulled back
/// next to the parent's own reducer); Swift picks this overload for two arguments. It holds the two reducers
/// as they were passed, where the variadic one keeps them in an array, and each call through an array's
/// element costs a conversion of the calling convention.
@inlinable
public func combine<Value, Action, Environment>(
  _ first: @escaping Reducer<Value, Action, Environment>,
  _ second: @escaping Reducer<Value, Action, Environment>
) -> Reducer<Value, Action, Environment> {
  let combined = Combined(first, second)
  return { value, action, environment in
    combined.reduce(&value, action, environment)
  }
}

/// The two reducers of ``combine(_:_:)``, in one object, so that the closure it returns holds one reference.
@usableFromInline
final class Combined<Value, Action, Environment>: Sendable {
  @usableFromInline let first: Reducer<Value, Action, Environment>
  @usableFromInline let second: Reducer<Value, Action, Environment>

  @inlinable
  init(
    _ first: @escaping Reducer<Value, Action, Environment>,
    _ second: @escaping Reducer<Value, Action, Environment>
  ) {
    self.first = first
    self.second = second
  }

  @inlinable
  func reduce(_ value: inout Value, _ action: Action, _ environment: Environment) -> [Effect<Action>] {
    let effects = first(&value, action, environment)
    return appendingEffects(effects, second(&value, action, environment))
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
  let pulledBack = PulledBack(reducer: reducer, path: StatePath(value), action: action, environment: environment)
  return { globalValue, globalAction, globalEnvironment in
    pulledBack.reduce(&globalValue, globalAction, globalEnvironment)
  }
}

/// Lifts a reducer of a child domain into its parent's, as ``pullback(_:value:action:environment:)`` does,
/// reaching the child's state through a closure instead of a key path: `through` runs `reduce` on the
/// child's state in place, as in `{ state, reduce in reduce(&state.counterView) }`.
///
/// For a child state the parent computes, a view state joined from fields it owns. Swift projects a key path
/// to a computed property at run time on every action (a buffer allocated, the getter and the setter called
/// through the key path); the closure is compiled with the property's own accessors, and a `_modify`
/// accessor there can even move the parent's values into the view and back, so that the child changes them
/// in place rather than a copy of them. PrimeTime's `AppState.counterView` is pulled back this way.
@inlinable
public func pullback<LocalValue, GlobalValue, LocalAction, GlobalAction, LocalEnvironment, GlobalEnvironment>(
  _ reducer: @escaping Reducer<LocalValue, LocalAction, LocalEnvironment>,
  through value: @escaping @Sendable (
    _ state: inout GlobalValue, _ reduce: (inout LocalValue) -> [Effect<LocalAction>]
  ) -> [Effect<LocalAction>],
  action: CasePath<GlobalAction, LocalAction>,
  environment: @escaping @Sendable (GlobalEnvironment) -> LocalEnvironment
) -> Reducer<GlobalValue, GlobalAction, GlobalEnvironment> {
  { globalValue, globalAction, globalEnvironment in
    guard let localAction = action.extract(from: globalAction) else { return [] }
    let localEnvironment = environment(globalEnvironment)
    let localEffects = value(&globalValue) { reducer(&$0, localAction, localEnvironment) }
    guard !localEffects.isEmpty else { return [] }
    return embedding(localEffects, action.embed)
  }
}

/// What ``pullback(_:value:action:environment:)`` captures, in one object: the closure it returns then holds
/// one reference, which makes calling it cheaper than with the five values captured one by one.
@usableFromInline
final class PulledBack<LocalValue, GlobalValue, LocalAction, GlobalAction, LocalEnvironment, GlobalEnvironment>:
  Sendable
{
  @usableFromInline let reducer: Reducer<LocalValue, LocalAction, LocalEnvironment>
  @usableFromInline let path: StatePath<GlobalValue, LocalValue>
  @usableFromInline let action: CasePath<GlobalAction, LocalAction>
  @usableFromInline let environment: @Sendable (GlobalEnvironment) -> LocalEnvironment

  @inlinable
  init(
    reducer: @escaping Reducer<LocalValue, LocalAction, LocalEnvironment>,
    path: StatePath<GlobalValue, LocalValue>,
    action: CasePath<GlobalAction, LocalAction>,
    environment: @escaping @Sendable (GlobalEnvironment) -> LocalEnvironment
  ) {
    self.reducer = reducer
    self.path = path
    self.action = action
    self.environment = environment
  }

  @inlinable
  func reduce(
    _ globalValue: inout GlobalValue,
    _ globalAction: GlobalAction,
    _ globalEnvironment: GlobalEnvironment
  ) -> [Effect<GlobalAction>] {
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
  effects.map { $0.embedded(by: embed) }
}
