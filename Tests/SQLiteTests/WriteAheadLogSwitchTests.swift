import CSQLite
import Foundation
import SQLite
import Testing

/// ``Connection/switchToWriteAheadLog(retryingFor:)``: WAL once, however often asked; a lock in the way is
/// waited out.
@Suite(.timeLimit(.minutes(1)))
struct WriteAheadLogSwitchTests {
  @Test func aFileIsSwitchedOnceAndAskingAgainChangesNothing() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let connection = try Connection(path: directory.appendingPathComponent("d.db").path)
      #expect(try connection.journalMode() == "delete")
      try connection.switchToWriteAheadLog()
      #expect(try connection.journalMode() == "wal")
      try connection.switchToWriteAheadLog()
      #expect(try connection.journalMode() == "wal")
    }
  }

  @Test func aDatabaseWithoutAFileSaysWhichModeItGot() throws {
    let connection = try Connection(path: ":memory:")
    let error = try #require(throws: SQLiteError.self) { try connection.switchToWriteAheadLog() }
    #expect(error.code == SQLITE_ERROR)
    #expect(error.message == "journal_mode answered 'memory' instead of 'wal'")
  }

  @Test func anotherConnectionsLockIsWaitedOutUntilItEnds() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("d.db").path
      try Connection(path: path).execute("CREATE TABLE t(n INTEGER)")
      let connection = try Connection(path: path, busyTimeout: .zero)
      // A read transaction of another connection keeps the switch from taking its exclusive lock, until it
      // ends 300 ms later.
      let reading = DispatchSemaphore(value: 0)
      let reader = Thread {
        guard let other = try? Connection(path: path), (try? other.execute("BEGIN")) != nil,
          (try? other.query("SELECT count(*) FROM t")) != nil
        else {
          reading.signal()
          return
        }
        reading.signal()
        Thread.sleep(forTimeInterval: 0.3)
        try? other.execute("COMMIT")
      }
      reader.start()
      #expect(reading.wait(timeout: .now() + 10) == .success)
      let busy = try #require(throws: SQLiteError.self) {
        try connection.switchToWriteAheadLog(retryingFor: .milliseconds(20))
      }
      #expect(busy.resultCode == .busy)
      try connection.switchToWriteAheadLog(retryingFor: .seconds(10))
      #expect(try connection.journalMode() == "wal")
    }
  }
}
