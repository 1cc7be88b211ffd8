import CSQLite

/// SQLite's primary result codes that callers match on, by name instead of by number.
///
/// Compare them with ``SQLiteError/primaryCode``; an extended code (``SQLiteError/code``) carries one of these
/// in its low 8 bits.
public enum ResultCode {
  /// `SQLITE_ERROR` (1): a generic error, such as SQL that does not prepare.
  public static let error: Int32 = SQLITE_ERROR
  /// `SQLITE_BUSY` (5): another connection holds a lock longer than the busy timeout.
  public static let busy: Int32 = SQLITE_BUSY
  /// `SQLITE_LOCKED` (6): a conflict inside one connection's shared cache or transaction.
  public static let locked: Int32 = SQLITE_LOCKED
  /// `SQLITE_READONLY` (8): the database may not be written.
  public static let readOnly: Int32 = SQLITE_READONLY
  /// `SQLITE_IOERR` (10): the operating system reported an I/O error.
  public static let ioError: Int32 = SQLITE_IOERR
  /// `SQLITE_CORRUPT` (11): the file is malformed.
  public static let corrupt: Int32 = SQLITE_CORRUPT
  /// `SQLITE_FULL` (13): the disk, or the database's page limit, is full.
  public static let full: Int32 = SQLITE_FULL
  /// `SQLITE_CANTOPEN` (14): the file or its journal could not be opened.
  public static let cannotOpen: Int32 = SQLITE_CANTOPEN
  /// `SQLITE_MISMATCH` (20): a value of another type than expected, also used by this library for columns.
  public static let mismatch: Int32 = SQLITE_MISMATCH
  /// `SQLITE_MISUSE` (21): the library was used wrongly, e.g. a closed ``Database``.
  public static let misuse: Int32 = SQLITE_MISUSE
  /// `SQLITE_NOTADB` (26): the file is not a database.
  public static let notADatabase: Int32 = SQLITE_NOTADB
}
