extension RuntimeWarning {
  /// Reports an element action that reached a stack's `forEach` for an id the stack does not hold; the action
  /// was ignored.
  static func reportStackActionForMissingElement(_ action: Any, id: StackElementID, at location: SourceLocation) {
    report(
      "A \"forEach\" at \"\(location)\" received an action for a missing element: \(ValueDump.inline(action)) "
        + "for id \(id). The action was ignored. Stop sending actions for elements that were popped.",
      at: location
    )
  }

  /// Reports a `popFrom` for an id the stack does not hold; nothing was popped.
  static func reportPopFromMissingElement(id: StackElementID, ids: [StackElementID], at location: SourceLocation) {
    report(
      "A \"forEach\" at \"\(location)\" received a \"popFrom\" action for a missing element: id \(id), while "
        + "the stack holds \(describe(ids)). Nothing was popped.",
      at: location
    )
  }

  /// Reports a `push` for an id the stack already holds; nothing was pushed.
  static func reportPushOfPresentElement(id: StackElementID, ids: [StackElementID], at location: SourceLocation) {
    report(
      "A \"forEach\" at \"\(location)\" received a \"push\" action for an element it already contains: id "
        + "\(id), while the stack holds \(describe(ids)). Nothing was pushed.",
      at: location
    )
  }

  /// Reports a `push` whose id is not the next one the stack's ids count to: one given out before, or one
  /// skipping ahead. The element was pushed under it all the same.
  static func reportPushOfUnexpectedID(id: StackElementID, expected: StackElementID, at location: SourceLocation) {
    report(
      "A \"forEach\" at \"\(location)\" received a \"push\" action with an unexpected id: \(id), where the "
        + "next id is \(expected). The element was pushed under \(id); push with the next id, as "
        + "StackState.append gives it, so that no id is used twice.",
      at: location
    )
  }

  /// `#0, #1`, or `no element`.
  private static func describe(_ ids: [StackElementID]) -> String {
    ids.isEmpty ? "no element" : ids.map(\.description).joined(separator: ", ")
  }
}
