import ExecutableTestSupport
import FavoritePrimes
import FavoritePrimesLive
import Foundation
import SQLite
import Testing

/// A database object remembers what it last read or wrote: the `data_version` then, and the largest event id
/// it returned. A save writes only its own changes, so nothing another connection or process committed in
/// between is lost; when there was such a commit, the save returns the list stored, and every save or load
/// returns the events since the last it returned, the other's with their own ids and dates, each once.
@Suite(.timeLimit(.minutes(5))) struct OtherWriterTests {
  private func open(_ path: String, at milliseconds: Int64 = 0) throws -> FavoritePrimesDatabase {
    try FavoritePrimesDatabase(path: path, now: { date(milliseconds) })
  }

  /// The bug of issue 15: with A open, B adds 23; A's next save brings in 23 and B's event for it, then its
  /// own; a load afterwards brings nothing twice; nothing is recorded twice.
  @Test func aSaveAfterAnotherDatabaseSavedReturnsTheStoredListAndTheOthersActivityOnce() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let a = try open(path, at: 1_000)
      let b = try open(path, at: 2_000)
      #expect(try await a.load() == FavoritePrimesSync(favoritePrimes: []))
      #expect(try await b.load() == FavoritePrimesSync(favoritePrimes: []))
      #expect(try await a.save([.addedFavoritePrime(7)]) == FavoritePrimesSync(activity: [entry(1, .addedFavoritePrime(7), at: 1_000)]))
      #expect(
        try await b.save([.addedFavoritePrime(23)])
          == FavoritePrimesSync(
            favoritePrimes: [7, 23],
            activity: [entry(1, .addedFavoritePrime(7), at: 1_000), entry(2, .addedFavoritePrime(23), at: 2_000)]
          )
      )
      #expect(
        try await a.save([.addedFavoritePrime(11)])
          == FavoritePrimesSync(
            favoritePrimes: [7, 23, 11],
            activity: [entry(2, .addedFavoritePrime(23), at: 2_000), entry(3, .addedFavoritePrime(11), at: 1_000)]
          )
      )
      #expect(try await a.save([]) == FavoritePrimesSync())
      #expect(try await a.load() == FavoritePrimesSync(favoritePrimes: [7, 23, 11]))
      #expect(try await b.load() == FavoritePrimesSync(favoritePrimes: [7, 23, 11], activity: [entry(3, .addedFavoritePrime(11), at: 1_000)]))
      #expect(try integer("SELECT count(*) FROM activity_event", at: path) == 3)
      #expect(try integer("SELECT count(*) FROM favorite", at: path) == 3)
    }
  }

  /// A load in A brings in B's changes and their activity the same way.
  @Test func aLoadAfterAnotherDatabaseSavedReturnsItsActivityOnce() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let a = try open(path, at: 1_000)
      let b = try open(path, at: 2_000)
      _ = try await a.load()
      try await b.save(adding: [23])
      #expect(try await a.load() == FavoritePrimesSync(favoritePrimes: [23], activity: [entry(1, .addedFavoritePrime(23), at: 2_000)]))
      #expect(try await a.load() == FavoritePrimesSync(favoritePrimes: [23]))
      #expect(try await a.save([]) == FavoritePrimesSync())
    }
  }

  /// Both sides' additions and removals are kept: each save applies only its own changes.
  @Test func twoSessionsKeepEachOthersAdditionsAndRemovals() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let first = try open(path)
      let second = try open(path)
      try await first.save(adding: [2, 3])
      #expect(try await second.stored() == [2, 3])
      #expect(try await first.save(adding: [7]).favoritePrimes == nil)
      #expect(try await second.save([.removedFavoritePrime(2), .addedFavoritePrime(11)]).favoritePrimes == [3, 7, 11])
      #expect(try await first.save(adding: [13]).favoritePrimes == [3, 7, 11, 13])
      #expect(try await second.stored() == [3, 7, 11, 13])
      #expect(replay(try await first.activity()) == [3, 7, 11, 13])
    }
  }

  /// Say the load at start failed: a first save still applies only its changes, and returns the list, which
  /// this object could not know, and its own events.
  @Test func aConnectionThatNeverReadTheListGetsItBackFromItsFirstSave() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      try await open(path).save(adding: [2, 3])
      let latecomer = try open(path)
      #expect(
        try await latecomer.save([.addedFavoritePrime(7)])
          == FavoritePrimesSync(favoritePrimes: [2, 3, 7], activity: [entry(3, .addedFavoritePrime(7), at: 0)])
      )
      #expect(try await latecomer.save([.removedFavoritePrime(2)]).favoritePrimes == nil)
      #expect(try await latecomer.stored() == [3, 7])
    }
  }

  /// A save that failed (here: another writer held the file past the busy timeout) leaves nothing to trust
  /// about the file: the next save returns the list, and the other's events.
  @Test func aSaveAfterAFailedOneReturnsTheListAndKeepsAnotherWrite() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let first = try open(path)
      let second = try open(path)
      try await first.save(adding: [2, 3])
      #expect(try await second.stored() == [2, 3])
      try await second.save(adding: [5])
      let other = try Connection(path: path, mode: .readWrite)
      try other.execute("BEGIN IMMEDIATE")
      await #expect(throws: FavoritePrimesDatabaseError.self) {
        _ = try await FavoritePrimesClient.live(first).save(adding: [7])
      }
      try other.execute("ROLLBACK")
      #expect(
        try await FavoritePrimesClient.live(first).save(adding: [7])
          == FavoritePrimesSync(
            favoritePrimes: [2, 3, 5, 7],
            activity: [entry(3, .addedFavoritePrime(5), at: 0), entry(4, .addedFavoritePrime(7), at: 0)]
          )
      )
      #expect(replay(try await first.activity()) == [2, 3, 5, 7])
    }
  }

  /// A commit without events (plain SQL) is seen too: the next save returns the list as it is.
  @Test func aWriteWithoutEventsByPlainSQLIsSeen() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let database = try open(path)
      try await database.save(adding: [2, 3])
      let other = try Connection(path: path, mode: .readWrite)
      try other.transaction { other in
        try other.execute("DELETE FROM favorite")
        try other.execute("INSERT INTO favorite (position, prime) VALUES (0, 13)")
      }
      #expect(try await database.save([.removedFavoritePrime(3), .addedFavoritePrime(13)]) == FavoritePrimesSync(favoritePrimes: [13]))
      #expect(try await database.activity().count == 2)
    }
  }

  @Test func aSaveByAnotherProcessIsBroughtBackWithItsEvents() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let database = try open(path)
      try await database.save(adding: [2, 3])
      let child = try await Executable("favorite-primes-torture").run(["save-list", path, "3,5,7"])
      #expect(child.exited && child.status == 0, "\(child.stderrText)")
      #expect(child.stdoutText == "saved 3,5,7\n")
      #expect(child.stderrText == "")
      let sync = try await database.save([])
      #expect(sync.favoritePrimes == [3, 5, 7])
      // The child's events, with its ids, dated by the real clock.
      #expect(sync.activity.map(\.id) == [3, 4, 5])
      #expect(sync.activity.map(\.type) == [.removedFavoritePrime(2), .addedFavoritePrime(5), .addedFavoritePrime(7)])
      #expect(try await database.stored() == [3, 5, 7])
      #expect(replay(try await database.activity()) == [3, 5, 7])
    }
  }
}
