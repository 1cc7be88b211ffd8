/// Whether a ``Step`` sends an action, as a user would, or receives one that an effect sent back.
public enum StepType: Sendable {
  /// The test sends the action to the reducer.
  case send
  /// The test expects the next action an effect sent back to equal the step's action.
  case receive
}

/// One step of an `assert(initialValue:reducer:environment:steps:)` script: an action sent or received, and
/// how it changes the state.
///
/// `update` describes only the change this step makes, starting from the state the previous step left, for
/// example `Step(.send, .incrTapped) { $0.count = 3 }`. Omit it when the step changes nothing: a closure
/// that changes nothing fails. A failure of the step points at the line where the step is written.
public struct Step<Value, Action> {
  let type: StepType
  let action: Action
  let update: ((inout Value) -> Void)?
  let location: TestLocation

  /// Creates a step; the source location defaults to where the step is written.
  public init(
    _ type: StepType,
    _ action: Action,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ update: ((inout Value) -> Void)? = nil
  ) {
    self.type = type
    self.action = action
    self.update = update
    self.location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
