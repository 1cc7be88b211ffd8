/// Replays `recording` through an environment-style reducer and checks it reproduces the recorded states;
/// the first step whose state differs is the report's ``ReplayReport/divergence``.
///
/// How it replays: from the recording's initial state, every recorded action, those the user sent and those
/// effects sent back alike, is reduced in the recorded order, and the effects the reducer returns are
/// dropped without running. So no effect runs live (no file, network or clock is touched, the environment's
/// clients are never called by an effect), and each effect's result is the one the recording holds, at the
/// point the recording holds it. After every step that holds a state, the replayed state must equal it.
///
/// What this checks, then, is the reducer: given the same actions in the same order, it makes the same
/// states. What it does not check is the effects: that the reducer still returns an effect that would send
/// the recorded result, or that it returns no effect whose result the recording lacks. A change in what the
/// effects do shows only through the states the recorded results lead to.
///
/// - Parameters:
///   - recording: the run to replay, as ``Recording/init(contentsOf:)`` read it.
///   - reducer: the reducer to check against it, usually the one the run was recorded with.
///   - environment: the environment the reducer gets; effects never run, so its clients need not work.
///   - lastStep: stop after this step (`nil`: replay every step).
public func replay<State: Equatable, Action, Environment>(
  _ recording: Recording<State, Action>,
  reducer: Reducer<State, Action, Environment>,
  environment: Environment,
  through lastStep: Int? = nil
) -> ReplayReport<State, Action> {
  ReplayReport.replaying(recording, through: lastStep) { state, action in
    _ = reducer(&state, action, environment)
  }
}

/// Replays `recording` through a protocol-style reducer, with the dependencies in effect where this is
/// called; see ``replay(_:reducer:environment:through:)``, which this does the same way.
public func replay<R: ReducerProtocol>(
  _ recording: Recording<R.State, R.Action>,
  reducer: R,
  through lastStep: Int? = nil
) -> ReplayReport<R.State, R.Action> where R.State: Equatable {
  ReplayReport.replaying(recording, through: lastStep) { state, action in
    _ = reducer.reduce(into: &state, action: action)
  }
}

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

/// Where a replay stopped reproducing its recording: the step, its action, and how the replayed state differs
/// from the recorded one.
public struct ReplayDivergence<State, Action>: CustomStringConvertible {
  /// The step whose replayed state differs from the recorded one.
  public var step: Recording<State, Action>.Step
  /// The state the recording holds after the step.
  public var recorded: State
  /// The state the replay reached after the step.
  public var replayed: State

  /// The difference, field by field, as the test support shows one: `−` lines recorded, `+` lines replayed.
  public var diff: String {
    let changes = StateDiff.lines(from: recorded, to: replayed, maxElements: .max)
    guard !changes.isEmpty else {
      return "  (the states differ, but print the same; check the type's == implementation)"
    }
    return LineDiff.text(changes).joined(separator: "\n")
  }

  /// `Replay diverged at step 7 (user action AppAction.…): …`, then the ``diff``.
  public var description: String {
    let text = ValueDump.inline(step.action)
    let action = text.hasPrefix(".") ? "\(Action.self)\(text)" : text
    return "Replay diverged at step \(step.number) (\(step.origin.rawValue) action \(action)): the state "
      + "differs from the recording's (− recorded, + replayed):\n\(diff)"
  }
}

extension ReplayDivergence: Sendable where State: Sendable, Action: Sendable {}
