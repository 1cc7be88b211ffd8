/// Wraps a reducer so that every action and the state it leaves behind are written through a logger taken from
/// the environment.
///
/// For each action the logger receives, in this order: `Action: <action>`, `Value:`, a `dump` of the new state,
/// and `---`. The logging runs as the first effect of the action, after the wrapped reducer, so the dump shows
/// the state that reducer produced. The logger decides where lines go; a terminal application should never
/// send them to standard output.
///
/// The dump is of the whole state, whatever the action changed: for a large state, or to see what an action
/// did, use `tracing(_:to:)`, which writes only the difference and can be switched off.
///
/// ```swift
/// let loggedShelfReducer = logging(shelfReducer, logger: { environment in environment.log })
/// ```
///
/// - Parameters:
///   - reducer: the reducer whose actions and states are written; it runs unchanged.
///   - logger: picks, from the environment each action is reduced with, the function that writes one line;
///     it is called once per action, and the line function it returns once per line.
/// - Returns: a reducer of the same domain that runs `reducer`, then writes the entry as its first effect.
public func logging<Value, Action, Environment>(
  _ reducer: @escaping Reducer<Value, Action, Environment>,
  logger: @escaping @Sendable (Environment) -> (String) -> Void
) -> Reducer<Value, Action, Environment> {
  { value, action, environment in
    let effects = reducer(&value, action, environment)
    let newValue = value
    let log = logger(environment)
    let entry = Effect<Action>.fireAndForget {
      log("Action: \(action)")
      log("Value:")
      var dumped = ""
      dump(newValue, to: &dumped)
      log(dumped.hasSuffix("\n") ? String(dumped.dropLast()) : dumped)
      log("---")
    }
    return [entry] + effects
  }
}
