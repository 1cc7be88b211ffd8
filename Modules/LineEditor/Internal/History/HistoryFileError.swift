import Platform

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

  /// The history file is a symbolic link, which is not followed.
  static func symbolicLink(_ path: String) -> HistoryFileError {
    HistoryFileError(
      message: "warning: cannot use the history file \(path): it is a symbolic link, which PrimeTime does not follow; "
        + "history will not be saved."
    )
  }

  /// The history file has another name (a hard link); writing would change that file behind its back.
  static func hardLinked(_ path: String) -> HistoryFileError {
    HistoryFileError(
      message: "warning: cannot use the history file \(path): it has another name (a hard link), which PrimeTime "
        + "does not write through; history will not be saved."
    )
  }

  /// The history file is `kind` (`a FIFO`, `a device`, `a socket`), not a regular file.
  static func notARegularFile(_ path: String, kind: String, reading: Bool) -> HistoryFileError {
    HistoryFileError(
      message: "warning: cannot \(reading ? "read" : "write") the history file \(path): it is \(kind), not a regular "
        + "file; history will not be saved."
    )
  }

  /// The history file belongs to another user and others may use it (`mode`), so it is not written to.
  static func notPrivate(_ path: String, mode: mode_t) -> HistoryFileError {
    HistoryFileError(
      message: "warning: cannot write the history file \(path): it belongs to another user and is not private "
        + "(mode \(String(mode, radix: 8))); history will not be saved."
    )
  }

  static func writing(_ path: String, _ code: Int32) -> HistoryFileError {
    HistoryFileError(
      message: "warning: cannot write the history file \(path): \(describe(errno: code)); history will not be saved."
    )
  }
}
