import FavoritePrimes
import FavoritePrimesLive
import Foundation
import SQLite
import Synchronization
import Testing

/// Entries are dated once their save holds the write lock, so with several PrimeTimes on one file the
/// history's order (its ids, the order of the commits) is also the order of its times.
@Suite(.timeLimit(.minutes(2)))
struct ActivityDatingTests {
  @Test func anEntryIsDatedWhenItsSaveHasTheWriteLockNotWhenItWasAsked() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      // Closed here, not when the last reference goes, which may be on the database's queue after the
      // save returned: the file is then as it stays before the test looks at it.
      let first = try FavoritePrimesDatabase(path: path)
      try await first.save(adding: [2])
      first.close()
      let clock = Mutex(Date(timeIntervalSince1970: 1_000))
      let clockWasRead = Mutex(false)
      let database = try FavoritePrimesDatabase(path: path) {
        clockWasRead.withLock { $0 = true }
        return clock.withLock { $0 }
      }
      defer { database.close() }
      _ = try await database.load()

      let holder = try Connection(path: path, mode: .readWrite)
      try holder.execute("BEGIN IMMEDIATE")
      let save = Task { try await database.save([.addedFavoritePrime(7)]) }
      // Time for the save to start and wait for the lock: a clock read before the lock would happen now.
      try await Task.sleep(for: .milliseconds(300))
      #expect(clockWasRead.withLock { $0 } == false, "the save read the clock before it had the lock")
      clock.withLock { $0 = Date(timeIntervalSince1970: 2_000) }
      try holder.execute("COMMIT")

      let sync = try await save.value
      #expect(sync.activity.map(\.timestamp) == [Date(timeIntervalSince1970: 2_000)])
    }
  }
}
