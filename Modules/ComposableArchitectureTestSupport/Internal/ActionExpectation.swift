import ComposableArchitecture

/// What a receive step expects of the next action: how to name it, whether an action matches, and what a
/// failure says about an action that does not.
struct ActionExpectation<Action> {
  /// How the step names what it expects, e.g. `.nthPrimeResponse(2)`: "step 2 (receive <description>)".
  let description: String
  let matches: (Action) -> Bool
  /// The failure text after the step's name, for a received action that does not match.
  let mismatch: (Action) -> String
}

extension ActionExpectation where Action: Equatable {
  /// The action itself.
  static func equal(to expected: Action) -> Self {
    Self(
      description: ValueDump.inline(expected),
      matches: { $0 == expected },
      mismatch: { received in
        " received another action: (− expected, + received)\n"
          + LineDiff.render(expected: ValueDump.compactLines(expected), actual: ValueDump.compactLines(received))
      }
    )
  }

  /// An action of `casePath`'s case carrying `payload`.
  static func of<Value: Equatable>(_ casePath: CasePath<Action, Value>, _ payload: Value) -> Self {
    let expected = casePath.embed(payload)
    return Self(
      description: ValueDump.inline(expected),
      matches: { casePath.extract(from: $0) == payload },
      mismatch: equal(to: expected).mismatch
    )
  }
}

extension ActionExpectation {
  /// Any action `isMatching` accepts.
  static func matching(_ isMatching: @escaping (Action) -> Bool) -> Self {
    Self(
      description: "an action matching the predicate",
      matches: isMatching,
      mismatch: { " received an action the predicate does not match:\n  • \(ValueDump.inline($0))" }
    )
  }

  /// Any action of `casePath`'s case.
  static func of<Value>(_ casePath: CasePath<Action, Value>) -> Self {
    Self(
      description: "an action of the given case",
      matches: { casePath.extract(from: $0) != nil },
      mismatch: { " received an action of another case:\n  • \(ValueDump.inline($0))" }
    )
  }
}
