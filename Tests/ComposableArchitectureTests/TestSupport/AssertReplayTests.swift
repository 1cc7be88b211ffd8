import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Testing

/// `assertReplay`: silent on a faithful recording, a failure naming the step and showing the diff otherwise.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct AssertReplayTests {
  private let environment = LedgerEnvironment(fetch: { 40 })

  /// A run of the ledger recorded to a file in a fresh directory, which `body` gets.
  private func withRecordedRun(_ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assert-replay-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("run.jsonl")
    let store = Store(initialValue: LedgerState(), reducer: ledgerReducer, environment: environment)
    store.record(to: try Recorder(path: url.path, snapshotInterval: 1))
    store.send(.add(3))
    await store.send(.fetchTapped).finish()
    store.send(.addTwiceTapped)
    try await body(url)
  }

  @Test func aFaithfulReplayPasses() async throws {
    try await withRecordedRun { url in
      let failures = await collectTestFailures {
        assertReplay(of: url, reducer: ledgerReducer, environment: LedgerEnvironment(fetch: { -1 }))
      }
      #expect(failures.isEmpty)
    }
  }

  @Test func aFaithfulReplayOfAProtocolStyleReducerPasses() async throws {
    try await withRecordedRun { url in
      let environment = environment
      let failures = await collectTestFailures {
        assertReplay(
          of: url,
          reducer: Reduce<LedgerState, LedgerAction> { state, action in
            .merge(ledgerReducer(&state, action, environment))
          }
        )
      }
      #expect(failures.isEmpty)
    }
  }

  @Test func aChangedReducerFailsTheTestAtTheCallWithTheStepAndTheDiff() async throws {
    try await withRecordedRun { url in
      let addingTwice: Reducer<LedgerState, LedgerAction, LedgerEnvironment> = { state, action, environment in
        if case let .fetched(total) = action {
          state.isFetching = false
          state.total = total + 1
          return []
        }
        return ledgerReducer(&state, action, environment)
      }
      let callLine = #line + 2
      let failures = await collectTestFailures {
        assertReplay(of: url, reducer: addingTwice, environment: environment)
      }
      #expect(
        failures.map(\.description) == [
          """
          ComposableArchitectureTests/AssertReplayTests.swift:\(callLine): run.jsonl: Replay diverged at step 3 \
          (effect action LedgerAction.fetched(total: 40)): the state differs from the recording's (− recorded, + \
          replayed):
            LedgerState(
          −   total: 40,
          +   total: 41,
              …
            )
          """
        ]
      )
    }
  }

  @Test func anUnreadableRecordingFailsTheTestNamingTheLine() async throws {
    try await withRecordedRun { url in
      var text = try String(contentsOf: url, encoding: .utf8)
      text = text.replacingOccurrences(of: #""step":2,"origin":"user""#, with: #""step":2,"origin":"nobody""#)
      try text.write(to: url, atomically: true, encoding: .utf8)
      let failures = await collectTestFailures {
        assertReplay(of: url, reducer: ledgerReducer, environment: environment)
      }
      #expect(failures.count == 1)
      #expect(failures.first?.message.hasPrefix("Cannot replay run.jsonl: line 3: the step does not decode") == true)
    }
  }
}
