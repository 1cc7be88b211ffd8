import ComposableArchitecture
import Foundation
import Testing

/// A recording stays one a replay reads: it never grows past ``Recording/maximumSize`` (here a smaller limit
/// given to the recorder). Near the limit, steps are written without their states, keeping room for the end
/// line; when even those no longer fit, the recording stops, whole.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct RecorderSizeTests {
  /// A state of about 220 bytes, growing by one echo each step.
  private func state(after step: Int) -> LedgerState {
    LedgerState(total: step, echoes: [String(repeating: "e", count: 200), String(step)])
  }

  private func record(steps: Int, maximumSize: Int64, into lines: RecordedLines) -> Recorder<LedgerState, LedgerAction> {
    let recorder = Recorder<LedgerState, LedgerAction>(snapshotInterval: 1, maximumSize: maximumSize) {
      lines.all.append($0)
    }
    recorder.start(from: state(after: 0))
    for step in 1...steps {
      recorder.record(.add(1), origin: .user, state: state(after: step))
    }
    recorder.finish(with: state(after: steps))
    return recorder
  }

  @Test func nearTheLimitStepsLoseTheirStatesAndTheEndStillFits() throws {
    let lines = RecordedLines()
    withKnownIssue {
      _ = record(steps: 12, maximumSize: 4_000, into: lines)
    } matching: { $0.description.contains("later steps are recorded without their states") }

    #expect(lines.text.utf8.count <= 4_000)
    let recording = try Recording<LedgerState, LedgerAction>(data: Data(lines.text.utf8))
    #expect(recording.steps.count == 12)
    #expect(recording.steps.first?.state == state(after: 1))
    #expect(recording.steps.last?.state == nil)
    #expect(recording.finalState == state(after: 12))
  }

  @Test func whenNoStepFitsTheRecordingStopsWholeWithoutItsEnd() throws {
    let lines = RecordedLines()
    var recorder: Recorder<LedgerState, LedgerAction>?
    withKnownIssue {
      recorder = record(steps: 40, maximumSize: 1_200, into: lines)
    } matching: { $0.description.contains("bytes a replay reads") }

    #expect(lines.text.utf8.count <= 1_200)
    let recording = try Recording<LedgerState, LedgerAction>(data: Data(lines.text.utf8))
    #expect(recording.steps.count < 40)
    #expect(recording.lacksItsEnd)
    #expect(recorder?.error?.description.contains("later steps are not recorded") == true)
  }

  @Test func farFromTheLimitEveryStateIsRecorded() throws {
    let lines = RecordedLines()
    _ = record(steps: 3, maximumSize: Recording<LedgerState, LedgerAction>.maximumSize, into: lines)
    let recording = try Recording<LedgerState, LedgerAction>(data: Data(lines.text.utf8))
    #expect(recording.steps.map(\.state) == (1...3).map { state(after: $0) })
  }
}
