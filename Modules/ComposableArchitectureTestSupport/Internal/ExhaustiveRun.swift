import ComposableArchitecture
import Synchronization

/// The rules shared by `assert(initialValue:reducer:environment:steps:)` and ``TestStore``: every state
/// change must be described, every action effects send back must be received, every effect must finish;
/// with ``exhaustivity`` `.off`, only what the test asserts is checked.
@MainActor
final class ExhaustiveRun<State: Equatable, Action: Equatable> {
  private(set) var state: State
  /// How strictly what the test does not assert is checked; changes apply from the next step on.
  var exhaustivity: Exhaustivity {
    get { recorder.exhaustivity }
    set { recorder.exhaustivity = newValue }
  }
  private let reduce: (inout State, Action) -> [Effect<Action>]
  let recorder = EffectRecorder<Action>()
  private var stepCount = 0
  /// How many of the oldest received actions a failure has already named (a `send` came before they were
  /// received): they stay receivable, and are not reported again.
  private var reportedCount: Int {
    get { recorder.reportedCount }
    set { recorder.reportedCount = newValue }
  }
  /// How many received actions one step reduces without checks before it gives up: a reducer that answers
  /// an action with another one, synchronously and without end, must fail rather than hang the test.
  private let skipLimit = 10_000
  /// The latest actions a non-exhaustive `send` reduced before its own action, with the step that did, so
  /// that a `receive` that finds nothing can say where the action it wanted went.
  private var reducedBySends: ArraySlice<(action: Action, step: String)> = []
  /// Whether a failure was reported: from then on, waits are cut to ``waitAfterFailure``, so that a broken
  /// feature fails in seconds rather than spending the whole timeout on every remaining step.
  var hasFailed: Bool { failed.isSet }
  private let failed = FailureFlag()
  /// The longest a step waits once the test has failed.
  private let waitAfterFailure = Duration.seconds(1)

  init(initialState: State, reduce: @escaping (inout State, Action) -> [Effect<Action>]) {
    state = initialState
    self.reduce = reduce
  }

  /// Sends `action`, as a user would, and checks that the state changed as `update` says.
  ///
  /// Exhaustive: received actions not asserted yet fail, once, and stay receivable. Non-exhaustive: they are
  /// reduced first, in order, as a store would have done.
  func send(_ action: Action, update: ((inout State) throws -> Void)?, at location: TestLocation) {
    let step = nextStep(.send, ValueDump.inline(action))
    switch exhaustivity {
    case .on:
      let unreported = Array(recorder.received.dropFirst(reportedCount))
      if !unreported.isEmpty {
        fail(
          "\(step) was sent before \(count(unreported.count, "received action")) "
            + "had been asserted; add a receive step for each:\n" + bulleted(unreported),
          kind: .actionLeftUnreceived,
          at: location
        )
        reportedCount = recorder.received.count
      }
    case let .off(showSkippedAssertions):
      let skipped = reduceReceivedActions(by: step, at: location)
      reducedBySends = (reducedBySends + skipped.map { ($0, step) }).suffix(100)
      if showSkippedAssertions {
        reportSkipped(skipped, by: step, at: location)
      }
    }
    apply(action, as: step, update: update, at: location)
  }

  /// Waits up to `timeout` for the next action an effect sent, checks it meets `expectation`, reduces it, and
  /// checks that the state changed as `update` says.
  ///
  /// Non-exhaustive: actions that do not meet `expectation` are reduced without checks until one does.
  func receive(
    _ expectation: ActionExpectation<Action>,
    timeout: Duration,
    update: ((inout State) throws -> Void)?,
    at location: TestLocation
  ) async {
    let step = nextStep(.receive, expectation.description)
    let number = stepCount
    let (timeout, note) = patience(timeout)
    let deadline = ContinuousClock.now + timeout
    var skipped: [Action] = []
    while true {
      _ = await recorder.wait(for: max(.zero, deadline - ContinuousClock.now)) {
        !recorder.received.isEmpty || recorder.isIdle
      }
      guard let received = takeFirstReceived() else {
        fail(
          "\(step) expected an action, but \(skipped.isEmpty ? "none" : "none that matches") was received"
            + (recorder.isIdle
              ? "; no effect is running."
              : " within \(timeout)\(note); still running:\n" + describe(recorder.runningEffects))
            + (skipped.isEmpty
              ? ""
              : "\nIt skipped \(count(skipped.count, "received action")) on the way:\n" + bulleted(skipped))
            + reducedEarlier(matching: expectation),
          kind: .noActionReceived,
          at: location
        )
        return
      }
      if expectation.matches(received) {
        if case .off(showSkippedAssertions: true) = exhaustivity {
          reportSkipped(skipped, by: step, at: location)
        }
        apply(received, as: "step \(number) (receive \(ValueDump.inline(received)))", update: update, at: location)
        return
      }
      switch exhaustivity {
      case .on:
        // One failure: the action is reduced all the same, so the next steps start from the state it left,
        // but the update closure, written for the action expected, is not checked against it.
        fail(step + expectation.mismatch(received), kind: .receivedWrongAction, at: location)
        reduceWithoutChecking(received, at: location)
        return
      case .off:
        guard skipped.count < skipLimit else {
          reportEndlessActions(by: step, at: location)
          discardReceived()
          return
        }
        skipped.append(received)
        reduceWithoutChecking(received, at: location)
      }
    }
  }

  /// Waits up to `timeout` for every effect still counted to finish; fails naming those still running (not
  /// a failure when non-exhaustive), cancels them, and waits up to `timeout` again for them to end.
  ///
  /// Non-exhaustive: the actions effects send back meanwhile are reduced, so that the state reflects them.
  func finish(timeout: Duration, at location: TestLocation) async {
    let (timeout, note) = patience(timeout)
    let deadline = ContinuousClock.now + timeout
    var skipped: [Action] = []
    while true {
      if exhaustivity != .on {
        skipped += reduceReceivedActions(by: "finish()", at: location)
      }
      guard !recorder.countedRunningEffects.isEmpty, ContinuousClock.now < deadline else { break }
      let settled = await recorder.wait(for: max(.zero, deadline - ContinuousClock.now)) {
        recorder.countedRunningEffects.isEmpty || (exhaustivity != .on && !recorder.received.isEmpty)
      }
      guard settled else { break }
    }
    let showSkipped = exhaustivity == .off(showSkippedAssertions: true)
    if showSkipped {
      reportSkipped(skipped, by: "finish()", at: location)
    }
    let running = recorder.countedRunningEffects
    guard !running.isEmpty else { return }
    if exhaustivity == .on {
      fail(
        "\(count(running.count, "effect")) still running \(timeout) after the last step\(note); "
          + "make it finish or cancel it in a step:\n" + describe(running),
        kind: .effectStillRunning,
        at: location
      )
    } else if showSkipped {
      reportExpectedFailure(
        "\(count(running.count, "effect")) still running \(timeout) after the last step; exhaustivity is off, "
          + "so \(running.count == 1 ? "it is" : "they are") cancelled:\n" + describe(running),
        kind: .effectStillRunning,
        at: location
      )
    }
    recorder.cancelAll()
    _ = await recorder.wait(for: timeout) { recorder.isIdle }
  }

  /// Fails for every received action nobody asserted and no failure named yet (exhaustive only), then drops
  /// them all.
  func checkReceivedActionsWereAsserted(at location: TestLocation) {
    let unreported = Array(recorder.received.dropFirst(reportedCount))
    discardReceived()
    guard exhaustivity == .on, !unreported.isEmpty else { return }
    fail(
      "\(count(unreported.count, "received action")) left unasserted after the last step; "
        + "add a receive step for each:\n" + bulleted(unreported),
      kind: .actionLeftUnreceived,
      at: location
    )
  }

  /// Reduces every received action, in order, without checking the state; fails, when `strict`, if there
  /// was none.
  func skipReceivedActions(strict: Bool, at location: TestLocation) {
    let skipped = reduceReceivedActions(by: "skipReceivedActions()", at: location)
    guard strict, skipped.isEmpty else { return }
    fail(
      "skipReceivedActions() found no received action to skip; remove the call, or pass strict: false.",
      kind: .nothingToSkip,
      at: location
    )
  }

  /// Stops counting the running effects as work left at the end; fails, when `strict`, if there was none.
  func skipInFlightEffects(strict: Bool, at location: TestLocation) {
    guard recorder.skipRunningEffects() == 0, strict else { return }
    fail(
      "skipInFlightEffects() found no running effect to skip; remove the call, or pass strict: false.",
      kind: .nothingToSkip,
      at: location
    )
  }

  /// A note for a failed `receive`: the action it wanted came back earlier and a non-exhaustive `send`
  /// reduced it; empty when none did.
  private func reducedEarlier(matching expectation: ActionExpectation<Action>) -> String {
    guard let earlier = reducedBySends.last(where: { expectation.matches($0.action) }) else { return "" }
    return "\n\(ValueDump.inline(earlier.action)) came back earlier, and \(earlier.step) reduced it before its "
      + "own action, as a non-exhaustive send does with the actions waiting; receive it before that step."
  }

  /// Reports a failure of the test, of `kind`, and remembers that it failed.
  private func fail(_ message: String, kind: TestFailure.Kind, at location: TestLocation) {
    failed.set()
    reportFailure(message, kind: kind, at: location)
  }

  /// How long a step may wait, given the `timeout` asked for: all of it until the test fails, then at most
  /// ``waitAfterFailure``; with a note for the failure message when the wait was cut.
  private func patience(_ timeout: Duration) -> (Duration, note: String) {
    guard hasFailed, timeout > waitAfterFailure else { return (timeout, "") }
    return (waitAfterFailure, " (cut short: the test had already failed)")
  }

  /// Runs `body` with runtime warnings (from the reducer, and from effects it starts) reported as failures
  /// at `location`.
  private func reportingWarnings<Result>(at location: TestLocation, _ body: () throws -> Result) rethrows -> Result {
    try RuntimeWarning.withHandler({ [failed] message, warningLocation in
      failed.set()
      reportFailure(
        "Runtime warning\(warningLocation.map { " at \($0)" } ?? ""): \(message)", kind: .runtimeWarning, at: location
      )
    }, operation: body)
  }

  private func nextStep(_ type: StepType, _ what: String) -> String {
    stepCount += 1
    return "step \(stepCount) (\(type) \(what))"
  }

  /// Reduces `action`, runs its effects, and checks the change against `update`. Inside `update`, `state`
  /// is still the state before the step.
  private func apply(
    _ action: Action,
    as step: String,
    update: ((inout State) throws -> Void)?,
    at location: TestLocation
  ) {
    let before = state
    var after = state
    reportingWarnings(at: location) {
      recorder.run(reduce(&after, action), for: action)
    }
    check(step, before: before, after: after, update: update, at: location)
    state = after
  }

  private func reduceWithoutChecking(_ action: Action, at location: TestLocation) {
    reportingWarnings(at: location) {
      recorder.run(reduce(&state, action), for: action)
    }
  }

  /// Reduces the received actions, oldest first, including those their effects send synchronously, for
  /// `step`; fails and drops the rest after ``skipLimit`` of them.
  private func reduceReceivedActions(by step: String, at location: TestLocation) -> [Action] {
    var reduced: [Action] = []
    while let action = takeFirstReceived() {
      guard reduced.count < skipLimit else {
        reportEndlessActions(by: step, at: location)
        discardReceived()
        break
      }
      reduced.append(action)
      reduceWithoutChecking(action, at: location)
    }
    return reduced
  }

  private func reportEndlessActions(by step: String, at location: TestLocation) {
    fail(
      "\(step) skipped \(skipLimit) received actions and more keep coming; a reducer that answers an action "
        + "with another one, synchronously and without end, never settles.",
      kind: .actionsNeverSettled,
      at: location
    )
  }

  private func takeFirstReceived() -> Action? {
    guard let action = recorder.takeFirst() else { return nil }
    reportedCount = max(0, reportedCount - 1)
    return action
  }

  private func discardReceived() {
    recorder.discardReceived()
    reportedCount = 0
  }

  private func reportSkipped(_ skipped: [Action], by step: String, at location: TestLocation) {
    guard !skipped.isEmpty else { return }
    reportExpectedFailure(
      "\(step) skipped \(count(skipped.count, "received action")) that no receive step asserted:\n"
        + bulleted(skipped),
      kind: .actionLeftUnreceived,
      at: location
    )
  }

  /// Checks the state `after` the step against `update`: applied to the state `before` it when exhaustive,
  /// to `after` itself when not (then only what `update` sets is checked).
  private func check(
    _ step: String,
    before: State,
    after: State,
    update: ((inout State) throws -> Void)?,
    at location: TestLocation
  ) {
    var expected = before
    do {
      try update?(&expected)
    } catch {
      fail("\(step): the update closure threw \(error).", kind: .updateClosureThrew, at: location)
      return
    }
    switch exhaustivity {
    case .on:
      if expected != after {
        reportMismatch(step, expected: expected, actual: after, at: location)
      } else if update != nil, after == before {
        reportNoChange(step, at: location)
      }
    case let .off(showSkippedAssertions):
      if let update {
        var expectedFromActual = after
        do {
          try update(&expectedFromActual)
        } catch {
          fail("\(step): the update closure threw \(error).", kind: .updateClosureThrew, at: location)
          return
        }
        // What the closure sets holds: that is all a non-exhaustive step checks, even a value that did not
        // change (asserting it stayed is an assertion too).
        guard expectedFromActual == after else {
          reportMismatch(step, expected: expectedFromActual, actual: after, at: location)
          return
        }
      }
      if showSkippedAssertions, expected != after {
        reportExpectedFailure(
          "\(step) left state changes unasserted: (− expected, + actual)\n"
            + stateDiff(expected: expected, actual: after),
          kind: .stateChangedUnexpectedly,
          at: location
        )
      }
    }
  }

  private func reportMismatch(_ step: String, expected: State, actual: State, at location: TestLocation) {
    fail(
      "State after \(step) does not match the expectation: (− expected, + actual)\n"
        + stateDiff(expected: expected, actual: actual),
      kind: .stateChangedUnexpectedly,
      at: location
    )
  }

  private func reportNoChange(_ step: String, at location: TestLocation) {
    fail(
      "\(step) expected the state to change, but it did not; the update closure only sets what the state "
        + "already held. If the step changes nothing, drop the trailing closure.",
      kind: .stateDidNotChange,
      at: location
    )
  }
}

/// Whether a test has failed; set from any thread, as effects report their runtime warnings from their own
/// tasks.
private final class FailureFlag: Sendable {
  private let value = Atomic<Bool>(false)

  var isSet: Bool { value.load(ordering: .relaxed) }

  func set() {
    value.store(true, ordering: .relaxed)
  }
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
