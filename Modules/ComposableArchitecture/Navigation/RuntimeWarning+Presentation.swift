extension RuntimeWarning {
  /// Reports a presentation action (a child's action, or `.dismiss`) that reached an `ifLet` while nothing
  /// was presented; the action was ignored.
  static func reportPresentationActionForAbsentState(_ action: Any, at location: SourceLocation) {
    report(
      "An \"ifLet\" at \"\(location)\" received a presentation action when destination state was absent: "
        + "\(ValueDump.inline(action)). The action was ignored. Stop sending actions for a destination that "
        + "was dismissed, and let ifLet end its effects rather than dismiss it before ifLet runs.",
      at: location
    )
  }

  /// Reports a child action that reached an `ifCaseLet` while the state was in another case; the action was
  /// ignored.
  static func reportCaseActionForAnotherCase(_ action: Any, state: Any, at location: SourceLocation) {
    report(
      "An \"ifCaseLet\" at \"\(location)\" received a child action when child state was in another case: "
        + "\(ValueDump.inline(action)), while the state is \(caseDescription(of: state)). The action was ignored. "
        + "Stop sending actions for a case the state has left.",
      at: location
    )
  }

  /// Reports a write through `PresentationState[case:]` while the state is absent or in another case; nothing
  /// was written.
  static func reportWriteToAnotherCase(of state: Any?, at location: SourceLocation) {
    report(
      "Can't modify a case the presented state is not in: the state is "
        + "\(state.map(caseDescription(of:)) ?? "absent"); nothing was written.",
      at: location
    )
  }

  /// Reports a `dismiss()` in a feature that is not presented; nothing was dismissed.
  static func reportDismissWithoutPresentation(at location: SourceLocation) {
    report(
      "dismiss() was called in a feature that is not presented, so there was nothing to dismiss. Call it in "
        + "the effects of a feature presented with ifLet(\\.$destination, ...) or pushed on a stack with "
        + "forEach(\\.path, ...).",
      at: location
    )
  }

  /// Reports a `dismiss()` of a presented feature called outside that feature's effects (in a detached task,
  /// or one that outlived the effect); nothing was dismissed.
  static func reportDismissOutsideEffects(at location: SourceLocation) {
    report(
      "dismiss() was called outside the effects of the presented feature it belongs to (in a detached task, "
        + "or in a task that outlived its effect), so nothing was dismissed. Call it from the effect itself.",
      at: location
    )
  }

  /// `.case` for an enum value, the value itself otherwise.
  private static func caseDescription(of value: Any) -> String {
    let text = ValueDump.inline(value)
    guard text.hasPrefix("."), let end = text.firstIndex(of: "(") else { return text }
    return String(text[..<end])
  }
}
