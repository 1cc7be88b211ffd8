import Platform

extension Connection {
  /// The journal mode, as `PRAGMA journal_mode` answers it, in lower case: `wal`, `delete`, `memory`.
  public func journalMode() throws -> String? {
    try query("PRAGMA journal_mode").first?.text(0).lowercased()
  }

  /// Puts the database in WAL mode, unless it is already.
  ///
  /// Two processes making one new file may both switch it, and SQLite answers `SQLITE_BUSY` at once, without
  /// waiting, to the one whose lock would deadlock with the other's: that one tries again, a few milliseconds
  /// later, for up to `retryingFor` (the busy timeout is a good choice). By then the other has switched the
  /// file.
  ///
  /// - Throws: ``SQLiteError``: `SQLITE_BUSY` once `retryingFor` has passed, or `SQLITE_ERROR` when SQLite
  ///   answers another mode (an in-memory database has no WAL).
  public func switchToWriteAheadLog(retryingFor: Duration = .seconds(5)) throws {
    let deadline = ContinuousClock.now + retryingFor
    while true {
      do {
        return try switchToWriteAheadLogOnce()
      } catch let error as SQLiteError where ResultCode.busy ~= error && ContinuousClock.now < deadline {
        usleep(UInt32.random(in: 1_000...20_000))
      }
    }
  }

  /// ``switchToWriteAheadLog(retryingFor:)``, tried once.
  private func switchToWriteAheadLogOnce() throws {
    guard try journalMode() != "wal" else { return }
    let mode = try query("PRAGMA journal_mode = WAL").first?.text(0)
    guard mode?.lowercased() == "wal" else {
      throw SQLiteError(
        .error,
        message: "journal_mode answered '\(mode ?? "nothing")' instead of 'wal'",
        sql: "PRAGMA journal_mode = WAL"
      )
    }
  }
}
