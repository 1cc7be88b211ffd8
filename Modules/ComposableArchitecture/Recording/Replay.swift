/// Replays `recording` through an environment-style reducer and checks it reproduces the recorded states and
/// effects; the first step where either differs is the report's ``ReplayReport/divergence``.
///
/// How it replays: from the recording's initial state, every recorded action, those the user sent and those
/// effects sent back alike, is reduced in the recorded order, and the effects the reducer returns are
/// dropped without running. So no effect runs live (no file, network or clock is touched, the environment's
/// clients are never called by an effect), and each effect's result is the one the recording holds, at the
/// point the recording holds it. After every step that holds a state, the replayed state must equal it; the
/// effects the reducer returns for each step, counted (see ``EffectSummary``), must be those the recording
/// holds for it; and a recording that ends with the run's final state must end there.
///
/// What this checks, then, is the reducer: given the same actions in the same order, it makes the same
/// states and asks for the same kinds and numbers of effects, so a reducer that no longer starts the request
/// whose answer the recording holds, or starts one the recording has no answer for, diverges at that step.
/// What it cannot check is what the effects would do when run: that shows through the states the recorded
/// results lead to. A recording of version 1 holds no effects; its replay compares states only.
///
/// - Parameters:
///   - recording: the run to replay, as ``Recording/init(contentsOf:program:)`` read it.
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
    EffectSummary(reducer(&state, action, environment))
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
    EffectSummary(reducer.reduce(into: &state, action: action))
  }
}
