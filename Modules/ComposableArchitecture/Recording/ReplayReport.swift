/// What a replay found: how far it went, the state it ended with, and the first divergence, if any.
public struct ReplayReport<State, Action> {
  /// How many steps were replayed: up to the divergence, included, or to the last step asked for.
  public var stepsReplayed: Int
  /// How many recorded states were compared with the replayed ones, the final state included.
  public var statesCompared: Int
  /// The replayed state after the last step replayed.
  public var state: State
  /// The first step whose replayed state or effects differ from the recorded ones; `nil` when the replay is
  /// faithful.
  public var divergence: ReplayDivergence<State, Action>?
  /// Whether every step was replayed, of a recording that shows its run did not end normally
  /// (``Recording/lacksItsEnd``): the state it ended in could not be checked.
  public var endIsMissing = false

  /// Whether every recorded state and effect was reproduced.
  public var isFaithful: Bool { divergence == nil }

  /// One line for a faithful replay (`Replayed 12 steps faithfully; 3 recorded states matched.`), with a
  /// second when ``endIsMissing``; else the divergence's ``ReplayDivergence/description``.
  public var summary: String {
    if let divergence { return divergence.description }
    let states = statesCompared == 1 ? "1 recorded state matched" : "\(statesCompared) recorded states matched"
    let faithful = "Replayed \(stepsReplayed) \(stepsReplayed == 1 ? "step" : "steps") faithfully; \(states)."
    guard endIsMissing else { return faithful }
    return faithful + "\nThe recording has no end: the run it records did not end normally (a signal, a crash, "
      + "or a recording that could not be written to the end), so the state it ended in was not checked."
  }
}

extension ReplayReport where State: Equatable {
  static func replaying(
    _ recording: Recording<State, Action>,
    through lastStep: Int?,
    reduce: (inout State, Action) -> EffectSummary
  ) -> Self {
    var state = recording.initialState
    var report = ReplayReport(stepsReplayed: 0, statesCompared: 0, state: state, divergence: nil)
    for step in recording.steps {
      if let lastStep, step.number > lastStep { break }
      let effects = reduce(&state, step.action)
      report.stepsReplayed += 1
      report.state = state
      // The state first: a reducer that changed both is shown what it did to the state.
      if let recorded = step.state {
        report.statesCompared += 1
        if recorded != state {
          report.divergence = ReplayDivergence(step: step, difference: .state(recorded: recorded), replayed: state)
          return report
        }
      }
      if let recorded = step.effects, recorded != effects {
        report.divergence = ReplayDivergence(
          step: step, difference: .effects(recorded: recorded, replayed: effects), replayed: state
        )
        return report
      }
    }
    let replayedAll = lastStep.map { $0 >= recording.steps.count } ?? true
    report.endIsMissing = replayedAll && recording.lacksItsEnd
    if replayedAll, let finalState = recording.finalState, let last = recording.steps.last {
      report.statesCompared += 1
      if finalState != state {
        report.divergence = ReplayDivergence(
          step: last, isAtTheEnd: true, difference: .state(recorded: finalState), replayed: state
        )
      }
    }
    return report
  }
}

extension ReplayReport: Sendable where State: Sendable, Action: Sendable {}
