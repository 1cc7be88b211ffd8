/// How strictly a ``TestStore`` checks what a test does not assert.
///
/// ```swift
/// store.exhaustivity = .off
///
/// await store.send(.addButtonTapped)
/// await store.receive { $0 == .saved }
/// ```
///
/// With `.on`, the default, every state change, every action effects send back and every effect must be
/// asserted. With `.off`, a test asserts only what it cares about: an update closure checks only what it
/// sets, `receive` skips (reduces) earlier received actions until one matches, `send` first reduces the
/// actions effects sent back, and actions or effects left at the end are no failures. What the test closure
/// sets is still checked, with a diff.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running effect must be asserted.
  case on
  /// Only what the test asserts is checked; with `showSkippedAssertions`, each assertion skipped (an
  /// unasserted state change, a skipped received action, an effect still running at the end) is reported as
  /// an expected failure: a known issue under Swift Testing, a line on standard error under XCTest.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without listing what was skipped: `.off(showSkippedAssertions: false)`.
  public static var off: Self { .off(showSkippedAssertions: false) }
}
