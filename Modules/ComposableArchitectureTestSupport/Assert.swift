public import ComposableArchitecture

/// Plays a script of steps through a reducer and checks, exhaustively, every state change and every action
/// effects send back.
///
/// ```swift
/// await assert(
///   initialValue: CounterViewState(count: 2),
///   reducer: counterViewReducer,
///   environment: { _ in .sync { 17 } },
///   steps:
///     Step(.send, .counter(.incrTapped)) { $0.count = 3 },
///     Step(.send, .counter(.nthPrimeButtonTapped)) { $0.isNthPrimeButtonDisabled = true },
///     Step(.receive, .counter(.nthPrimeResponse(n: 3, prime: 17))) { ... }
/// )
/// ```
///
/// Effects run as in a store: synchronous work at once, asynchronous work in tasks. The actions they send
/// are not reduced until a `.receive` step asks for them, in the order they were sent. The test fails, with a
/// message pointing at the step, when:
/// - the state after a step differs from the previous state with the step's `update` applied (a
///   field-by-field diff, `−` expected and `+` actual);
/// - a `.receive` step gets another action (both are shown), or none within `timeout`;
/// - a `.send` step comes while received actions are still unasserted (they are listed, then dropped);
/// - after the last step, an action is left unasserted, or an effect is still running `timeout` later (each is
///   named by the action that started it and where it was created; it is then cancelled);
/// - an effect throws an error nothing handles, or the reducer triggers any other runtime warning.
///
/// Failures are reported to Swift Testing when it runs the test, to XCTest otherwise.
@MainActor
public func assert<Value: Equatable, Action: Equatable, Environment>(
  initialValue: Value,
  reducer: Reducer<Value, Action, Environment>,
  environment: Environment,
  steps: Step<Value, Action>...,
  timeout: Duration = .seconds(1),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async {
  let callSite = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let recorder = EffectRecorder<Action>()
  await RuntimeWarning.$handler.withValue({ message, location in
    reportFailure("Runtime warning\(location.map { " at \($0)" } ?? ""): \(message)", at: callSite)
  }) {
    var state = initialValue
    for (index, step) in steps.enumerated() {
      let stepName = "step \(index + 1) (\(step.type) \(ValueDump.inline(step.action)))"
      var expected = state
      switch step.type {
      case .send:
        if !recorder.received.isEmpty {
          reportFailure(
            "\(stepName) was sent before \(count(recorder.received.count, "received action")) "
              + "had been asserted; add a receive step for each:\n" + bulleted(recorder.received),
            at: step.location
          )
          recorder.discardReceived()
        }
        recorder.run(reducer(&state, step.action, environment), for: step.action)

      case .receive:
        _ = await recorder.wait(for: timeout) { !recorder.received.isEmpty || recorder.isIdle }
        guard let received = recorder.takeFirst() else {
          reportFailure(
            "\(stepName) expected an action, but none was received"
              + (recorder.isIdle
                ? "; no effect is running."
                : " within \(timeout); still running:\n" + describe(recorder.runningEffects)),
            at: step.location
          )
          continue
        }
        if received != step.action {
          reportFailure(
            "\(stepName) received another action: (− expected, + received)\n"
              + LineDiff.render(
                expected: ValueDump.compactLines(step.action),
                actual: ValueDump.compactLines(received)
              ),
            at: step.location
          )
        }
        recorder.run(reducer(&state, received, environment), for: received)
      }
      step.update(&expected)
      if state != expected {
        reportFailure(
          "State after \(stepName) does not match the expectation: (− expected, + actual)\n"
            + stateDiff(expected: expected, actual: state),
          at: step.location
        )
      }
    }

    _ = await recorder.wait(for: timeout) { recorder.isIdle }
    if !recorder.received.isEmpty {
      reportFailure(
        "\(count(recorder.received.count, "received action")) left unasserted after the last step; "
          + "add a receive step for each:\n" + bulleted(recorder.received),
        at: callSite
      )
    }
    if !recorder.isIdle {
      reportFailure(
        "\(count(recorder.runningEffects.count, "effect")) still running \(timeout) after the last step; "
          + "make it finish or cancel it in a step:\n" + describe(recorder.runningEffects),
        at: callSite
      )
      recorder.cancelAll()
    }
  }
}

private func stateDiff<Value>(expected: Value, actual: Value) -> String {
  let expectedLines = ValueDump.lines(expected)
  let actualLines = ValueDump.lines(actual)
  guard expectedLines != actualLines else {
    return "  (the values print the same; check the type's == implementation)\n"
      + expectedLines.map { "  \($0)" }.joined(separator: "\n")
  }
  return LineDiff.render(expected: expectedLines, actual: actualLines)
}

private func bulleted<Action>(_ actions: [Action]) -> String {
  actions.map { "  • \(ValueDump.inline($0))" }.joined(separator: "\n")
}

private func describe<Action>(_ effects: [EffectRunner<Action>.RunningEffect]) -> String {
  effects.map { effect in
    "  • an effect created at \(effect.location)" + (effect.origin.map { ", returned for \($0)" } ?? "")
  }
  .joined(separator: "\n")
}

private func count(_ n: Int, _ noun: String) -> String {
  n == 1 ? "1 \(noun)" : "\(n) \(noun)s"
}
