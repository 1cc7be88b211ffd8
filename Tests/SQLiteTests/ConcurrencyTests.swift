import CSQLite
import Foundation
import SQLite
import Synchronization
import Testing

/// Connection A, on a thread of its own: takes the write lock with `BEGIN IMMEDIATE` and holds it until released.
private final class WriteLockHolder: Sendable {
  private let locked = DispatchSemaphore(value: 0)
  private let released = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)
  private let failure = Mutex<String?>(nil)

  /// Starts the thread and returns once A holds the write lock.
  init(path: String, holdAfterRelease: TimeInterval) throws {
    Thread { [self] in
      hold(path: path, holdAfterRelease: holdAfterRelease)
    }.start()
    try #require(locked.wait(timeout: .now() + 10) == .success, "A never took the lock")
    if let failure = failure.withLock({ $0 }) {
      Issue.record("A failed: \(failure)")
    }
  }

  private func hold(path: String, holdAfterRelease: TimeInterval) {
    defer { finished.signal() }
    do {
      let connection = try Connection(path: path)
      try connection.execute("BEGIN IMMEDIATE")
      try connection.execute("INSERT INTO t(n) VALUES (1)")
      locked.signal()
      _ = released.wait(timeout: .now() + 10)
      Thread.sleep(forTimeInterval: holdAfterRelease)
      try connection.execute("COMMIT")
    } catch {
      failure.withLock { $0 = "\(error)" }
      locked.signal()
    }
  }

  /// Lets A commit (after its hold time) and returns at once.
  func release() {
    released.signal()
  }

  /// Waits for A's thread to end and reports whether A committed.
  func finish() -> String? {
    released.signal()
    _ = finished.wait(timeout: .now() + 15)
    return failure.withLock { $0 }
  }
}

@Suite(.timeLimit(.minutes(2))) struct ConcurrencyTests {
  @Test func databaseSerializesOneHundredConcurrentWrites() async throws {
    try await withTemporaryDirectory { directory in
      let database = try Database(path: directory.appendingPathComponent("db.sqlite3").path)
      try await database.write { try $0.execute("CREATE TABLE t(n INTEGER PRIMARY KEY)") }
      try await withThrowingTaskGroup(of: Void.self) { group in
        for n in 0..<100 {
          group.addTask {
            try await database.write { try $0.execute("INSERT INTO t(n) VALUES (?)", [.integer(Int64(n))]) }
          }
        }
        try await group.waitForAll()
      }
      let (count, distinct, sum) = try await database.withConnection { connection in
        let row = try #require(try connection.query("SELECT count(*), count(DISTINCT n), sum(n) FROM t").first)
        return (try row.integer(0), try row.integer(1), try row.integer(2))
      }
      #expect(count == 100)
      #expect(distinct == 100)
      #expect(sum == 4950)
    }
  }

  /// Makes a WAL database with table `t`.
  private func makeWALDatabase(in directory: URL) throws -> String {
    let path = directory.appendingPathComponent("db.sqlite3").path
    let setup = try Connection(path: path)
    #expect(try setup.query("PRAGMA journal_mode=WAL").map(\.values) == [["wal"]])
    try setup.execute("CREATE TABLE t(n INTEGER PRIMARY KEY)")
    return path
  }

  @Test func zeroBusyTimeoutFailsAtOnceWhileAnotherConnectionWrites() throws {
    try withTemporaryDirectory { directory in
      let path = try makeWALDatabase(in: directory)
      let holder = try WriteLockHolder(path: path, holdAfterRelease: 0)

      let b = try Connection(path: path, busyTimeout: .zero)
      let clock = ContinuousClock()
      let start = clock.now
      let error = #expect(throws: SQLiteError.self) {
        try b.execute("INSERT INTO t(n) VALUES (2)")
      }
      let elapsed = clock.now - start
      #expect(error?.primaryCode == SQLITE_BUSY)
      #expect(error?.primaryCode == 5)
      #expect(error?.sql == "INSERT INTO t(n) VALUES (2)")
      #expect(elapsed < .seconds(2), "with no timeout, BUSY must come at once, not after \(elapsed)")

      let transactionError = #expect(throws: SQLiteError.self) {
        try b.transaction { try $0.execute("INSERT INTO t(n) VALUES (3)") }
      }
      #expect(transactionError?.primaryCode == SQLITE_BUSY)
      #expect(!b.isInTransaction)

      // Readers are not blocked by A's write transaction in WAL mode, and do not see its uncommitted row.
      #expect(try rowCount(b) == 0)

      #expect(holder.finish() == nil)
      #expect(try b.query("SELECT n FROM t").map(\.values) == [[1]])
    }
  }

  @Test func busyTimeoutWaitsForTheOtherWriterToCommit() throws {
    try withTemporaryDirectory { directory in
      let path = try makeWALDatabase(in: directory)
      let holder = try WriteLockHolder(path: path, holdAfterRelease: 0.2)

      let b = try Connection(path: path, busyTimeout: .seconds(5))
      holder.release()  // A commits about 200 ms from now, while B waits
      try b.transaction { try $0.execute("INSERT INTO t(n) VALUES (2)") }

      #expect(holder.finish() == nil)
      #expect(try b.query("SELECT n FROM t ORDER BY n").map(\.values) == [[1], [2]])
    }
  }
}
