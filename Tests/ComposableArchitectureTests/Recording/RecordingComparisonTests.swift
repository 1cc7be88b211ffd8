import ComposableArchitecture
import FavoritePrimes
import Foundation
import Testing

/// `Recording.compared(with:through:)` and the summary a person reads: aligned by step, the first difference
/// in the initial states, an origin, an action, a state both recorded, or a length.
@Suite(.timeLimit(.minutes(1)))
struct RecordingComparisonTests {
  private typealias Step = Recording<LedgerState, LedgerAction>.Step

  /// Three steps, with the state after the second, and the end.
  private let run = Recording(
    initialState: LedgerState(),
    snapshotInterval: 2,
    steps: [
      Step(number: 1, origin: .user, action: .addTwiceTapped),
      Step(number: 2, origin: .effect, action: .add(1), state: LedgerState(total: 1)),
      Step(number: 3, origin: .effect, action: .add(1)),
    ],
    finalState: LedgerState(total: 2)
  )

  @Test func aRecordingMatchesItselfInOneLine() {
    let comparison = run.compared(with: run)

    #expect(comparison.isMatching)
    #expect(comparison.stepsCompared == 3)
    #expect(comparison.statesCompared == 2)
    #expect(
      comparison.summary(first: "a", second: "b")
        == "The recordings match: 3 steps with the same origins and actions, and the 2 states both recorded are equal."
    )
  }

  @Test func aStateOnlyOneRecordedIsNotCompared() {
    var everyStep = run
    everyStep.snapshotInterval = 1
    everyStep.steps[0].state = LedgerState(total: 99)

    #expect(run.compared(with: everyStep).isMatching)
  }

  @Test func initialStatesThatDifferAreShownAsADiff() {
    var other = run
    other.initialState.echoes = ["x"]

    let comparison = run.compared(with: other)

    #expect(comparison.difference?.stepNumber == 0)
    #expect(comparison.stepsCompared == 0)
    #expect(
      comparison.summary(first: "a.jsonl", second: "b.jsonl") == """
        The recordings differ before step 1: the initial states differ (− a.jsonl, + b.jsonl):
          LedgerState(
            …
        −   echoes: [],
        +   echoes: ["x"],
            …
          )
        """
    )
  }

  @Test func anotherActionIsShownAsADiffOfTheTwoActions() {
    var other = run
    other.steps[2].action = .add(2)

    let comparison = run.compared(with: other)

    #expect(comparison.stepsCompared == 2)
    #expect(
      comparison.summary(first: "a", second: "b") == """
        The recordings differ at step 3, in its effect action (− a, + b):
          LedgerAction.add(
        −   1
        +   2
          )
        """
    )
    other.steps[2].action = .fetchTapped
    #expect(
      run.compared(with: other).summary(first: "a", second: "b") == """
        The recordings differ at step 3, in its effect action (− a, + b):
        − LedgerAction.add(
        −   1
        − )
        + LedgerAction.fetchTapped
        """
    )
  }

  @Test func aLongActionShowsOnlyWhatDiffersInItsPayload() {
    let saved = { (seconds: Double) in
      FavoritePrimesAction.favoritePrimesSaved(
        FavoritePrimesSync(
          activity: [Activity(id: 1, timestamp: Date(timeIntervalSinceReferenceDate: seconds), type: .addedFavoritePrime(7))]
        )
      )
    }
    let first = Recording<Int, FavoritePrimesAction>(
      initialState: 0, snapshotInterval: 1, steps: [.init(number: 1, origin: .effect, action: saved(5))]
    )
    var second = first
    second.steps[0].action = saved(6)

    #expect(
      first.compared(with: second).summary(first: "a", second: "b") == """
        The recordings differ at step 1, in its effect action (− a, + b):
          FavoritePrimesAction.favoritePrimesSaved(
            FavoritePrimesSync(
              …
              activity: [
                Activity(
                  …
        −         timestamp: Date(timeIntervalSinceReferenceDate: 5.0),
        +         timestamp: Date(timeIntervalSinceReferenceDate: 6.0),
                  …
                )
              ],
              …
            )
          )
        """
    )
  }

  @Test func anotherOriginShowsBothStepsOnALineEach() {
    var other = run
    other.steps[1].origin = .user
    #expect(
      run.compared(with: other).summary(first: "a", second: "b") == """
        The recordings differ at step 2 (− a, + b):
        − effect action LedgerAction.add(1)
        + user action LedgerAction.add(1)
        """
    )
  }

  @Test func anotherOriginIsADifferenceEvenWithTheSameAction() {
    var other = run
    other.steps[0].origin = .effect

    #expect(run.compared(with: other).difference == .step(first: run.steps[0], second: other.steps[0]))
  }

  @Test func aStateBothRecordedThatDiffersIsShownAsADiffAfterItsStep() {
    var other = run
    other.steps[1].state = LedgerState(total: 2)

    let comparison = run.compared(with: other)

    #expect(comparison.difference?.stepNumber == 2)
    #expect(
      comparison.summary(first: "a", second: "b") == """
        The recordings differ at step 2 (effect action LedgerAction.add(1)): the state after it differs (− a, + b):
          LedgerState(
        −   total: 1,
        +   total: 2,
            …
          )
        """
    )
  }

  @Test func effectsBothRecordedThatDifferAreShownWithTheStep() {
    var first = run
    first.steps[0].effects = EffectSummary(sync: 2, run: 0, cancel: 0)
    var second = first
    second.steps[0].effects = EffectSummary(sync: 1, run: 1, cancel: 0)

    #expect(first.compared(with: second).difference?.stepNumber == 1)
    #expect(
      first.compared(with: second).summary(first: "a", second: "b") == """
        The recordings differ at step 1 (user action LedgerAction.addTwiceTapped): its reducer returned other \
        effects (− a, + b):
          − 2 immediate effects
          + 1 immediate effect, 1 asynchronous effect
        """
    )
    // A recording of version 1, which holds no effects, is compared on the rest.
    #expect(run.compared(with: second).isMatching)
  }

  @Test func theStatesTheRunsEndedInAreComparedWhenBothHaveOne() {
    let first = run
    var second = first
    #expect(first.compared(with: second).statesCompared == 2)
    second.finalState = LedgerState(total: 3)

    let comparison = first.compared(with: second)

    #expect(comparison.difference?.stepNumber == 3)
    #expect(
      comparison.summary(first: "a", second: "b") == """
        The recordings differ at the end, after step 3: the states the runs ended in differ (− a, + b):
          LedgerState(
        −   total: 2,
        +   total: 3,
            …
          )
        """
    )
    var cut = run
    cut.finalState = nil
    #expect(first.compared(with: cut).difference == .endMissing(afterStep: 3, inFirst: false, inSecond: true))
    #expect(first.compared(with: second, through: 2).isMatching)
  }

  @Test func theShorterRecordingDiffersAtTheFirstStepItLacksOnEitherSide() {
    var shorter = run
    shorter.steps.removeLast()

    #expect(
      shorter.compared(with: run).summary(first: "a", second: "b")
        == "The recordings differ at step 3: a ends after step 2; b goes on with effect action LedgerAction.add(1)."
    )
    #expect(
      run.compared(with: shorter).summary(first: "a", second: "b")
        == "The recordings differ at step 3: b ends after step 2; a goes on with effect action LedgerAction.add(1)."
    )
    shorter.steps = []
    #expect(
      shorter.compared(with: run).summary(first: "a", second: "b")
        == "The recordings differ at step 1: a has no step; b goes on with user action LedgerAction.addTwiceTapped."
    )
  }

  @Test func throughAStepComparesUpToItAndALengthBeforeItStillCounts() {
    var other = run
    other.steps[2].action = .add(5)

    let through2 = run.compared(with: other, through: 2)
    #expect(through2.isMatching)
    #expect(
      through2.summary(first: "a", second: "b")
        == "The recordings match through step 2: 2 steps with the same origins and actions, and the 1 state both "
        + "recorded is equal."
    )
    #expect(run.compared(with: other, through: 3).difference?.stepNumber == 3)
    var shorter = run
    shorter.steps.removeLast()
    #expect(shorter.compared(with: run, through: 10).difference?.stepNumber == 3)
    #expect(run.compared(with: run, through: 10).summary(first: "a", second: "b").hasPrefix("The recordings match: 3 steps"))
    #expect(
      run.compared(with: other, through: 1).summary(first: "a", second: "b")
        == "The recordings match through step 1: 1 step with the same origins and actions, and no state recorded "
        + "in both to compare."
    )
    #expect(run.compared(with: other, through: 0).stepsCompared == 0)
  }
}
