import Synchronization

/// Where a store's trace goes, and whether it is being written: every action the store reduces, with the
/// change it made to the state.
///
/// Wrap a reducer with `tracing(_:to:)` (environment style) or ``ReducerProtocol/traced(to:)``
/// (protocol style). For each action, including those that effects send back, `write` receives one entry:
/// the action, then a diff of the state before and after it, or `(no state change)`:
///
/// ```
/// received action: CounterViewAction.counter(.incrTapped)
///   CounterViewState(
/// −   count: 0,
/// +   count: 1,
///     …
///   )
/// ```
///
/// The diff compares the state part by part and shows only the parts that differ, so a state holding a
/// million favourites costs about what its change costs; collections show at most 20 changed elements, and
/// the action at most 20 elements of each collection it carries. An entry is several lines joined by `\n`,
/// without a final newline; `write` is called once per entry, on the store's actor, in the order actions are
/// reduced, so it can keep an entry together (one `write(2)`).
///
/// ``isOn`` may be flipped at any time, from any thread (a `trace on|off` command does it). While it is off,
/// the wrapped reducer only reads the switch: no copy of the state, no diff.
public final class Trace: Sendable {
  private let on: Atomic<Bool>
  private let write: @Sendable (String) -> Void

  /// A trace that hands each entry to `write`; it starts on unless `isOn` is false.
  public init(isOn: Bool = true, write: @escaping @Sendable (String) -> Void) {
    on = Atomic(isOn)
    self.write = write
  }

  /// Whether entries are written; a reducer wrapped with this trace reads it once per action.
  public var isOn: Bool {
    get { on.load(ordering: .relaxed) }
    set { on.store(newValue, ordering: .relaxed) }
  }

  /// Writes the entry for `action`, which took the state from `before` to `after`, if the trace is on.
  public func record<State, Action>(_ action: Action, from before: State, to after: State) {
    guard isOn else { return }
    write(Self.entry(for: action, from: before, to: after))
  }

  /// The entry for `action`, which took the state from `before` to `after`: what ``record(_:from:to:)`` writes.
  public static func entry<State, Action>(for action: Action, from before: State, to after: State) -> String {
    let changes = StateDiff.lines(from: before, to: after, maxElements: ValueDump.traceElements)
    let diff: [String]
    if !changes.isEmpty {
      diff = LineDiff.text(changes)
    } else if StateDiff.isEqual(before, after) == false {
      diff = ["  (the state changed, but prints the same; check the type's == implementation)"]
    } else {
      diff = ["  (no state change)"]
    }
    return (["received action: \(describe(action: action))"] + diff).joined(separator: "\n")
  }

  /// `value` field by field, one per line, as the trace writes states, collections shortened to 20 elements:
  /// what a `state` command shows.
  public static func describe<Value>(_ value: Value) -> [String] {
    ValueDump.lines(value, maxElements: ValueDump.traceElements)
  }

  /// `CounterViewAction.counter(.incrTapped)`: the action's type, then the action on one line.
  private static func describe<Action>(action: Action) -> String {
    let text = ValueDump.inline(action, maxElements: ValueDump.traceElements)
    return text.hasPrefix(".") ? "\(Action.self)\(text)" : text
  }
}
