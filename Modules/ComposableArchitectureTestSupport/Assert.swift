public import ComposableArchitecture

/// Plays a script of steps through a reducer and checks, exhaustively, every state change and every action
/// effects send back.
///
/// ```swift
/// await assert(
///   initialValue: TallyState(count: 6),
///   reducer: tallyReducer,
///   environment: TallyEnvironment(nthPrime: { _ in 13 }),
///   steps:
///     Step(.send, .nthPrimeButtonTapped),
///     Step(.receive, .nthPrimeResponse(13)) { $0.nthPrime = 13 }
/// )
/// ```
///
/// Effects run as in a store: synchronous work at once, asynchronous work in tasks. The actions they send
/// are not reduced until a `.receive` step asks for them, in the order they were sent. The test fails, with a
/// message pointing at the step, when:
/// - the state after a step differs from the previous state with the step's `update` applied (a
///   field-by-field diff, `−` expected and `+` actual);
/// - a `.receive` step gets another action (both are shown), or none within `timeout`;
/// - a step's `update` changes nothing and the state did not change either (drop the closure);
/// - a `.send` step comes while received actions are still unasserted (they are listed once, and stay
///   receivable by the next `.receive` steps);
/// - after the last step, an action is left unasserted, or an effect is still running `timeout` later (each is
///   named by the action that started it and where it was created; it is then cancelled);
/// - an effect throws an error nothing handles, or the reducer triggers any other runtime warning.
///
/// `timeout` is 60 seconds unless given: a passing step never waits it out, and a suite run in parallel on a
/// small, loaded machine can keep an effect from running for half a minute (an effect is queued behind every
/// test started before it).
///
/// Failures are reported to Swift Testing when it runs the test, to XCTest otherwise.
@MainActor
public func assert<Value: Equatable, Action: Equatable, Environment>(
  initialValue: Value,
  reducer: @escaping Reducer<Value, Action, Environment>,
  environment: Environment,
  steps: Step<Value, Action>...,
  timeout: Duration = .seconds(60),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async {
  let callSite = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let run = ExhaustiveRun(initialState: initialValue) { reducer(&$0, $1, environment) }
  for step in steps {
    switch step.type {
    case .send:
      run.send(step.action, update: step.update, at: step.location)
    case .receive:
      await run.receive(.equal(to: step.action), timeout: timeout, update: step.update, at: step.location)
    }
  }
  await run.finish(timeout: timeout, at: callSite)
  run.checkReceivedActionsWereAsserted(at: callSite)
}
