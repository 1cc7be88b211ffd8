/// Why a history file could not be used; its `message` is the warning line, without the program name.
struct HistoryFileError: Error, Equatable, Sendable {
  let message: String

  static func reading(_ path: String, _ code: Int32) -> HistoryFileError {
    HistoryFileError(
      message: "warning: cannot read the history file \(path): \(describe(errno: code)); history will not be saved."
    )
  }

  /// `blocker`, on the way to the history file, exists but is not a directory.
  static func notADirectory(_ path: String, _ blocker: String, reading: Bool) -> HistoryFileError {
    HistoryFileError(
      message: "warning: cannot \(reading ? "read" : "write") the history file \(path): \(blocker) is not a directory; "
        + "history will not be saved."
    )
  }

  static func writing(_ path: String, _ code: Int32) -> HistoryFileError {
    HistoryFileError(
      message: "warning: cannot write the history file \(path): \(describe(errno: code)); history will not be saved."
    )
  }
}
