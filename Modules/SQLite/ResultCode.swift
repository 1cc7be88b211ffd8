import CSQLite

/// One of SQLite's primary result codes, by name instead of by number, and matchable against an error.
///
/// `~=` makes a code a pattern for an ``SQLiteError`` or a raw code, matching every extended code of its
/// family (the low 8 bits): `case ResultCode.busy:` in a `switch` over an error, or
/// `catch let error as SQLiteError where ResultCode.busy ~= error`. Switch over ``SQLiteError/resultCode``
/// to write `case .busy:`. An integer literal is a code too, so `ResultCode.busy == 5` holds.
public struct ResultCode: RawRepresentable, Hashable, Sendable, ExpressibleByIntegerLiteral {
  /// The code's number, as SQLite's C API has it.
  public let rawValue: Int32

  /// The code numbered `rawValue`.
  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// The code numbered `value`: `5` is ``busy``.
  public init(integerLiteral value: Int32) {
    self.init(rawValue: value)
  }

  /// `SQLITE_ERROR` (1): a generic error, such as SQL that does not prepare.
  public static let error = ResultCode(rawValue: SQLITE_ERROR)
  /// `SQLITE_BUSY` (5): another connection holds a lock longer than the busy timeout.
  public static let busy = ResultCode(rawValue: SQLITE_BUSY)
  /// `SQLITE_LOCKED` (6): a conflict inside one connection's shared cache or transaction.
  public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
  /// `SQLITE_READONLY` (8): the database may not be written.
  public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
  /// `SQLITE_IOERR` (10): the operating system reported an I/O error.
  public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
  /// `SQLITE_CORRUPT` (11): the file is malformed.
  public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
  /// `SQLITE_FULL` (13): the disk, or the database's page limit, is full.
  public static let full = ResultCode(rawValue: SQLITE_FULL)
  /// `SQLITE_CANTOPEN` (14): the file or its journal could not be opened.
  public static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
  /// `SQLITE_MISMATCH` (20): a value of another type than expected, also used by this library for columns.
  public static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
  /// `SQLITE_MISUSE` (21): the library was used wrongly, e.g. a closed ``Database``.
  public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
  /// `SQLITE_RANGE` (25): a parameter or column index out of range.
  public static let range = ResultCode(rawValue: SQLITE_RANGE)
  /// `SQLITE_NOTADB` (26): the file is not a database.
  public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
  /// `SQLITE_INTERRUPT` (9): the statement was stopped by an interruption (see ``Interruption``).
  public static let interrupt = ResultCode(rawValue: SQLITE_INTERRUPT)

  /// Whether `code`, primary or extended, is of `pattern`'s family: its low 8 bits are `pattern`.
  public static func ~= (pattern: ResultCode, code: Int32) -> Bool {
    code & 0xFF == pattern.rawValue
  }

  /// Whether `error`'s code is of `pattern`'s family: `case ResultCode.corrupt:` in a `switch` over an error.
  public static func ~= (pattern: ResultCode, error: SQLiteError) -> Bool {
    pattern ~= error.code
  }
}
