import FavoritePrimes
import FavoritePrimesLive
import Foundation
import SQLite
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(5))) struct ActivityTests {
  @Test func saveRecordsEachChangeThatAlteredTheListWithTheInjectedDate() async throws {
    try await withTemporaryDirectory { directory in
      let clock = Mutex(date(1_700_000_000_123))
      let database = try FavoritePrimesDatabase(
        path: directory.appendingPathComponent("db.sqlite3").path,
        now: { clock.withLock { $0 } }
      )
      #expect(try await database.activity() == [])
      try await database.save(adding: [2, 3, 5])
      clock.withLock { $0 = date(1_700_000_060_456) }
      try await database.save([.removedFavoritePrime(2), .addedFavoritePrime(7)])
      clock.withLock { $0 = date(1_700_000_120_789) }
      try await database.save([.addedFavoritePrime(7), .removedFavoritePrime(2)])  // no change at all
      try await database.save([])
      clock.withLock { $0 = date(-1_500) }  // before 1970
      try await database.save([.removedFavoritePrime(7), .removedFavoritePrime(5), .removedFavoritePrime(3)])

      let expected = [
        entry(1, .addedFavoritePrime(2), at: 1_700_000_000_123),
        entry(2, .addedFavoritePrime(3), at: 1_700_000_000_123),
        entry(3, .addedFavoritePrime(5), at: 1_700_000_000_123),
        entry(4, .removedFavoritePrime(2), at: 1_700_000_060_456),
        entry(5, .addedFavoritePrime(7), at: 1_700_000_060_456),
        entry(6, .removedFavoritePrime(7), at: -1_500),
        entry(7, .removedFavoritePrime(5), at: -1_500),
        entry(8, .removedFavoritePrime(3), at: -1_500),
      ]
      #expect(try await database.activity() == expected)
      #expect(try await database.stored() == [])
    }
  }

  @Test func activitySurvivesReopening() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let first = try FavoritePrimesDatabase(path: path, now: { date(1_000) })
      try await first.save(adding: [11, 13])
      try await first.save([.removedFavoritePrime(11)])
      let reopened = try FavoritePrimesDatabase(path: path, now: { date(2_000) })
      #expect(try await reopened.activity() == [
        entry(1, .addedFavoritePrime(11), at: 1_000),
        entry(2, .addedFavoritePrime(13), at: 1_000),
        entry(3, .removedFavoritePrime(11), at: 1_000),
      ])
      try await reopened.save(adding: [17])
      #expect(try await reopened.activity().last == entry(4, .addedFavoritePrime(17), at: 2_000))
      #expect(replay(try await reopened.activity()) == [13, 17])
    }
  }

  /// An addition of a prime already stored, or a removal of one that is not, changes nothing and records
  /// nothing: sending a change twice (a retried save) is harmless.
  @Test func aRepeatedAdditionOrARemovalOfAnAbsentPrimeRecordsNothing() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let database = try FavoritePrimesDatabase(path: path, now: { date(5) })
      try await database.save(adding: [3, 3, 2, 3])
      let before = try integer("SELECT count(*) FROM activity_event", at: path)
      let sync = try await database.save([.addedFavoritePrime(2), .removedFavoritePrime(13), .addedFavoritePrime(3)])
      #expect(sync == FavoritePrimesSync())
      #expect(try integer("SELECT count(*) FROM activity_event", at: path) == before)
      #expect(try await database.stored() == [3, 2])
      #expect(try await database.activity() == [entry(1, .addedFavoritePrime(3), at: 5), entry(2, .addedFavoritePrime(2), at: 5)])
    }
  }

  /// Values put in by hand that are not primes, and repeats, stay in the file: a save writes only its own
  /// changes. A removal takes out every copy of the prime.
  @Test func valuesAnotherProgramPutInStayAndARemovalDeletesEveryCopy() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      try await FavoritePrimesDatabase(path: path, now: { date(1) }).save(adding: [2, 7])
      do {
        let connection = try Connection(path: path, mode: .readWrite)
        try connection.execute("INSERT INTO favorite VALUES (10, 8), (11, -7), (12, 1), (13, 7)")
      }
      let database = try FavoritePrimesDatabase(path: path, now: { date(2) })
      #expect(try await database.stored() == [2, 7, 8, -7, 1, 7])
      try await database.save([.addedFavoritePrime(11), .removedFavoritePrime(7)])
      #expect(try await database.stored() == [2, 8, -7, 1, 11])
      #expect(try await database.activity() == [
        entry(1, .addedFavoritePrime(2), at: 1),
        entry(2, .addedFavoritePrime(7), at: 1),
        entry(3, .addedFavoritePrime(11), at: 2),
        entry(4, .removedFavoritePrime(7), at: 2),
      ])
    }
  }

  /// A save of one change on a long list writes one row and one event, whatever the list's length, and keeps
  /// the order: the list is never rewritten.
  @Test func aSaveOfOneChangeOnAThousandRowsWritesOneRowAndOneEvent() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let database = try FavoritePrimesDatabase(path: path, now: { date(9) })
      let primes = Array(1...1_000).map { $0 * 2 + 1 }
      try await database.save(adding: primes)
      let watcher = try Connection(path: path, mode: .readWrite)
      // Triggers log every row written: what a save wrote is counted, not guessed.
      try watcher.execute("CREATE TABLE IF NOT EXISTS audit (what TEXT)")
      try watcher.execute(
        "CREATE TRIGGER favorite_insert AFTER INSERT ON favorite BEGIN INSERT INTO audit VALUES ('favorite'); END")
      try watcher.execute(
        "CREATE TRIGGER favorite_delete AFTER DELETE ON favorite BEGIN INSERT INTO audit VALUES ('favorite'); END")
      try watcher.execute(
        "CREATE TRIGGER favorite_update AFTER UPDATE ON favorite BEGIN INSERT INTO audit VALUES ('favorite'); END")
      try watcher.execute(
        "CREATE TRIGGER event_insert AFTER INSERT ON activity_event BEGIN INSERT INTO audit VALUES ('event'); END")
      let reopened = try FavoritePrimesDatabase(path: path, now: { date(10) })
      _ = try await reopened.load()
      try await reopened.save([.addedFavoritePrime(4_001)])
      #expect(try watcher.query("SELECT what FROM audit").map { try $0.text(0) } == ["favorite", "event"])
      try await reopened.save([.removedFavoritePrime(3)])
      #expect(
        try watcher.query("SELECT what FROM audit").map { try $0.text(0) } == ["favorite", "event", "favorite", "event"])
      try await reopened.save([])
      #expect(try integer("SELECT count(*) FROM audit", at: path) == 4)
      #expect(try await reopened.stored() == Array(primes.dropFirst()) + [4_001])
    }
  }

  @Test func eventDatesAreWholeMilliseconds() {
    #expect(StoredActivity.milliseconds(Date(timeIntervalSince1970: 1.0006)) == 1_001)
    #expect(StoredActivity.date(milliseconds: 1_001) == date(1_001))
    #expect(StoredActivity.date(milliseconds: StoredActivity.milliseconds(.distantFuture)) == .distantFuture)
    #expect(StoredActivity.milliseconds(Date(timeIntervalSince1970: .nan)) == 0)
  }
}
