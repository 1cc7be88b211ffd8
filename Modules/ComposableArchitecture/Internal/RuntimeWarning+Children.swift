extension RuntimeWarning {
  /// Reports an action sent to an optional child (`optional`, `ifLet`) while its state is `nil`; the
  /// action is ignored. One wording for every optional reducer, environment-style or protocol-style.
  static func reportActionForAbsentChild(_ action: Any, at location: SourceLocation) {
    report(
      "An optional reducer received \(action) while its state was nil; the action was ignored. "
        + "Stop sending actions for state that is gone.",
      at: location
    )
  }

  /// Reports an action sent to the element `id` of a `forEach` that has no such element; the action is
  /// ignored. One wording for the child-level and the parent-level `forEach`.
  static func reportActionForMissingElement(_ action: Any, id: Any, at location: SourceLocation) {
    report(
      "A forEach reducer received \(action) for id \(id), which is not in the collection; "
        + "the action was ignored. Stop sending actions for elements that were removed.",
      at: location
    )
  }
}

extension RuntimeWarning {
  /// Reports an action for a child of an enum state (a `Scope` over a case path) that arrived while the state
  /// was in another case; the action is ignored.
  static func reportActionForOtherCase(_ action: Any, at location: SourceLocation) {
    report(
      "A Scope received \(action) while its state was in another case; the action was ignored. "
        + "Stop sending actions for a case the state has left.",
      at: location
    )
  }
}
