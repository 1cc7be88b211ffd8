/// Why a recording could not be read, or a store's run could not be recorded: one line, naming the line of
/// the recording at fault when there is one.
///
/// A reader refuses the whole recording at the first fault; nothing of it is replayed.
public struct RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The line of the recording at fault, counted from 1; `nil` when the fault is no line's (the file could
  /// not be opened, a value could not be encoded).
  public let line: Int?
  /// What is wrong, as a sentence without the line number.
  public let reason: String

  /// An error about line `line` (or about no line) for `reason`.
  public init(line: Int?, _ reason: String) {
    self.line = line
    self.reason = reason
  }

  /// `line 3: …`, or the reason alone when no line is at fault.
  public var description: String {
    line.map { "line \($0): \(reason)" } ?? reason
  }
}
