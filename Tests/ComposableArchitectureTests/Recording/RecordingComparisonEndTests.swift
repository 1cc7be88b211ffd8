import ComposableArchitecture
import Testing

/// Two recordings whose steps all match but one of which has no end (its run was cut: a signal, a crash) do
/// not match: the states the runs ended in can't be compared, and the summary says which one lacks its end.
@Suite(.timeLimit(.minutes(1)))
struct RecordingComparisonEndTests {
  private typealias LedgerRecording = Recording<LedgerState, LedgerAction>

  private static let steps: [LedgerRecording.Step] = [
    .init(number: 1, origin: .user, action: .add(2), state: LedgerState(total: 2), effects: .noEffect),
    .init(number: 2, origin: .user, action: .add(3), effects: .noEffect),
  ]
  private let ended = LedgerRecording(
    initialState: LedgerState(), snapshotInterval: 1, steps: steps, finalState: LedgerState(total: 5)
  )
  private let cut = LedgerRecording(initialState: LedgerState(), snapshotInterval: 1, steps: steps)

  @Test func aRecordingWithoutItsEndDoesNotMatchOneWithIt() {
    let comparison = cut.compared(with: ended)
    #expect(!comparison.isMatching)
    #expect(comparison.difference == .endMissing(afterStep: 2, inFirst: true, inSecond: false))
    #expect(comparison.difference?.stepNumber == 2)
    #expect(
      comparison.summary(first: "a", second: "b")
        == "The recordings match up to step 2, their last: 2 steps with the same origins and actions, and the 1 "
        + "state both recorded is equal. But a has no end line: its run did not end normally, so the states the "
        + "runs ended in were not compared."
    )
    #expect(ended.compared(with: cut).difference == .endMissing(afterStep: 2, inFirst: false, inSecond: true))
    #expect(ended.compared(with: cut).summary(first: "a", second: "b").hasSuffix(". But b has no end line: its "
      + "run did not end normally, so the states the runs ended in were not compared."))
  }

  @Test func twoRecordingsWithoutTheirEndsSayNeitherHasOne() {
    let comparison = cut.compared(with: cut)
    #expect(comparison.difference == .endMissing(afterStep: 2, inFirst: true, inSecond: true))
    #expect(
      comparison.summary(first: "a", second: "b").hasSuffix(
        ". But neither has an end line: their runs did not end normally, so the states they ended in were not "
          + "compared."
      )
    )
  }

  /// Compared up to a step before the end, the end is not looked for; a recording of version 1, which records
  /// no end, lacks none.
  @Test func theEndIsLookedForOnlyWhenItIsReachedAndRecorded() {
    #expect(cut.compared(with: ended, through: 1).isMatching)
    #expect(cut.compared(with: ended, through: 2).difference == .endMissing(afterStep: 2, inFirst: true, inSecond: false))
    var old = cut
    old.version = 1
    #expect(old.compared(with: old).isMatching)
    #expect(ended.compared(with: ended).isMatching)
  }
}
