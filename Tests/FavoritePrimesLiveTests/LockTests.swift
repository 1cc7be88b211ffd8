import FavoritePrimes
import FavoritePrimesLive
import Foundation
import SQLite
import Testing

/// Another program holding the write lock for longer than PrimeTime waits for it.
@Suite(.timeLimit(.minutes(5))) struct LockTests {
  /// A PrimeTime database at `path` holding `primes`, and a connection of "another program" holding its
  /// write lock (`BEGIN EXCLUSIVE`) until it is rolled back.
  private func lockedDatabase(at path: String, holding primes: [Int]) async throws -> Connection {
    try await withDatabase(at: path) { try await $0.save(adding: primes) }
    let holder = try Connection(path: path, mode: .readWrite)
    try holder.execute("BEGIN EXCLUSIVE")
    return holder
  }

  @Test func openingAndLoadingDoNotNeedTheWriteLock() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      let holder = try await lockedDatabase(at: path, holding: [2, 3])
      // Opening used to ask for the write lock and fail with SQLITE_BUSY after 5 seconds.
      let client = FavoritePrimesClient.live(try FavoritePrimesDatabase(path: path))
      #expect(try await client.stored() == [2, 3])
      try holder.execute("ROLLBACK")
    }
  }

  /// The save that met the lock names "another program" (nothing says it is a PrimeTime), and the next save
  /// after the lock goes away stores everything.
  @Test func aSaveThatMetTheLockSaysWhoIsInTheWayAndTheNextSaveStoresEverything() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      let holder = try await lockedDatabase(at: path, holding: [2, 3])
      let database = try FavoritePrimesDatabase(path: path)
      let client = FavoritePrimesClient.live(database)
      #expect(try await client.stored() == [2, 3])
      var thrown: (any Error)?
      do { _ = try await client.save(adding: [2, 3, 5]) } catch { thrown = error }
      let error = try #require(thrown as? FavoritePrimesDatabaseError)
      #expect(
        error.description
          == "\(path) is locked by another program (SQLite error 5: database is locked); wait until it is done."
      )
      try holder.execute("ROLLBACK")
      try await client.save(adding: [2, 3, 5, 7])
      #expect(try await client.stored() == [2, 3, 5, 7])
      database.close()
      #expect(try await withDatabase(at: path) { try await $0.stored() } == [2, 3, 5, 7])
    }
  }
}
