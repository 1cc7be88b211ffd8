import Dispatch
import Synchronization

/// The one connection of a process to a database file, and its owner: safe to use from any task.
///
/// ``read(_:)`` and ``write(_:)`` are the way in for tasks: their closures run one at a time, in arrival order,
/// on a serial executor of this database's own, so a write waiting seconds for another process's lock never
/// holds a thread of Swift's cooperative pool. ``withConnection(_:)`` is the synchronous way in, for code that
/// runs on a thread of its own (opening, tools, tests); it blocks its caller while another call runs.
///
/// Every use holds a lock for its whole duration, so the connection is never used by two threads at once
/// (which is what lets it run in SQLite's multi-thread mode); the connection itself never escapes a closure,
/// since results must be `Sendable` and a ``Connection`` is not. A closure must not call its own database
/// again: that call throws ``SQLiteError/reentrantCall`` instead of waiting for itself forever.
public final class Database: Sendable {
  /// The connection; nil once ``close()`` has run.
  private let connection: Mutex<Connection?>
  /// Where ``read(_:)`` and ``write(_:)`` run their closures: a serial queue, whose thread is not one of the
  /// cooperative pool's.
  let executor = DispatchQueue(label: "SQLite.Database")
  /// How many calls wait for `executor`; see ``waitingCallCount``.
  let waiting = Atomic<Int>(0)

  /// Opens the database at `path`; see ``Connection/init(path:mode:busyTimeout:)``.
  public init(path: String, mode: Connection.Mode = .readWriteCreate, busyTimeout: Duration = .seconds(5)) throws {
    connection = Mutex(try Connection(path: path, mode: mode, busyTimeout: busyTimeout))
  }

  /// Runs `body` with the connection on the calling thread, holding it for the whole call.
  ///
  /// Blocks while another call runs: from a task, prefer ``read(_:)`` or ``write(_:)``. Nothing stops `body`
  /// from writing; use ``write(_:)`` for changes that must happen together.
  ///
  /// - Throws: what `body` throws, ``SQLiteError/closed`` once the database is closed, or
  ///   ``SQLiteError/reentrantCall`` when called from inside a closure of this database.
  public func withConnection<Result: Sendable>(_ body: (Connection) throws -> Result) throws -> Result {
    try requireNotInOwnClosure()
    return try HeldDatabases.$identifiers.withValue(HeldDatabases.identifiers + [ObjectIdentifier(self)]) {
      try connection.withLock { connection in
        guard let connection else {
          throw SQLiteError.closed
        }
        return try body(connection)
      }
    }
  }

  /// Throws ``SQLiteError/reentrantCall`` when the calling thread or task is inside a closure of this
  /// database (or is a task started from one), where waiting for the connection would never end.
  func requireNotInOwnClosure() throws {
    if HeldDatabases.identifiers.contains(ObjectIdentifier(self)) {
      throw SQLiteError.reentrantCall
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
  ///   nothing more. ``SQLiteError/reentrantCall``, closing nothing, when called from inside a closure of this
  ///   database. Safe from any thread.
  @discardableResult
  public func close() -> SQLiteError? {
    do {
      try requireNotInOwnClosure()
    } catch {
      return SQLiteError.reentrantCall
    }
    return connection.withLock { connection -> SQLiteError? in
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

  /// Runs `body` in a `BEGIN IMMEDIATE` transaction on the calling thread; see ``withConnection(_:)`` and
  /// ``Connection/transaction(_:_:)``. From a task, prefer the asynchronous ``write(_:)``.
  public func write<Result: Sendable>(_ body: (Connection) throws -> Result) throws -> Result {
    try withConnection { try $0.transaction(.immediate, body) }
  }
}

/// The databases whose closures the current thread or task is running, bound around each closure: a task
/// started inside one inherits it, so its calls on that database are recognized as re-entrant too.
enum HeldDatabases {
  @TaskLocal static var identifiers: [ObjectIdentifier] = []
}
