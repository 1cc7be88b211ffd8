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
