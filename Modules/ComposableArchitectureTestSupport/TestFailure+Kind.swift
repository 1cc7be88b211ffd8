extension TestFailure {
  /// What went wrong, in a few words: the title of the failure in a test report.
  ///
  /// Under Swift Testing every issue the helpers record is an "Issue recorded"; the first line of its comment
  /// is this kind's ``title``, then the message says the rest. XCTest failures start with it too.
  public enum Kind: Sendable, Equatable, CaseIterable {
    /// A step left the state other than its update closure said.
    case stateChangedUnexpectedly
    /// A step's update closure expected a change, but the state stayed as it was.
    case stateDidNotChange
    /// An update closure threw.
    case updateClosureThrew
    /// A `receive` step got another action than it expected (the action is still reduced).
    case receivedWrongAction
    /// A `receive` step found no action.
    case noActionReceived
    /// Actions effects sent back were never asserted with a `receive` step.
    case actionLeftUnreceived
    /// An effect still ran when the test (or the task's `finish()`) ended.
    case effectStillRunning
    /// A reducer answered action after action without end.
    case actionsNeverSettled
    /// `skipReceivedActions(strict:)` or `skipInFlightEffects(strict:)` found nothing to skip.
    case nothingToSkip
    /// Something the feature did raised a runtime warning.
    case runtimeWarning
    /// A recording could not be read, or its replay did not reproduce a recorded state.
    case replayFailed

    /// The kind, as a report's title: `State changed unexpectedly`.
    public var title: String {
      switch self {
      case .stateChangedUnexpectedly: "State changed unexpectedly"
      case .stateDidNotChange: "State did not change"
      case .updateClosureThrew: "Update closure threw"
      case .receivedWrongAction: "Received the wrong action"
      case .noActionReceived: "No action received"
      case .actionLeftUnreceived: "Action left unreceived"
      case .effectStillRunning: "Effect still running"
      case .actionsNeverSettled: "Actions never settled"
      case .nothingToSkip: "Nothing to skip"
      case .runtimeWarning: "Runtime warning"
      case .replayFailed: "Replay failed"
      }
    }

    /// `message` as a test framework reports it: the title on a line of its own, then the message; the message
    /// alone when it already starts with the title (`Runtime warning at …`).
    func report(_ message: String) -> String {
      message.hasPrefix(title) ? message : title + "\n" + message
    }
  }
}
