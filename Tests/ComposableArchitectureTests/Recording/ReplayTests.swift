import ComposableArchitecture
import Foundation
import Synchronization
import Testing

/// How many times ``ReplayTests``' counting client was called.
private let fetchCalls = Atomic(0)

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ReplayTests {
  /// A run recorded from a live store of `reducer`: user actions, synchronous effects and an asynchronous one;
  /// ended normally (with the state it ended in) unless `ended` is false.
  private func recordedRun(
    ended: Bool = true,
    reducer: @escaping Reducer<LedgerState, LedgerAction, LedgerEnvironment> = ledgerReducer
  ) async throws -> Recording<LedgerState, LedgerAction> {
    let lines = RecordedLines()
    let store = Store(
      initialValue: LedgerState(), reducer: reducer, environment: LedgerEnvironment(fetch: { 40 })
    )
    let recorder = lines.recorder()
    store.record(to: recorder)
    store.send(.addTwiceTapped)
    await store.send(.fetchTapped).finish()
    store.send(.echoTapped("hi"))
    if ended {
      recorder.finish(with: store.value)
    }
    return try Recording(data: Data(lines.text.utf8))
  }

  /// An environment whose client counts its calls: a replay must not make any.
  private let counting = LedgerEnvironment(fetch: {
    fetchCalls.add(1, ordering: .relaxed)
    return -1
  })

  @Test func aRecordedRunReplaysFaithfullyWithoutRunningAnyEffect() async throws {
    let recording = try await recordedRun()
    let before = fetchCalls.load(ordering: .relaxed)

    let report = replay(recording, reducer: ledgerReducer, environment: counting)

    #expect(report.isFaithful)
    #expect(report.summary == "Replayed 7 steps faithfully; 8 recorded states matched.")
    #expect(report.state == LedgerState(total: 40, echoes: ["hi"]))
    #expect(fetchCalls.load(ordering: .relaxed) == before)
  }

  @Test func aChangedReducerDivergesAtTheFirstStepItChangesWithADiff() async throws {
    let recording = try await recordedRun()
    let doubling: Reducer<LedgerState, LedgerAction, LedgerEnvironment> = { state, action, environment in
      if case let .add(amount) = action {
        state.total += 2 * amount
        return []
      }
      return ledgerReducer(&state, action, environment)
    }

    let report = replay(recording, reducer: doubling, environment: counting)

    #expect(report.stepsReplayed == 2)
    #expect(report.divergence?.step.number == 2)
    #expect(
      report.summary == """
        Replay diverged at step 2 (effect action LedgerAction.add(1)): the state differs from the recording's \
        (− recorded, + replayed):
          LedgerState(
        −   total: 1,
        +   total: 2,
            …
          )
        """
    )
  }

  @Test func aReplayStopsAfterTheStepAskedFor() async throws {
    let recording = try await recordedRun()

    let report = replay(recording, reducer: ledgerReducer, environment: counting, through: 3)

    #expect(report.stepsReplayed == 3)
    #expect(report.state == LedgerState(total: 2))
  }

  @Test func onlyTheRecordedStatesAreCompared() async throws {
    var recording = try await recordedRun()
    recording.steps = recording.steps.map { step in
      var step = step
      step.state = step.number == 7 ? step.state : nil
      return step
    }

    let report = replay(recording, reducer: ledgerReducer, environment: counting)

    #expect(report.summary == "Replayed 7 steps faithfully; 2 recorded states matched.")
  }

  /// A reducer that sets the same state but no longer starts the request: the recorded answer would come
  /// from nowhere, and the replay says so at the step, though every state matches.
  @Test func aReducerThatStopsStartingAnEffectDivergesAtThatStep() async throws {
    let recording = try await recordedRun()
    let forgetful: Reducer<LedgerState, LedgerAction, LedgerEnvironment> = { state, action, environment in
      if case .fetchTapped = action {
        state.isFetching = true
        return []
      }
      return ledgerReducer(&state, action, environment)
    }

    let report = replay(recording, reducer: forgetful, environment: counting)

    #expect(report.divergence?.step.number == 4)
    #expect(report.divergence?.recorded == nil)
    #expect(
      report.summary == """
        Replay diverged at step 4 (user action LedgerAction.fetchTapped): the reducer returned other effects \
        than the recording's (− recorded, + replayed):
          − 1 asynchronous effect
          + no effect
        """
    )
  }

  /// The same state and as many effects, but the request is answered at once: the replay compares the kinds
  /// of effects, not only whether there were some.
  @Test func anAsynchronousEffectReplacedByAnImmediateOneDivergesAtThatStep() async throws {
    let recording = try await recordedRun()
    let eager: Reducer<LedgerState, LedgerAction, LedgerEnvironment> = { state, action, environment in
      if case .fetchTapped = action {
        state.isFetching = true
        return [.send(.fetched(total: 40))]
      }
      return ledgerReducer(&state, action, environment)
    }

    let report = replay(recording, reducer: eager, environment: counting)

    #expect(report.divergence?.step.number == 4)
    #expect(
      report.summary == """
        Replay diverged at step 4 (user action LedgerAction.fetchTapped): the reducer returned other effects \
        than the recording's (− recorded, + replayed):
          − 1 asynchronous effect
          + 1 immediate effect
        """
    )
  }

  /// A reducer that starts the request twice, where the recording holds one: the replay compares how many
  /// effects of each kind, not only whether there were some.
  @Test func oneEffectBecomingTwoDivergesAtThatStep() async throws {
    let recording = try await recordedRun()
    let doubled: Reducer<LedgerState, LedgerAction, LedgerEnvironment> = { state, action, environment in
      let effects = ledgerReducer(&state, action, environment)
      if case .fetchTapped = action {
        return effects + effects
      }
      return effects
    }

    let report = replay(recording, reducer: doubled, environment: counting)

    #expect(report.divergence?.step.number == 4)
    #expect(
      report.summary == """
        Replay diverged at step 4 (user action LedgerAction.fetchTapped): the reducer returned other effects \
        than the recording's (− recorded, + replayed):
          − 1 asynchronous effect
          + 2 asynchronous effects
        """
    )
  }

  /// A run recorded while the request cancelled the one in flight, replayed through a reducer that no longer
  /// does: it still starts the request, but the dropped cancellation is caught at its step.
  @Test func aDroppedCancellationDivergesAtThatStep() async throws {
    let cancelling: Reducer<LedgerState, LedgerAction, LedgerEnvironment> = { state, action, environment in
      let effects = ledgerReducer(&state, action, environment)
      if case .fetchTapped = action {
        return effects.map { $0.cancellable(id: "fetch", cancelInFlight: true) }
      }
      return effects
    }
    let recording = try await recordedRun(reducer: cancelling)
    #expect(replay(recording, reducer: cancelling, environment: counting).isFaithful)

    let report = replay(recording, reducer: ledgerReducer, environment: counting)

    #expect(report.divergence?.step.number == 4)
    #expect(
      report.summary == """
        Replay diverged at step 4 (user action LedgerAction.fetchTapped): the reducer returned other effects \
        than the recording's (− recorded, + replayed):
          − 1 asynchronous effect, 1 cancellation
          + 1 asynchronous effect
        """
    )
  }

  /// A recording of version 1 holds no effects: only its states are compared.
  @Test func aRecordingWithoutEffectsComparesStatesOnly() async throws {
    var recording = try await recordedRun()
    recording.steps = recording.steps.map { step in
      var step = step
      step.effects = nil
      return step
    }
    let silent: Reducer<LedgerState, LedgerAction, LedgerEnvironment> = { state, action, environment in
      _ = ledgerReducer(&state, action, environment)
      return []
    }

    #expect(replay(recording, reducer: silent, environment: counting).isFaithful)
  }

  /// The state the run ended in is checked even when the last step recorded none.
  @Test func theEndStateIsComparedAfterTheLastStep() async throws {
    var recording = try await recordedRun()
    recording.steps = recording.steps.map { step in
      var step = step
      step.state = nil
      return step
    }
    recording.finalState = LedgerState(total: 40, echoes: ["hi", "hi"])

    let report = replay(recording, reducer: ledgerReducer, environment: counting)

    #expect(report.statesCompared == 1)
    #expect(
      report.summary == """
        Replay diverged at the end of the run, after step 7 (effect action LedgerAction.echoed("hi")): the state \
        differs from the recording's (− recorded, + replayed):
          LedgerState(
            …
        −   echoes: ["hi", "hi"],
        +   echoes: ["hi"],
            …
          )
        """
    )
    recording.finalState = LedgerState(total: 40, echoes: ["hi"])
    #expect(replay(recording, reducer: ledgerReducer, environment: counting).summary
      == "Replayed 7 steps faithfully; 1 recorded state matched.")
    #expect(replay(recording, reducer: ledgerReducer, environment: counting, through: 6).statesCompared == 0)
  }

  /// A run that did not end normally (no `finish(with:)`, as when a signal ends the program) replays
  /// faithfully, and the summary says that the state it ended in was not checked.
  @Test func aRunWithoutItsEndSaysItsEndWasNotChecked() async throws {
    let recording = try await recordedRun(ended: false)

    let report = replay(recording, reducer: ledgerReducer, environment: counting)

    #expect(report.isFaithful)
    #expect(report.endIsMissing)
    #expect(
      report.summary == """
        Replayed 7 steps faithfully; 7 recorded states matched.
        The recording has no end: the run it records did not end normally (a signal, a crash, or a recording \
        that could not be written to the end), so the state it ended in was not checked.
        """
    )
    #expect(!replay(recording, reducer: ledgerReducer, environment: counting, through: 6).endIsMissing)
    #expect(!replay(try await recordedRun(), reducer: ledgerReducer, environment: counting).endIsMissing)
  }
}
