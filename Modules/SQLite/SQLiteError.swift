/// A failed SQLite call: the extended result code, SQLite's own message, the SQL that failed, and the system's
/// `errno` behind an I/O error or a failure to open.
///
/// Match a family of errors with a ``ResultCode`` (`case ResultCode.busy:`, or a `switch` over
/// ``resultCode``), one exact case on ``code`` (e.g. `SQLITE_CONSTRAINT_PRIMARYKEY`, 1555). The message is SQLite's wording, which changes between
/// versions: show it, do not compare it.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The extended result code.
  public let code: Int32
  /// SQLite's message, read right after the failing call.
  public let message: String
  /// The statement that failed, when there was one.
  public let sql: String?
  /// The system's `errno` behind an I/O error (`SQLITE_IOERR`) or a failure to open (`SQLITE_CANTOPEN`), as
  /// `sqlite3_system_errno` reports it right after the failing call: `EFBIG` for a file past the file size
  /// limit. 0 for any other error, whose `errno` SQLite does not record.
  public let systemErrno: Int32

  /// Creates an error; the library makes these, tests may too.
  public init(code: Int32, message: String, sql: String? = nil, systemErrno: Int32 = 0) {
    self.code = code
    self.message = message
    self.sql = sql
    self.systemErrno = systemErrno
  }

  /// An error of the primary `code`: `SQLiteError(.misuse, message: "...")`; see
  /// ``init(code:message:sql:systemErrno:)``.
  public init(_ code: ResultCode, message: String, sql: String? = nil, systemErrno: Int32 = 0) {
    self.init(code: code.rawValue, message: message, sql: sql, systemErrno: systemErrno)
  }

  /// What every call on a ``Database`` throws once ``Database/close(lastUse:)`` has run.
  public static let closed = SQLiteError(.misuse, message: "the database is closed")

  /// The primary result code: the low 8 bits of ``code``.
  public var primaryCode: Int32 { code & 0xFF }

  /// The primary result code, by name: `switch error.resultCode { case .busy: ... }`.
  public var resultCode: ResultCode { ResultCode(rawValue: primaryCode) }

  /// Whether the error says the file is damaged: `SQLITE_CORRUPT` or `SQLITE_NOTADB`, in any extended form.
  public var saysFileIsDamaged: Bool {
    switch resultCode {
    case .corrupt, .notADatabase: true
    default: false
    }
  }

  /// `SQLite error 1555: UNIQUE constraint failed: t.n - while executing `INSERT ...``.
  public var description: String {
    "SQLite error \(code): \(message)" + (sql.map { " - while executing `\($0)`" } ?? "")
  }
}

extension SQLiteError {
  /// What a call on a ``Database`` throws from inside one of that database's own closures: it would wait for
  /// the call it is part of, forever.
  ///
  /// A task started inside such a closure inherits the mark, so its calls on that database throw this too,
  /// even after the closure has returned: start work that needs the database from outside its closures.
  public static let reentrantCall = SQLiteError(
    .misuse,
    message: "a closure of this database called the database again, which would wait for itself forever: "
      + "use the connection the closure was given"
  )
}
