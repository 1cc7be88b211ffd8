import FavoritePrimes
import FavoritePrimesLive
import Foundation
import Testing

/// `ActivityClient.live(_:)`: the activity recorded in the database, a page at a time, oldest first within it.
@Suite(.timeLimit(.minutes(2)))
struct ActivityClientLiveTests {
  @Test func aNewDatabaseHasNoActivity() async throws {
    try await withTemporaryDirectory { directory in
      let database = try FavoritePrimesDatabase(path: directory.appendingPathComponent("db.sqlite3").path)
      #expect(try await ActivityClient.live(database).page(nil, 20) == ActivityPage(activity: [], hasEarlier: false))
    }
  }

  /// Each event becomes the entry of its id, kind, prime and date, in the order recorded; a reopened database
  /// gives the same history.
  @Test func pagesEachRecordedEventAsTheEntryOfItsIdKindPrimeAndDate() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let first = try FavoritePrimesDatabase(path: path, now: { Date(timeIntervalSince1970: 1_000) })
      _ = try await first.save(adding: [2, 3])
      first.close()
      let second = try FavoritePrimesDatabase(path: path, now: { Date(timeIntervalSince1970: 2_000.5) })
      #expect(try await second.stored() == [2, 3])
      _ = try await second.save([.removedFavoritePrime(2), .addedFavoritePrime(5)])
      let expected = [
        entry(1, .addedFavoritePrime(2), at: 1_000_000),
        entry(2, .addedFavoritePrime(3), at: 1_000_000),
        entry(3, .removedFavoritePrime(2), at: 2_000_500),
        entry(4, .addedFavoritePrime(5), at: 2_000_500),
      ]
      #expect(try await ActivityClient.live(second).page(nil, nil) == ActivityPage(activity: expected, hasEarlier: false))
      second.close()
      let reopened = try FavoritePrimesDatabase(path: path)
      let client = ActivityClient.live(reopened)
      #expect(try await client.page(nil, 3) == ActivityPage(activity: Array(expected[1...]), hasEarlier: true))
      #expect(try await client.page(2, 3) == ActivityPage(activity: [expected[0]], hasEarlier: false))
      #expect(try await client.page(4, 2) == ActivityPage(activity: Array(expected[1...2]), hasEarlier: true))
      #expect(try await client.page(nil, 0) == ActivityPage(activity: [], hasEarlier: true))
    }
  }
}
