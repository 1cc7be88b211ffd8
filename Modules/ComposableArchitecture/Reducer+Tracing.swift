/// Wraps a reducer so that every action it reduces is written to a ``Trace`` taken from the environment,
/// with the change it made to the state.
///
/// `trace` is asked once per action; when it returns nil, or a trace that is off, the reducer runs as if
/// unwrapped, without copying the state. The entry is written right after the wrapped reducer returns, before
/// any of its effects starts, so entries come in the order the actions were reduced, effects' actions
/// included. The trace decides where entries go; a terminal application should keep them off standard
/// output unless the trace is what the person asked to see.
public func tracing<Value, Action, Environment>(
  _ reducer: @escaping Reducer<Value, Action, Environment>,
  to trace: @escaping @Sendable (Environment) -> Trace?
) -> Reducer<Value, Action, Environment> {
  { value, action, environment in
    guard let trace = trace(environment), trace.isOn else {
      return reducer(&value, action, environment)
    }
    let before = value
    let effects = reducer(&value, action, environment)
    trace.record(action, from: before, to: value)
    return effects
  }
}

/// Wraps a reducer so that every action it reduces is written to `trace`, with the change it made to the
/// state; see the overload that takes the trace from the environment.
public func tracing<Value, Action, Environment>(
  _ reducer: @escaping Reducer<Value, Action, Environment>,
  to trace: Trace
) -> Reducer<Value, Action, Environment> {
  { value, action, environment in
    guard trace.isOn else {
      return reducer(&value, action, environment)
    }
    let before = value
    let effects = reducer(&value, action, environment)
    trace.record(action, from: before, to: value)
    return effects
  }
}
