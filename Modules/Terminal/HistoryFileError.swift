/// Why a history file could not be used; its `message` is the warning line, without the program name.
struct HistoryFileError: Error, Equatable, Sendable {
  let message: String

  static func reading(_ path: String, _ code: Int32) -> HistoryFileError {
    HistoryFileError(
      message: "warning: cannot read the history file \(path): \(describe(errno: code)); history will not be saved."
    )
  }

  static func writing(_ path: String, _ code: Int32) -> HistoryFileError {
    HistoryFileError(
      message: "warning: cannot write the history file \(path): \(describe(errno: code)); history will not be saved."
    )
  }
}
