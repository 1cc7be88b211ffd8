import Synchronization

/// The one connection of a process to a database file, safe to use from any task.
///
/// Every use holds a lock for its whole duration, so the connection is never used by two threads at once
/// (which is what lets it run in SQLite's multi-thread mode); the connection itself never escapes a closure,
/// since results must be `Sendable` and a ``Connection`` is not.
public final class Database: Sendable {
  private let connection: Mutex<Connection>

  /// Opens the database at `path`; see ``Connection/init(path:mode:busyTimeout:)``.
  public init(path: String, mode: Connection.Mode = .readWriteCreate, busyTimeout: Duration = .seconds(5)) throws {
    connection = Mutex(try Connection(path: path, mode: mode, busyTimeout: busyTimeout))
  }

  /// Runs `body` with the connection, holding it for the whole call.
  ///
  /// Nothing stops `body` from writing; use ``write(_:)`` for changes that must happen together. Do not
  /// call this database again from inside `body`: the lock is not reentrant.
  public func withConnection<Result: Sendable>(_ body: (Connection) throws -> Result) throws -> Result {
    try connection.withLock { try body($0) }
  }

  /// Runs `body` in a `BEGIN IMMEDIATE` transaction; see ``Connection/transaction(_:_:)``.
  public func write<Result: Sendable>(_ body: (Connection) throws -> Result) throws -> Result {
    try withConnection { try $0.transaction(.immediate, body) }
  }
}
