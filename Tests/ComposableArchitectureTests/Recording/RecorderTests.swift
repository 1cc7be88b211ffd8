import ComposableArchitecture
import Foundation
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct RecorderTests {
  private let environment = LedgerEnvironment(fetch: { 40 })

  @Test func aStoreRecordsTheHeaderThenEachActionWithItsOriginItsEffectsAndTheStateAfterIt() async {
    let lines = RecordedLines()
    let store = Store(initialValue: LedgerState(total: 1), reducer: ledgerReducer, environment: environment)
    store.record(to: lines.recorder())
    store.send(.add(2))
    store.send(.echoTapped("hi"))
    await store.send(.fetchTapped).finish()

    #expect(
      lines.all == [
        #"{"format":"composable-architecture-recording","version":2,"snapshotInterval":1,"state":{"echoes":[],"isFetching":false,"total":1}}"#,
        #"{"step":1,"origin":"user","action":{"add":{"_0":2}},"state":{"echoes":[],"isFetching":false,"total":3}}"#,
        #"{"step":2,"origin":"user","action":{"echoTapped":{"_0":"hi"}},"effects":{"sync":1},"state":{"echoes":[],"isFetching":false,"total":3}}"#,
        #"{"step":3,"origin":"effect","action":{"echoed":{"_0":"hi"}},"state":{"echoes":["hi"],"isFetching":false,"total":3}}"#,
        #"{"step":4,"origin":"user","action":{"fetchTapped":{}},"effects":{"run":1},"state":{"echoes":["hi"],"isFetching":true,"total":3}}"#,
        #"{"step":5,"origin":"effect","action":{"fetched":{"total":40}},"state":{"echoes":["hi"],"isFetching":false,"total":40}}"#,
      ]
    )
  }

  @Test func theHeaderNamesTheProgramRecordingAfterTheVersion() throws {
    let lines = RecordedLines()
    let store = Store(initialValue: LedgerState(), reducer: ledgerReducer, environment: environment)
    store.record(to: lines.recorder(program: "ledger \"demo\""))

    #expect(
      lines.all == [
        #"{"format":"composable-architecture-recording","version":2,"program":"ledger \"demo\"","snapshotInterval":1,"state":{"echoes":[],"isFetching":false,"total":0}}"#
      ]
    )
    #expect(try Recording<LedgerState, LedgerAction>(data: Data(lines.text.utf8)).program == "ledger \"demo\"")
  }

  @Test func theStateIsRecordedEveryNStepsOnly() {
    let lines = RecordedLines()
    let store = Store(initialValue: LedgerState(), reducer: ledgerReducer, environment: environment)
    store.record(to: lines.recorder(snapshotInterval: 2))
    store.send(.addTwiceTapped)
    store.send(.add(5))

    #expect(lines.all.dropFirst().map { $0.contains(#""state":"#) } == [false, true, false, true])
    #expect(lines.all[3] == #"{"step":3,"origin":"effect","action":{"add":{"_0":1}}}"#)
  }

  @Test func anActionSentWhileTheStoreIsBusyIsStillTheUsersAndEffectsActionsKeepTheirOrder() {
    let lines = RecordedLines()
    let store = Store(initialValue: LedgerState(), reducer: ledgerReducer, environment: environment)
    store.record(to: lines.recorder(snapshotInterval: 100))
    // An observer sending while the store drains: its action is queued behind the effects' ones.
    var sent = false
    let observation = store.observe { state in
      if state.total == 2, !sent {
        sent = true
        store.send(.echoTapped("late"))
      }
    }
    store.send(.addTwiceTapped)
    observation.cancel()

    #expect(
      lines.all.dropFirst() == [
        #"{"step":1,"origin":"user","action":{"addTwiceTapped":{}},"effects":{"sync":2}}"#,
        #"{"step":2,"origin":"effect","action":{"add":{"_0":1}}}"#,
        #"{"step":3,"origin":"effect","action":{"add":{"_0":1}}}"#,
        #"{"step":4,"origin":"user","action":{"echoTapped":{"_0":"late"}},"effects":{"sync":1}}"#,
        #"{"step":5,"origin":"effect","action":{"echoed":{"_0":"late"}}}"#,
      ]
    )
  }

  @Test func aRecorderWritesAFileOnlyItsOwnerCanReadThatReadsBackAsTheRun() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID()).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let store = Store(initialValue: LedgerState(), reducer: ledgerReducer, environment: environment)
    let recorder = try Recorder<LedgerState, LedgerAction>(path: path, snapshotInterval: 2)
    store.record(to: recorder)
    store.send(.add(3))
    store.send(.echoTapped("x"))
    recorder.finish(with: store.value)

    let recording = try Recording<LedgerState, LedgerAction>(contentsOf: URL(fileURLWithPath: path))
    #expect(
      recording
        == Recording(
          initialState: LedgerState(),
          snapshotInterval: 2,
          steps: [
            .init(number: 1, origin: .user, action: .add(3), effects: .noEffect),
            .init(
              number: 2, origin: .user, action: .echoTapped("x"), state: LedgerState(total: 3),
              effects: EffectSummary(sync: 1, run: 0, cancel: 0)
            ),
            .init(number: 3, origin: .effect, action: .echoed("x"), effects: .noEffect),
          ],
          finalState: LedgerState(total: 3, echoes: ["x"])
        )
    )
    let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(permissions == 0o600)
  }

  @Test func aRecorderThatCannotCreateItsFileSaysWhy() {
    #expect(throws: RecordingError(line: nil, "cannot create /nonexistent/dir/run.jsonl: no such file or directory")) {
      try Recorder<LedgerState, LedgerAction>(path: "/nonexistent/dir/run.jsonl")
    }
  }

  @Test func aScopedStoreDoesNotRecord() {
    let lines = RecordedLines()
    let store = Store(initialValue: LedgerState(), reducer: ledgerReducer, environment: environment)
    let scoped = store.scope(value: \.total, action: LedgerAction.add)
    withKnownIssue {
      scoped.record(to: Recorder<Int, Int>(snapshotInterval: 1) { lines.all.append($0) })
    } matching: { $0.description.contains("Only a root store can record") }
    #expect(lines.all.isEmpty)
  }
}

extension RecorderTests {
  @Test func finishingWritesTheEndStateAndNothingIsWrittenAfterIt() {
    let lines = RecordedLines()
    let recorder = lines.recorder(snapshotInterval: 10)
    let store = Store(initialValue: LedgerState(), reducer: ledgerReducer, environment: environment)
    store.record(to: recorder)
    store.send(.add(4))
    recorder.finish(with: store.value)
    withKnownIssue {
      store.send(.add(1))
    } matching: { $0.description.contains("after finish(with:); the recording is over") }

    #expect(
      lines.all.dropFirst() == [
        #"{"step":1,"origin":"user","action":{"add":{"_0":4}}}"#,
        #"{"end":1,"state":{"echoes":[],"isFetching":false,"total":4}}"#,
      ]
    )
  }

  @Test func aCancellationAndAConcatenationAreCountedPieceByPiece() {
    let effects: [Effect<Int>] = [
      .cancel(id: "search"), .concatenate(.send(1), .run { _ in }, .send(2)), .none,
    ]
    #expect(EffectSummary(effects) == EffectSummary(sync: 2, run: 1, cancel: 1))
    #expect(EffectSummary(effects).description == "2 immediate effects, 1 asynchronous effect, 1 cancellation")
    #expect(EffectSummary([Effect<Int>]()).description == "no effect")
  }

  @Test func aRecorderNeverReplacesAnExistingFile() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID()).db").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "precious".write(toFile: path, atomically: true, encoding: .utf8)

    #expect(throws: RecordingError(line: nil, "cannot create \(path): file exists")) {
      try Recorder<LedgerState, LedgerAction>(path: path)
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
  }
}
