import ExecutableTestSupport
import FavoritePrimes
import FavoritePrimesLive
import Foundation
import SQLite
import Testing

/// A database remembers the list it last read or saved, so a save need not read it again. Whatever another
/// connection or process commits in between is read again, and kept: the save applies only its own changes
/// since that remembered list, and its events record what really changed in the file.
@Suite(.timeLimit(.minutes(5))) struct OtherWriterTests {
  private static func added(_ primes: Int...) -> [ActivityEvent] {
    primes.map { ActivityEvent(kind: .added, prime: $0, date: date(0)) }
  }

  private static func removed(_ primes: Int...) -> [ActivityEvent] {
    primes.map { ActivityEvent(kind: .removed, prime: $0, date: date(0)) }
  }

  private func open(_ path: String) throws -> FavoritePrimesDatabase {
    try FavoritePrimesDatabase(path: path, now: { date(0) })
  }

  @Test func aSaveByAnotherConnectionBetweenTwoSavesIsKeptAlongsideThisOnesChanges() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let first = try open(path)
      let second = try open(path)
      try first.save([2, 3])
      #expect(try second.load() == [2, 3])
      try second.save([5, 7])
      // `first` last saw [2, 3] and adds 11: the other's removals of 2 and 3 and additions of 5 and 7 stay.
      #expect(try first.save([2, 3, 11]) == [5, 7, 11])
      #expect(try first.load() == [5, 7, 11])
      #expect(try first.activity() == Self.added(2, 3) + Self.removed(2, 3) + Self.added(5, 7) + Self.added(11))
    }
  }

  /// Say the load at start failed: a session that never read the list must not wipe it with its own.
  @Test func aConnectionThatNeverReadTheListOnlyAddsToIt() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      try open(path).save([2, 3])
      let latecomer = try open(path)
      #expect(try latecomer.save([7]) == [2, 3, 7])
      #expect(try latecomer.save([11]) == [11])
      #expect(try latecomer.activity() == Self.added(2, 3) + Self.added(7) + Self.removed(2, 3, 7) + Self.added(11))
    }
  }

  @Test func twoSessionsThatBothReadTheListKeepEachOthersAdditionsAndRemovals() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let first = try open(path)
      let second = try open(path)
      try first.save([2, 3])
      #expect(try second.load() == [2, 3])
      #expect(try first.save([2, 3, 7]) == [2, 3, 7])
      #expect(try second.save([3, 11]) == [3, 7, 11])
      #expect(try first.save([3, 7, 11, 13]) == [3, 7, 11, 13])
      #expect(try second.load() == [3, 7, 11, 13])
      #expect(
        try first.activity() == Self.added(2, 3) + Self.added(7) + Self.removed(2) + Self.added(11) + Self.added(13)
      )
    }
  }

  /// A save that failed (here: another writer held the file past the busy timeout) leaves nothing to trust
  /// about the file, but the next save still applies only its own changes.
  @Test func aSaveAfterAFailedOneStillKeepsAnotherWrite() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let first = try open(path)
      let second = try open(path)
      try await first.save([2, 3])
      #expect(try await second.load() == [2, 3])
      try await second.save([2, 3, 5])
      let other = try Connection(path: path, mode: .readWrite)
      try other.execute("BEGIN IMMEDIATE")
      await #expect(throws: FavoritePrimesDatabaseError.self) {
        _ = try await FavoritePrimesClient.live(first).save([2, 3, 7])
      }
      try other.execute("ROLLBACK")
      #expect(try await FavoritePrimesClient.live(first).save([2, 3, 7]) == [2, 3, 5, 7])
      #expect(try await first.activity() == Self.added(2, 3) + Self.added(5) + Self.added(7))
    }
  }

  @Test func aSaveWithNoChangesOfItsOwnKeepsAnotherWrite() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let first = try open(path)
      let second = try open(path)
      try first.save([2, 3])
      #expect(try second.load() == [2, 3])
      try second.save([3, 5])
      #expect(try first.save([2, 3]) == [3, 5])
      #expect(try second.load() == [3, 5])
      #expect(try first.activity() == Self.added(2, 3) + Self.removed(2) + Self.added(5))
    }
  }

  @Test func aWriteWithoutEventsByPlainSQLIsSeen() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let database = try open(path)
      try database.save([2, 3])
      let other = try Connection(path: path, mode: .readWrite)
      try other.transaction { other in
        try other.execute("DELETE FROM favorite")
        try other.execute("INSERT INTO favorite (position, prime) VALUES (0, 13)")
      }
      // Its own changes since [2, 3]: 3 removed, 13 added. The other removed 2 and added 13 already, so
      // nothing changes, and nothing is recorded (against the remembered list it would record two events).
      #expect(try database.save([2, 13]) == [13])
      #expect(try database.activity() == Self.added(2, 3))
      #expect(try database.load() == [13])
    }
  }

  @Test func aLoadRemembersWhatTheNextSaveDiffsAgainst() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let first = try open(path)
      let second = try open(path)
      try first.save([2])
      #expect(try second.load() == [2])
      try second.save([7])
      #expect(try first.load() == [7])
      try first.save([7, 11])
      try second.save([7, 11, 13])
      #expect(try first.load() == [7, 11, 13])
      try first.save([13])
      #expect(try first.activity() == Self.added(2) + Self.removed(2) + Self.added(7) + Self.added(11)
        + Self.added(13) + Self.removed(7, 11))
    }
  }

  @Test func aSaveByAnotherProcessBetweenTwoSavesIsKept() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let database = try open(path)
      try await database.save([2, 3])
      let child = try await Executable("favorite-primes-torture").run(["save-list", path, "3,5,7"])
      #expect(child.exited && child.status == 0, "\(child.stderrText)")
      #expect(child.stdoutText == "saved 3,5,7\n")
      #expect(child.stderrText == "")
      // No changes of its own since [2, 3]: the child's list stays.
      #expect(try await database.save([2, 3]) == [3, 5, 7])
      #expect(try await database.load() == [3, 5, 7])
      // The child dates its events with the real clock.
      let events = try await database.activity()
      let expected = Self.added(2, 3) + Self.removed(2) + Self.added(5, 7)
      #expect(events.map(\.kind) == expected.map(\.kind))
      #expect(events.map(\.prime) == expected.map(\.prime))
      #expect(replay(events) == [3, 5, 7])
    }
  }
}
