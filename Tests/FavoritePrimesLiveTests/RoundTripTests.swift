import FavoritePrimes
import FavoritePrimesLive
import Foundation
import SQLite
import Testing

@Suite(.timeLimit(.minutes(5))) struct RoundTripTests {
  @Test func savedPrimesLoadBackInOrder() async throws {
    try await withTemporaryDirectory { directory in
      let database = try FavoritePrimesDatabase(path: directory.appendingPathComponent("db.sqlite3").path)
      try await database.save(adding: [2, 3, 5, 7, 11])
      #expect(try await database.stored() == [2, 3, 5, 7, 11])
      try await database.save([.removedFavoritePrime(3), .removedFavoritePrime(5), .addedFavoritePrime(13), .addedFavoritePrime(3)])
      #expect(try await database.stored() == [2, 7, 11, 13, 3])
      // Removing the first and adding it back puts it last.
      try await database.save([.removedFavoritePrime(2), .addedFavoritePrime(2)])
      #expect(try await database.stored() == [7, 11, 13, 3, 2])
    }
  }

  @Test func aNewDatabaseAndAnEmptyListLoadEmpty() async throws {
    try await withTemporaryDirectory { directory in
      let database = try FavoritePrimesDatabase(path: directory.appendingPathComponent("db.sqlite3").path)
      #expect(try await database.stored() == [])
      try await database.save(adding: [2, 3])
      try await database.save([.removedFavoritePrime(2), .removedFavoritePrime(3)])
      #expect(try await database.stored() == [])
    }
  }

  @Test func extremeValuesRoundTrip() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let values = [Int.max, Int.min, 0, -1, 1, Int.max - 1, Int.min + 1]
      try await withDatabase(at: path) { try await $0.save(adding: values) }
      #expect(try await withDatabase(at: path) { try await $0.stored() } == values)
    }
  }

  @Test func favoritesSurviveReopening() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      try await withDatabase(at: path) { try await $0.save(adding: [7, 5, 3]) }
      #expect(try await withDatabase(at: path) { try await $0.stored() } == [7, 5, 3])
    }
  }

  @Test func aHundredThousandFavoritesRoundTrip() async throws {
    try await withTemporaryDirectory { directory in
      let database = try FavoritePrimesDatabase(path: directory.appendingPathComponent("db.sqlite3").path)
      let values = Array((0..<100_000).reversed())
      try await database.save(adding: values)
      #expect(try await database.stored() == values)
      #expect(try await database.activity().count == 100_000)
    }
  }

  @Test func theLiveClientLoadsAndSavesThroughTheDatabase() async throws {
    try await withTemporaryDirectory { directory in
      let database = try FavoritePrimesDatabase(path: directory.appendingPathComponent("db.sqlite3").path)
      let client = FavoritePrimesClient.live(database)
      #expect(try await client.stored() == [])
      try await client.save(adding: [5, 2, 3])
      #expect(try await client.stored() == [5, 2, 3])
      #expect(try await database.stored() == [5, 2, 3])
      try await database.save(adding: [17])
      #expect(try await client.stored() == [5, 2, 3, 17])
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
        try await FavoritePrimesClient.live(database).save(adding: [2])
      } throws: { error in
        guard case let .sqlite(errorPath, sqliteError) = error as? FavoritePrimesDatabaseError else { return false }
        return errorPath == path && sqliteError.primaryCode == 5
      }
      try other.execute("ROLLBACK")
      #expect(try await database.stored() == [])
    }
  }
}
