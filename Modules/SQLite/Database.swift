import Synchronization

/// The one connection of a process to a database file, safe to use from any task.
///
/// Every use holds a lock for its whole duration, so the connection is never used by two threads at once
/// (which is what lets it run in SQLite's multi-thread mode); the connection itself never escapes a closure,
/// since results must be `Sendable` and a ``Connection`` is not.
public final class Database: Sendable {
  /// The connection; nil once ``close()`` has run.
  private let connection: Mutex<Connection?>

  /// Opens the database at `path`; see ``Connection/init(path:mode:busyTimeout:)``.
  public init(path: String, mode: Connection.Mode = .readWriteCreate, busyTimeout: Duration = .seconds(5)) throws {
    connection = Mutex(try Connection(path: path, mode: mode, busyTimeout: busyTimeout))
  }

  /// Runs `body` with the connection, holding it for the whole call.
  ///
  /// Nothing stops `body` from writing; use ``write(_:)`` for changes that must happen together. Do not
  /// call this database again from inside `body`: the lock is not reentrant.
  ///
  /// - Throws: what `body` throws, or ``SQLiteError/closed`` once the database is closed.
  public func withConnection<Result: Sendable>(_ body: (Connection) throws -> Result) throws -> Result {
    try connection.withLock { connection in
      guard let connection else {
        throw SQLiteError.closed
      }
      return try body(connection)
    }
  }

  /// Closes the connection, waiting for a call in progress to finish first; later calls throw.
  ///
  /// When this was the last connection to a WAL database, SQLite checkpoints the log into the main file
  /// and deletes the `-wal` and `-shm` files, so the main file alone holds everything. Before that, a passive
  /// checkpoint copies every committed change into the main file, without waiting for anyone, so even
  /// when other connections keep the log open the main file holds what this one wrote (unless a reader of
  /// another connection still needs an older page).
  ///
  /// - Returns: the error that checkpoint failed with (e.g. `SQLITE_FULL`, `SQLITE_IOERR`): the changes not
  ///   copied are then still only in the `-wal`, which SQLite keeps. Nil when it succeeded, or only found
  ///   other connections in its way (not a failure), or the database was already closed: closing twice does
  ///   nothing more. Safe from any thread.
  @discardableResult
  public func close() -> SQLiteError? {
    connection.withLock { connection -> SQLiteError? in
      guard let open = connection else { return nil }
      var failure: SQLiteError?
      do {
        // A checkpoint blocked by another connection answers a row saying so; only a failure throws.
        _ = try open.query("PRAGMA wal_checkpoint(PASSIVE)")
      } catch let error as SQLiteError {
        // Busy or locked only means another connection is in the way: what is left, it or a later close moves.
        if error.primaryCode != ResultCode.busy && error.primaryCode != ResultCode.locked {
          failure = error
        }
      } catch {
        failure = SQLiteError(code: ResultCode.error, message: "\(error)")
      }
      connection = nil
      return failure
    }
  }

  /// Runs `body` in a `BEGIN IMMEDIATE` transaction; see ``Connection/transaction(_:_:)``.
  public func write<Result: Sendable>(_ body: (Connection) throws -> Result) throws -> Result {
    try withConnection { try $0.transaction(.immediate, body) }
  }
}
