/// What a replay found: how far it went, the state it ended with, and the first divergence, if any.
public struct ReplayReport<State, Action> {
  /// How many steps were replayed: up to the divergence, included, or to the last step asked for.
  public var stepsReplayed: Int
  /// How many recorded states were compared with the replayed ones.
  public var statesCompared: Int
  /// The replayed state after the last step replayed.
  public var state: State
  /// The first step whose replayed state differs from the recorded one; `nil` when the replay is faithful.
  public var divergence: ReplayDivergence<State, Action>?

  /// Whether every recorded state was reproduced.
  public var isFaithful: Bool { divergence == nil }

  /// One line for a faithful replay (`Replayed 12 steps faithfully; 3 recorded states matched.`), else the
  /// divergence's ``ReplayDivergence/description``.
  public var summary: String {
    if let divergence { return divergence.description }
    let states = statesCompared == 1 ? "1 recorded state matched" : "\(statesCompared) recorded states matched"
    return "Replayed \(stepsReplayed) \(stepsReplayed == 1 ? "step" : "steps") faithfully; \(states)."
  }
}

extension ReplayReport where State: Equatable {
  static func replaying(
    _ recording: Recording<State, Action>,
    through lastStep: Int?,
    reduce: (inout State, Action) -> Void
  ) -> Self {
    var state = recording.initialState
    var report = ReplayReport(stepsReplayed: 0, statesCompared: 0, state: state, divergence: nil)
    for step in recording.steps {
      if let lastStep, step.number > lastStep { break }
      reduce(&state, step.action)
      report.stepsReplayed += 1
      if let recorded = step.state {
        report.statesCompared += 1
        if recorded != state {
          report.state = state
          report.divergence = ReplayDivergence(step: step, recorded: recorded, replayed: state)
          return report
        }
      }
    }
    report.state = state
    return report
  }
}

extension ReplayReport: Sendable where State: Sendable, Action: Sendable {}
