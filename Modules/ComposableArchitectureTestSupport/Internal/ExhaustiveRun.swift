import ComposableArchitecture

/// The rules shared by `assert(initialValue:reducer:environment:steps:)` and ``TestStore``: every state
/// change must be described, every action effects send back must be received, every effect must finish.
@MainActor
final class ExhaustiveRun<State: Equatable, Action: Equatable> {
  private(set) var state: State
  private let reduce: (inout State, Action) -> [Effect<Action>]
  let recorder = EffectRecorder<Action>()
  private var stepCount = 0

  init(initialState: State, reduce: @escaping (inout State, Action) -> [Effect<Action>]) {
    state = initialState
    self.reduce = reduce
  }

  /// Sends `action`, as a user would, and checks that the state changed as `update` says.
  func send(_ action: Action, update: ((inout State) throws -> Void)?, at location: TestLocation) {
    let step = nextStep(.send, action)
    if !recorder.received.isEmpty {
      reportFailure(
        "\(step) was sent before \(count(recorder.received.count, "received action")) "
          + "had been asserted; add a receive step for each:\n" + bulleted(recorder.received),
        at: location
      )
      recorder.discardReceived()
    }
    var expected = state
    reporting(at: location) {
      recorder.run(reduce(&state, action), for: action)
    }
    check(step, expected: &expected, update: update, at: location)
  }

  /// Waits up to `timeout` for the next action an effect sent, checks it is `action`, reduces it, and checks
  /// that the state changed as `update` says.
  func receive(
    _ action: Action,
    timeout: Duration,
    update: ((inout State) throws -> Void)?,
    at location: TestLocation
  ) async {
    let step = nextStep(.receive, action)
    _ = await recorder.wait(for: timeout) { !recorder.received.isEmpty || recorder.isIdle }
    guard let received = recorder.takeFirst() else {
      reportFailure(
        "\(step) expected an action, but none was received"
          + (recorder.isIdle
            ? "; no effect is running."
            : " within \(timeout); still running:\n" + describe(recorder.runningEffects)),
        at: location
      )
      return
    }
    if received != action {
      reportFailure(
        "\(step) received another action: (− expected, + received)\n"
          + LineDiff.render(expected: ValueDump.compactLines(action), actual: ValueDump.compactLines(received)),
        at: location
      )
    }
    var expected = state
    reporting(at: location) {
      recorder.run(reduce(&state, received), for: received)
    }
    check(step, expected: &expected, update: update, at: location)
  }

  /// Waits up to `timeout` for every effect to finish; fails naming those still running, cancels them, and
  /// waits up to `timeout` again for them to end.
  func finish(timeout: Duration, at location: TestLocation) async {
    _ = await recorder.wait(for: timeout) { recorder.isIdle }
    guard !recorder.isIdle else { return }
    reportFailure(
      "\(count(recorder.runningEffects.count, "effect")) still running \(timeout) after the last step; "
        + "make it finish or cancel it in a step:\n" + describe(recorder.runningEffects),
      at: location
    )
    recorder.cancelAll()
    _ = await recorder.wait(for: timeout) { recorder.isIdle }
  }

  /// Fails for every received action nobody asserted, then drops them.
  func checkReceivedActionsWereAsserted(at location: TestLocation) {
    guard !recorder.received.isEmpty else { return }
    reportFailure(
      "\(count(recorder.received.count, "received action")) left unasserted after the last step; "
        + "add a receive step for each:\n" + bulleted(recorder.received),
      at: location
    )
    recorder.discardReceived()
  }

  /// Fails, without waiting, for actions not asserted and effects still running (then cancelled), reporting
  /// to `collector` when given.
  func checkEverythingWasAsserted(at location: TestLocation, collector: FailureCollector?) {
    if !recorder.received.isEmpty {
      reportFailure(
        "\(count(recorder.received.count, "received action")) left unasserted when the test store went "
          + "away; add a receive step for each, then await store.finish():\n" + bulleted(recorder.received),
        at: location,
        collector: collector
      )
      recorder.discardReceived()
    }
    guard !recorder.isIdle else { return }
    reportFailure(
      "\(count(recorder.runningEffects.count, "effect")) still running when the test store went away; "
        + "await store.finish(), or cancel it in a step:\n" + describe(recorder.runningEffects),
      at: location,
      collector: collector
    )
    recorder.cancelAll()
  }

  private func nextStep(_ type: StepType, _ action: Action) -> String {
    stepCount += 1
    return "step \(stepCount) (\(type) \(ValueDump.inline(action)))"
  }

  private func check(
    _ step: String,
    expected: inout State,
    update: ((inout State) throws -> Void)?,
    at location: TestLocation
  ) {
    do {
      try update?(&expected)
    } catch {
      reportFailure("\(step): the update closure threw \(error).", at: location)
      return
    }
    guard state != expected else { return }
    reportFailure(
      "State after \(step) does not match the expectation: (− expected, + actual)\n"
        + stateDiff(expected: expected, actual: state),
      at: location
    )
  }
}

/// Runs `body` with runtime warnings (from the reducer, and from effects it starts) reported as failures
/// at `location`.
func reporting<Result>(at location: TestLocation, _ body: () throws -> Result) rethrows -> Result {
  try RuntimeWarning.withHandler({ message, warningLocation in
    reportFailure("Runtime warning\(warningLocation.map { " at \($0)" } ?? ""): \(message)", at: location)
  }, operation: body)
}

private func stateDiff<State>(expected: State, actual: State) -> String {
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
