import FavoritePrimes
import FavoritePrimesLive
import Foundation
import Testing

/// `ActivityClient.live(_:)`: the activity recorded in the database, as the feed's entries, oldest first.
@Suite(.timeLimit(.minutes(2)))
struct ActivityClientLiveTests {
  @Test func aNewDatabaseHasNoActivity() async throws {
    try await withTemporaryDirectory { directory in
      let database = try FavoritePrimesDatabase(path: directory.appendingPathComponent("db.sqlite3").path)
      #expect(try await ActivityClient.live(database).load() == [])
    }
  }

  /// Each event becomes the entry of its kind, prime and date, in the order recorded; a reopened database
  /// gives the same feed.
  @Test func loadsEachRecordedEventAsTheEntryOfItsKindPrimeAndDate() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let first = try FavoritePrimesDatabase(path: path, now: { Date(timeIntervalSince1970: 1_000) })
      _ = try await first.save([2, 3])
      first.close()
      let second = try FavoritePrimesDatabase(path: path, now: { Date(timeIntervalSince1970: 2_000.5) })
      #expect(try await second.load() == [2, 3])
      _ = try await second.save([3, 5])
      let expected = [
        Activity(timestamp: Date(timeIntervalSince1970: 1_000), type: .addedFavoritePrime(2)),
        Activity(timestamp: Date(timeIntervalSince1970: 1_000), type: .addedFavoritePrime(3)),
        Activity(timestamp: Date(timeIntervalSince1970: 2_000.5), type: .removedFavoritePrime(2)),
        Activity(timestamp: Date(timeIntervalSince1970: 2_000.5), type: .addedFavoritePrime(5)),
      ]
      #expect(try await ActivityClient.live(second).load() == expected)
      second.close()
      let reopened = try FavoritePrimesDatabase(path: path)
      #expect(try await ActivityClient.live(reopened).load() == expected)
    }
  }

  /// The conversion alone: an event of each kind.
  @Test func anEventOfEachKindBecomesItsEntry() {
    let date = Date(timeIntervalSince1970: -1.5)
    #expect(Activity(ActivityEvent(kind: .added, prime: 7, date: date)) == Activity(timestamp: date, type: .addedFavoritePrime(7)))
    #expect(Activity(ActivityEvent(kind: .removed, prime: 7, date: date)) == Activity(timestamp: date, type: .removedFavoritePrime(7)))
  }
}
