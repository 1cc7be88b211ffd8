/// Where a replay stopped reproducing its recording: the step, its action, and what differs, the state or
/// the effects the reducer returned.
public struct ReplayDivergence<State, Action>: CustomStringConvertible {
  /// What differs at the step.
  public enum Difference {
    /// The replayed state differs from the one the recording holds after the step (or at its end).
    case state(recorded: State)
    /// The reducer returned other effects than the recording's for the step's action: `recorded` is what the
    /// recorded run's reducer returned, `replayed` what the replayed one did.
    case effects(recorded: EffectSummary, replayed: EffectSummary)
  }

  /// The step where the replay diverged; for the state at the end of the run, the last step.
  public var step: Recording<State, Action>.Step
  /// Whether the divergence is in the state the run ended in, after its last step, rather than in a step's.
  public var isAtTheEnd: Bool
  /// What differs.
  public var difference: Difference
  /// The state the replay reached after the step.
  public var replayed: State

  /// A divergence at `step`; `isAtTheEnd` when it is the recording's final state that differs.
  public init(step: Recording<State, Action>.Step, isAtTheEnd: Bool = false, difference: Difference, replayed: State) {
    self.step = step
    self.isAtTheEnd = isAtTheEnd
    self.difference = difference
    self.replayed = replayed
  }

  /// The state the recording holds where the states differ; `nil` when it is the effects that differ.
  public var recorded: State? {
    if case let .state(recorded) = difference { return recorded }
    return nil
  }

  /// The difference, field by field, as the test support shows one: `−` lines recorded, `+` lines replayed;
  /// for effects, the two counts.
  public var diff: String {
    switch difference {
    case let .state(recorded):
      let changes = StateDiff.lines(from: recorded, to: replayed, maxElements: .max)
      guard !changes.isEmpty else {
        return "  (the states differ, but print the same; check the type's == implementation)"
      }
      return LineDiff.text(changes).joined(separator: "\n")
    case let .effects(recorded, replayed):
      return "  − \(recorded)\n  + \(replayed)"
    }
  }

  /// `Replay diverged at step 7 (user action AppAction.…): …`, then the ``diff``.
  public var description: String {
    let text = ValueDump.inline(step.action)
    let action = text.hasPrefix(".") ? "\(Action.self)\(text)" : text
    let place = "step \(step.number) (\(step.origin.rawValue) action \(action))"
    switch difference {
    case .state where isAtTheEnd:
      return "Replay diverged at the end of the run, after \(place): the state differs from the recording's "
        + "(− recorded, + replayed):\n\(diff)"
    case .state:
      return "Replay diverged at \(place): the state differs from the recording's (− recorded, + replayed):\n"
        + diff
    case .effects:
      return "Replay diverged at \(place): the reducer returned other effects than the recording's "
        + "(− recorded, + replayed):\n\(diff)"
    }
  }
}

extension ReplayDivergence: Sendable where State: Sendable, Action: Sendable {}
extension ReplayDivergence.Difference: Sendable where State: Sendable {}
