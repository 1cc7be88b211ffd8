import ComposableArchitecture
import Foundation
import Synchronization
import Testing

/// How many times ``ReplayTests``' counting client was called.
private let fetchCalls = Atomic(0)

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ReplayTests {
  /// A run recorded from a live store: user actions, synchronous effects and an asynchronous one.
  private func recordedRun() async throws -> Recording<LedgerState, LedgerAction> {
    let lines = RecordedLines()
    let store = Store(
      initialValue: LedgerState(), reducer: ledgerReducer, environment: LedgerEnvironment(fetch: { 40 })
    )
    store.record(to: lines.recorder())
    store.send(.addTwiceTapped)
    await store.send(.fetchTapped).finish()
    store.send(.echoTapped("hi"))
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
    #expect(report.summary == "Replayed 7 steps faithfully; 7 recorded states matched.")
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

    #expect(report.summary == "Replayed 7 steps faithfully; 1 recorded state matched.")
  }
}
