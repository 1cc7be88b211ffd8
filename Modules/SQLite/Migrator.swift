/// Takes a database from the version it records (`PRAGMA user_version`, 0 for a new one) to the last of its
/// ``migrations``, one step at a time.
public struct Migrator: Sendable {
  /// Every step, oldest first. Append new steps; never edit a released one.
  public let migrations: [Migration]

  /// A migrator through `migrations`, oldest first.
  public init(_ migrations: [Migration]) {
    self.migrations = migrations
  }

  /// The version the last step leaves the database at: the one this program writes.
  public var latestVersion: Int64 { migrations.last?.version ?? 0 }

  /// Why ``migrate(_:)`` stopped.
  public enum Failure: Error, Equatable, Sendable {
    /// The database records `version`, above ``latestVersion``: a newer program wrote it.
    case newerVersion(Int64)
    /// A statement of the step to `version` was refused with a plain `SQLITE_ERROR` (a table that already
    /// exists, say): the file's tables do not allow the migration.
    case statementRefused(version: Int64, error: SQLiteError)
  }

  /// Runs, on `connection`, every step above the version the database records, and returns that version: the
  /// database was migrated when it is below ``latestVersion``.
  ///
  /// Call it inside a write transaction (``Connection/transaction(_:_:)``, `.immediate`), so the version is
  /// read under the write lock (another process may have migrated meanwhile) and the steps are kept or
  /// undone as a whole.
  ///
  /// - Throws: ``Failure``, or the ``SQLiteError`` of anything else that failed (e.g. `SQLITE_BUSY`).
  public func migrate(_ connection: Connection) throws -> Int64 {
    let version = try connection.userVersion()
    if version > latestVersion {
      throw Failure.newerVersion(version)
    }
    for migration in migrations where migration.version > version {
      for statement in migration.statements {
        do {
          try connection.execute(statement)
        } catch let error as SQLiteError where error.code == ResultCode.error.rawValue {
          throw Failure.statementRefused(version: migration.version, error: error)
        }
      }
    }
    return version
  }
}

extension Connection {
  /// `PRAGMA user_version`: the version of its schema the database records, 0 for a new one.
  public func userVersion() throws -> Int64 {
    try integer("PRAGMA user_version")
  }

  /// The single integer `sql` answers with `arguments` bound: the first column of its first row.
  ///
  /// - Throws: ``SQLiteError``: `SQLITE_ERROR` when it answers no row, `SQLITE_MISMATCH` when the value is
  ///   not an integer, or the error of the statement.
  public func integer(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> Int64 {
    guard let row = try query(sql, arguments).first else {
      throw SQLiteError(.error, message: "no row", sql: sql)
    }
    return try row.integer(0)
  }
}
