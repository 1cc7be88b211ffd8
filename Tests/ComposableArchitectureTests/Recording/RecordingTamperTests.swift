import ComposableArchitecture
import Foundation
import Testing

/// A recording edited by hand into a shape no recorder writes is refused at its line: a key the format does not
/// have, a key given twice (the decoder would silently take one of them), a snapshot interval above what
/// `--snapshot-interval` allows, an origin that is neither `user` nor `effect`.
@Suite(.timeLimit(.minutes(1)))
struct RecordingTamperTests {
  private typealias LedgerRecording = Recording<LedgerState, LedgerAction>

  private static let state = #"{"echoes":[],"isFetching":false,"total":0}"#
  private let header =
    #"{"format":"composable-architecture-recording","version":2,"program":"ledger","snapshotInterval":2,"state":"#
    + state + "}"
  private let step = #"{"step":1,"origin":"user","action":{"add":{"_0":3}}}"#
  private let end = #"{"end":1,"state":{"echoes":[],"isFetching":false,"total":3}}"#

  private func read(_ lines: String...) throws(RecordingError) -> LedgerRecording {
    try LedgerRecording(data: Data(lines.map { $0 + "\n" }.joined().utf8))
  }

  @Test func theUntamperedRecordingReads() throws {
    let recording = try read(header, step, end)
    #expect(recording.steps.count == 1)
    #expect(recording.finalState?.total == 3)
  }

  @Test func anUnknownKeyInTheHeaderIsRefused() {
    let tampered = header.replacingOccurrences(of: #""program""#, with: #""trusted":true,"program""#)
    #expect(throws: RecordingError(line: 1, #"the header has the key "trusted", which the format does not have"#)) {
      try read(tampered, step, end)
    }
  }

  @Test func anUnknownKeyInAStepIsRefused() {
    let tampered = #"{"step":1,"origin":"user","verified":1,"action":{"add":{"_0":3}}}"#
    #expect(throws: RecordingError(line: 2, #"the step has the key "verified", which the format does not have"#)) {
      try read(header, tampered, end)
    }
  }

  @Test func anUnknownKeyInTheEndIsRefused() {
    let tampered = #"{"end":1,"note":"fine","state":{"echoes":[],"isFetching":false,"total":3}}"#
    #expect(throws: RecordingError(line: 3, #"the end has the key "note", which the format does not have"#)) {
      try read(header, step, tampered)
    }
  }

  @Test func aKeyGivenTwiceInTheHeaderIsRefused() {
    let tampered = header.replacingOccurrences(of: #""snapshotInterval":2"#, with: #""snapshotInterval":2,"snapshotInterval":1"#)
    #expect(throws: RecordingError(line: 1, #"the header has the key "snapshotInterval" twice"#)) {
      try read(tampered, step, end)
    }
  }

  @Test func aKeyGivenTwiceInAStepIsRefused() {
    let tampered = #"{"step":1,"origin":"user","action":{"add":{"_0":3}},"action":{"add":{"_0":4}}}"#
    #expect(throws: RecordingError(line: 2, #"the step has the key "action" twice"#)) {
      try read(header, tampered, end)
    }
  }

  /// A key spelled with an escape is the same key: `"st\u0061te"` is `"state"`.
  @Test func aKeyGivenTwiceInTheEndIsRefusedHoweverItIsSpelled() {
    let tampered = #"{"end":1,"state":{"echoes":[],"isFetching":false,"total":3},"st\u0061te":{"echoes":[],"isFetching":false,"total":9}}"#
    #expect(throws: RecordingError(line: 3, #"the end has the key "state" twice"#)) {
      try read(header, step, tampered)
    }
  }

  /// Keys inside the values (the state's, the action's) are the values' own: a string holding `"step"` or a
  /// brace is not taken for one.
  @Test func keysAndBracesInsideValuesAreNotTheLine() throws {
    let step = #"{"step":1,"origin":"user","action":{"echoTapped":{"_0":"}\"step\":1,{\"step\":"}}}"#
    let recording = try read(header, step)
    #expect(recording.steps.first?.action == .echoTapped(#"}"step":1,{"step":"#))
  }

  @Test func aSnapshotIntervalAboveTheMaximumIsRefused() {
    let maximum = RecordingFormat.maximumSnapshotInterval
    #expect(maximum == 1_000_000)
    let tampered = header.replacingOccurrences(of: #""snapshotInterval":2"#, with: "\"snapshotInterval\":\(maximum + 1)")
    #expect(
      throws: RecordingError(line: 1, "the snapshot interval is 1000001, more than the 1000000 a recording may have")
    ) {
      try read(tampered, step, end)
    }
    let atTheMaximum = header.replacingOccurrences(of: #""snapshotInterval":2"#, with: "\"snapshotInterval\":\(maximum)")
    #expect(throws: Never.self) { try read(atTheMaximum, step, end) }
  }

  /// A recorder asked for more than the maximum records at the maximum, so what it writes reads back.
  @MainActor
  @Test func aRecorderKeepsItsSnapshotIntervalWithinTheMaximum() {
    let recorder = Recorder<LedgerState, LedgerAction>(snapshotInterval: .max) { _ in }
    #expect(recorder.snapshotInterval == RecordingFormat.maximumSnapshotInterval)
  }

  @Test func anOriginThatIsNeitherUserNorEffectIsRefused() {
    let tampered = #"{"step":1,"origin":"system","action":{"add":{"_0":3}}}"#
    #expect(
      throws: RecordingError(line: 2, #"the step does not decode: its origin is "system", where "user" or "effect" belongs"#)
    ) {
      try read(header, tampered, end)
    }
  }
}
