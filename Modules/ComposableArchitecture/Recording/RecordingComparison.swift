/// How two recordings of one feature compare, aligned step by step: how far they match, and where they first
/// differ.
///
/// ``Recording/compared(with:through:)`` makes one. Two recordings match when their initial states are equal
/// and, step by step, each step has the same origin and the same action in both, the states both recorded after
/// a step are equal, so are the effects both recorded for it, neither goes on where the other has ended, and
/// the states both runs ended in are equal. A state only one of them recorded is not compared (their snapshot
/// intervals may differ); but when every step matches and one of them lacks its end (its run was ended by a
/// signal or a crash), they do not match (``Difference/endMissing(afterStep:inFirst:inSecond:)``). Nothing is
/// replayed, so the reducer is not involved.
public struct RecordingComparison<State, Action> {
  /// Where two recordings first differ.
  public enum Difference {
    /// The initial states, in the headers, differ.
    case initialState(first: State, second: State)
    /// The step of this number has another origin or another action in each.
    case step(first: Recording<State, Action>.Step, second: Recording<State, Action>.Step)
    /// The step has the same origin and action in both, but the states they recorded after it differ.
    case state(first: Recording<State, Action>.Step, firstState: State, secondState: State)
    /// The step has the same origin and action in both, but its reducer returned other effects in each
    /// (``Recording/Step/effects``).
    case effects(first: Recording<State, Action>.Step, second: Recording<State, Action>.Step)
    /// One recording ends before this step; the other goes on with it. `first` is the step of the first
    /// recording, nil when it is the one that ended; `second` likewise.
    case end(first: Recording<State, Action>.Step?, second: Recording<State, Action>.Step?)
    /// Every step matched, but the states the two runs ended in (``Recording/finalState``) differ.
    case finalState(afterStep: Int, first: State, second: State)
    /// Every step matched, but the first recording (`inFirst`), the second (`inSecond`) or both lack their end
    /// (``Recording/lacksItsEnd``): a run cut by a signal or a crash, whose end state can't be compared.
    case endMissing(afterStep: Int, inFirst: Bool, inSecond: Bool)

    /// The number of the step where the recordings differ; 0 for the initial states.
    public var stepNumber: Int {
      switch self {
      case .initialState: 0
      case let .step(first, _): first.number
      case let .state(first, _, _): first.number
      case let .effects(first, _): first.number
      case let .end(first, second): first?.number ?? second?.number ?? 0
      case let .finalState(afterStep, _, _): afterStep
      case let .endMissing(afterStep, _, _): afterStep
      }
    }
  }

  /// How many steps were found the same in both, from the first: all of them when the recordings match.
  public var stepsCompared: Int
  /// How many of those steps held a state in both recordings, found equal.
  public var statesCompared: Int
  /// The last step that was to be compared, as asked; nil when the recordings were compared to their ends.
  public var lastStep: Int?
  /// Where the recordings first differ; nil when they match.
  public var difference: Difference?

  /// Whether the recordings match, up to ``lastStep`` when one was given.
  public var isMatching: Bool { difference == nil }

  /// Creates a comparison's result; ``Recording/compared(with:through:)`` is how one is usually made.
  public init(stepsCompared: Int, statesCompared: Int, lastStep: Int? = nil, difference: Difference? = nil) {
    self.stepsCompared = stepsCompared
    self.statesCompared = statesCompared
    self.lastStep = lastStep
    self.difference = difference
  }

  /// What a person reads: one line when the recordings match, else the step where they differ and a diff.
  ///
  /// `first` and `second` name the recordings (their file names, say) in the text; a diff's `−` lines are the
  /// first recording's, its `+` lines the second's. A matching pair gives `The recordings match: 14 steps with
  /// the same origins and actions, and the 2 states both recorded are equal.` (with `through step N` when a
  /// ``lastStep`` was given and reached); a difference gives, for example:
  ///
  /// ```text
  /// The recordings differ at step 7, in its user action (− a.jsonl, + b.jsonl):
  ///   AppAction.counterView(
  ///     .counter(
  /// −     .incrTapped
  /// +     .decrTapped
  ///     )
  ///   )
  /// ```
  ///
  /// A step whose origin differs shows both steps on a line each (`− user action …`, `+ effect action …`); a
  /// state, the diff of the two states after the step; a length, which recording ended and the step the other
  /// goes on with:
  ///
  /// ```text
  /// The recordings differ at step 13: a.jsonl ends after step 12; b.jsonl goes on with user action AppAction.…
  /// ```
  ///
  /// Recordings whose steps all match, one of which lacks its end line, match up to their last step only:
  /// `The recordings match up to step 12, their last: …. But a.jsonl has no end line: its run did not end
  /// normally, so the states the runs ended in were not compared.`
  public func summary(first: String, second: String) -> String {
    guard let difference else {
      let through = lastStep.map { $0 <= stepsCompared ? " through step \($0)" : "" } ?? ""
      return "The recordings match\(through): \(matchingSteps)."
    }
    let sides = "(− \(first), + \(second))"
    switch difference {
    case let .initialState(firstState, secondState):
      return "The recordings differ before step 1: the initial states differ \(sides):\n"
        + Self.diff(firstState, secondState)
    case let .step(firstStep, secondStep) where firstStep.origin == secondStep.origin:
      return "The recordings differ at step \(firstStep.number), in its \(firstStep.origin.rawValue) action \(sides):\n"
        + Self.actionDiff(firstStep.action, secondStep.action)
    case let .step(firstStep, secondStep):
      return "The recordings differ at step \(firstStep.number) \(sides):\n"
        + "− \(Self.describe(firstStep))\n+ \(Self.describe(secondStep))"
    case let .state(step, firstState, secondState):
      return "The recordings differ at step \(step.number) (\(Self.describe(step))): the state after it differs "
        + "\(sides):\n" + Self.diff(firstState, secondState)
    case let .effects(firstStep, secondStep):
      return "The recordings differ at step \(firstStep.number) (\(Self.describe(firstStep))): its reducer "
        + "returned other effects \(sides):\n  − \(firstStep.effects ?? .noEffect)\n  + \(secondStep.effects ?? .noEffect)"
    case let .finalState(afterStep, firstState, secondState):
      return "The recordings differ at the end, after step \(afterStep): the states the runs ended in differ "
        + "\(sides):\n" + Self.diff(firstState, secondState)
    case let .endMissing(afterStep, inFirst, inSecond):
      let upTo = afterStep == 0 ? " in their initial states, and neither has a step" : " up to step \(afterStep), their last"
      let lacking =
        inFirst && inSecond
        ? "neither has an end line: their runs did not end normally, so the states they ended in were not compared"
        : "\(inFirst ? first : second) has no end line: its run did not end normally, so the states the runs ended "
          + "in were not compared"
      return "The recordings match\(upTo): \(matchingSteps). But \(lacking)."
    case let .end(firstStep, secondStep):
      let number = difference.stepNumber
      let (ended, goesOn, step) =
        firstStep == nil ? (first, second, secondStep) : (second, first, firstStep)
      let before = number <= 1 ? "has no step" : "ends after step \(number - 1)"
      let next = step.map { " with \(Self.describe($0))" } ?? ""
      return "The recordings differ at step \(number): \(ended) \(before); \(goesOn) goes on\(next)."
    }
  }

  /// `2 steps with the same origins and actions, and the 1 state both recorded is equal`: what was found equal.
  private var matchingSteps: String {
    let steps = stepsCompared == 1 ? "1 step" : "\(stepsCompared) steps"
    let states =
      switch statesCompared {
      case 0: "no state recorded in both to compare"
      case 1: "the 1 state both recorded is equal"
      default: "the \(statesCompared) states both recorded are equal"
      }
    return "\(steps) with the same origins and actions, and \(states)"
  }

  /// `user action AppAction.counter(.incrTapped)`: the step's origin and action.
  private static func describe(_ step: Recording<State, Action>.Step) -> String {
    let text = ValueDump.inline(step.action)
    let action = text.hasPrefix(".") ? "\(Action.self)\(text)" : text
    return "\(step.origin.rawValue) action \(action)"
  }

  /// The diff of two actions, case and payload field by field, each top-level case named with its type
  /// (`AppAction.counter(`); the two actions on a line each when no difference shows in their text.
  private static func actionDiff(_ first: Action, _ second: Action) -> String {
    let changes = LineDiff.text(StateDiff.lines(from: first, to: second, maxElements: .max))
    guard !changes.isEmpty else {
      return "− \(ValueDump.inline(first))\n+ \(ValueDump.inline(second))\n"
        + "  (the actions differ, but print the same; check the type's == implementation)"
    }
    return changes.map { line in
      // A line of the action itself, not of its payload: its marker, then the case, with no indentation.
      let marker = line.prefix(2)
      let rest = line.dropFirst(2)
      return rest.hasPrefix(".") ? "\(marker)\(Action.self)\(rest)" : line
    }.joined(separator: "\n")
  }

  /// The diff of two states, field by field: `−` lines the first's, `+` lines the second's.
  private static func diff(_ first: State, _ second: State) -> String {
    let changes = StateDiff.lines(from: first, to: second, maxElements: .max)
    guard !changes.isEmpty else {
      return "  (the states differ, but print the same; check the type's == implementation)"
    }
    return LineDiff.text(changes).joined(separator: "\n")
  }
}

extension RecordingComparison: Sendable where State: Sendable, Action: Sendable {}
extension RecordingComparison.Difference: Sendable where State: Sendable, Action: Sendable {}
extension RecordingComparison: Equatable where State: Equatable, Action: Equatable {}
extension RecordingComparison.Difference: Equatable where State: Equatable, Action: Equatable {}
