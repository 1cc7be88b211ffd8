import FavoritePrimes
import FavoritePrimesLive
import Foundation
import SQLite
import Testing

@Suite(.timeLimit(.minutes(5))) struct RoundTripTests {
  @Test func savedPrimesLoadBackInOrder() throws {
    try withTemporaryDirectory { directory in
      let database = try FavoritePrimesDatabase(path: directory.appendingPathComponent("db.sqlite3").path)
      try database.save([2, 3, 5, 7, 11])
      #expect(try database.load() == [2, 3, 5, 7, 11])
      try database.save([11, 2, 7])
      #expect(try database.load() == [11, 2, 7])
      try database.save([13, 3, 3, 2])
      #expect(try database.load() == [13, 3, 3, 2])
    }
  }

  @Test func aNewDatabaseAndAnEmptyListLoadEmpty() throws {
    try withTemporaryDirectory { directory in
      let database = try FavoritePrimesDatabase(path: directory.appendingPathComponent("db.sqlite3").path)
      #expect(try database.load() == [])
      try database.save([2, 3])
      try database.save([])
      #expect(try database.load() == [])
    }
  }

  @Test func extremeValuesRoundTrip() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let values = [Int.max, Int.min, 0, -1, 1, Int.max - 1, Int.min + 1]
      try FavoritePrimesDatabase(path: path).save(values)
      #expect(try FavoritePrimesDatabase(path: path).load() == values)
    }
  }

  @Test func favoritesSurviveReopening() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      try FavoritePrimesDatabase(path: path).save([7, 5, 3])
      #expect(try FavoritePrimesDatabase(path: path).load() == [7, 5, 3])
    }
  }

  @Test func aHundredThousandFavoritesRoundTrip() throws {
    try withTemporaryDirectory { directory in
      let database = try FavoritePrimesDatabase(path: directory.appendingPathComponent("db.sqlite3").path)
      let values = Array((0..<100_000).reversed())
      try database.save(values)
      #expect(try database.load() == values)
      #expect(try database.activity().count == 100_000)
    }
  }

  @Test func theLiveClientLoadsAndSavesThroughTheDatabase() async throws {
    try await withTemporaryDirectory { directory in
      let database = try FavoritePrimesDatabase(path: directory.appendingPathComponent("db.sqlite3").path)
      let client = FavoritePrimesClient.live(database)
      #expect(try await client.load() == [])
      #expect(try await client.save([5, 2, 3]) == [5, 2, 3])
      #expect(try await database.load() == [5, 2, 3])
      try await database.save([17])
      #expect(try await client.load() == [17])
    }
  }

  @Test func theLiveClientReportsTheDatabasesErrors() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let database = try FavoritePrimesDatabase(path: path)
      // Another PrimeTime holding the write lock longer than the busy timeout: a clear error, not a hang.
      let other = try Connection(path: path, mode: .readWrite)
      try other.execute("BEGIN IMMEDIATE")
      await #expect {
        try await FavoritePrimesClient.live(database).save([2])
      } throws: { error in
        guard case let .sqlite(errorPath, sqliteError) = error as? FavoritePrimesDatabaseError else { return false }
        return errorPath == path && sqliteError.primaryCode == 5
      }
      try other.execute("ROLLBACK")
      #expect(try await database.load() == [])
    }
  }
}
