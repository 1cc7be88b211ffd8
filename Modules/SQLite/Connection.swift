import CSQLite

/// One SQLite connection: statements run on it one at a time, through bound parameters only.
///
/// A connection is not `Sendable`: share it through a ``Database``, which serializes every use. It is closed
/// when it goes away.
public final class Connection {
  /// How to open the file.
  public enum Mode: Sendable {
    /// Read and write; create the file when it does not exist.
    case readWriteCreate
    /// Read and write an existing file.
    case readWrite
    /// Only read an existing file.
    case readOnly

    var flags: Int32 {
      switch self {
      case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
      case .readWrite: SQLITE_OPEN_READWRITE
      case .readOnly: SQLITE_OPEN_READONLY
      }
    }
  }

  /// SQLite's handle: only this module's extensions of the connection use it.
  let handle: OpaquePointer

  /// Opens the database at `path` (`":memory:"` for a private in-memory one).
  ///
  /// Extended result codes are on. Another connection holding the write lock is waited for up to
  /// `busyTimeout` before `SQLITE_BUSY` is reported. Opening does not read the file: a file that is not a
  /// database is only refused by the first statement. An error opening names the path.
  ///
  /// - Throws: ``SQLiteError``, e.g. `SQLITE_CANTOPEN` (14) for a missing or unwritable directory.
  public init(path: String, mode: Mode = .readWriteCreate, busyTimeout: Duration = .seconds(5)) throws {
    var handle: OpaquePointer?
    let code = sqlite3_open_v2(path, &handle, mode.flags | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_NOMUTEX, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map(errorMessage) ?? String(cString: sqlite3_errstr(code))
      let osErrno = handle.map { systemErrno($0, code: code) } ?? 0
      sqlite3_close_v2(handle)
      throw SQLiteError(code: code, message: "\(message): \(path)", systemErrno: osErrno)
    }
    self.handle = handle
    sqlite3_extended_result_codes(handle, 1)
    sqlite3_busy_timeout(handle, Self.milliseconds(busyTimeout))
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// `duration` in whole milliseconds, saturating at 0 and `Int32.max` (about 24 days).
  static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0, attoseconds >= 0 else { return 0 }
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
    guard !overflow else { return .max }
    return Int32(clamping: whole + attoseconds / 1_000_000_000_000_000)
  }

  /// Runs one statement with `arguments` bound to its parameters, ignoring any rows it returns.
  public func execute(_ sql: String, _ arguments: [SQLiteValue] = []) throws {
    let statement = try Statement(sql: sql, database: handle)
    try statement.bind(arguments)
    while try statement.step() {}
  }

  /// Runs one statement with `arguments` bound to its parameters and returns its rows.
  public func query(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [Row] {
    let statement = try Statement(sql: sql, database: handle)
    try statement.bind(arguments)
    var rows: [Row] = []
    while try statement.step() {
      rows.append(try statement.row())
    }
    return rows
  }

  /// Runs one statement once for each list of arguments, preparing it only once: for bulk inserts.
  public func executeForEach(_ sql: String, _ argumentLists: some Sequence<[SQLiteValue]>) throws {
    let statement = try Statement(sql: sql, database: handle)
    for arguments in argumentLists {
      try statement.bind(arguments)
      while try statement.step() {}
      statement.reset()
    }
  }

  /// Prepares `sql` once and lends it to `body`, which may run it any number of times; it is finalized when
  /// `body` returns or throws.
  ///
  /// For bulk work: ``PreparedStatement/execute(_:_:)`` binds integers without allocating, and
  /// ``PreparedStatement/forEachRow(_:_:)`` reads rows in place.
  ///
  /// - Throws: ``SQLiteError`` when `sql` does not prepare, or what `body` throws.
  public func withStatement<Result>(_ sql: String, _ body: (borrowing PreparedStatement) throws -> Result) throws
    -> Result
  {
    try body(PreparedStatement(statement: Statement(sql: sql, database: handle)))
  }

  /// Runs one statement with `arguments` bound to its parameters and returns the integer in the first column
  /// of each row, in order: for long lists of integers, read in one loop without a closure call per row.
  ///
  /// - Throws: ``SQLiteError``: `SQLITE_MISMATCH` naming the column when a value is not an integer (NULL, text,
  ///   a REAL, a BLOB), `SQLITE_RANGE` when the statement returns no columns, or the error of the step.
  public func integers(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [Int64] {
    let statement = try Statement(sql: sql, database: handle)
    try statement.bind(arguments)
    return try statement.integersOfFirstColumn()
  }

  /// Runs one statement with `arguments` bound to its parameters, handing each row to `body` to read in
  /// place, without copying it into a ``Row``.
  public func forEachRow(
    _ sql: String,
    _ arguments: [SQLiteValue] = [],
    _ body: (borrowing CurrentRow) throws -> Void
  ) throws {
    let statement = try Statement(sql: sql, database: handle)
    try statement.bind(arguments)
    try statement.forEachRow(body)
  }

  /// How a transaction begins.
  public enum TransactionKind: Sendable {
    /// `BEGIN IMMEDIATE`: takes the write lock at once, so no other connection can write meanwhile.
    case immediate
    /// `BEGIN DEFERRED`: for reads, which all see one snapshot of the database. A write inside would only
    /// then ask for the write lock, and may fail with `SQLITE_BUSY` whatever the busy timeout.
    case deferred

    var begin: String {
      switch self {
      case .immediate: "BEGIN IMMEDIATE"
      case .deferred: "BEGIN DEFERRED"
      }
    }
  }

  /// Runs `body` on this connection in a transaction, by default `BEGIN IMMEDIATE … COMMIT`, so no other
  /// connection can write meanwhile.
  ///
  /// If `body` or the commit throws, the transaction is rolled back and the first error is rethrown; a
  /// failing rollback never hides it. Transactions do not nest: beginning one inside another throws.
  public func transaction<Result>(
    _ kind: TransactionKind = .immediate,
    _ body: (Connection) throws -> Result
  ) throws -> Result {
    try execute(kind.begin)
    do {
      let result = try body(self)
      try execute("COMMIT")
      return result
    } catch {
      if isInTransaction {
        try? execute("ROLLBACK")
      }
      throw error
    }
  }

  /// How long a statement waits for another connection's lock before `SQLITE_BUSY` is reported, from now
  /// on; zero reports it at once.
  public func setBusyTimeout(_ timeout: Duration) {
    sqlite3_busy_timeout(handle, Self.milliseconds(timeout))
  }

  /// Whether a transaction is open.
  public var isInTransaction: Bool {
    sqlite3_get_autocommit(handle) == 0
  }

  /// Whether closing this connection, when it is the last one to a WAL database, checkpoints the log into
  /// the main file and deletes the `-wal` and `-shm` files (SQLite's default, true).
  ///
  /// Turn it off while judging a file that may be refused, so that closing leaves the main file and its log
  /// as they were (the `-wal` and `-shm` files then stay; remove those this process created).
  ///
  /// - Throws: ``SQLiteError`` if SQLite refuses the option.
  public func setCheckpointsOnClose(_ enabled: Bool) throws {
    let code = csqlite_set_checkpoint_on_close(handle, enabled ? 1 : 0)
    guard code == SQLITE_OK else {
      throw SQLiteError(code: code, message: String(cString: sqlite3_errstr(code)))
    }
  }

  /// How many of this connection's statements are not finalized yet: 0 between calls, which tests check.
  var unfinalizedStatementCount: Int {
    var count = 0
    var statement = sqlite3_next_stmt(handle, nil)
    while let current = statement {
      count += 1
      statement = sqlite3_next_stmt(handle, current)
    }
    return count
  }

  /// The number of rows the last `INSERT`, `UPDATE` or `DELETE` changed.
  public var changes: Int {
    Int(sqlite3_changes64(handle))
  }
}

@available(*, unavailable, message: "share a Connection through a Database, which serializes its use")
extension Connection: Sendable {}
