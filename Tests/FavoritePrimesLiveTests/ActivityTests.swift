import FavoritePrimesLive
import Foundation
import SQLite
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(5))) struct ActivityTests {
  @Test func saveRecordsAdditionsAndRemovalsWithTheInjectedDate() throws {
    try withTemporaryDirectory { directory in
      let clock = Mutex(date(1_700_000_000_123))
      let database = try FavoritePrimesDatabase(
        path: directory.appendingPathComponent("db.sqlite3").path,
        now: { clock.withLock { $0 } }
      )
      #expect(try database.activity() == [])
      try database.save([2, 3, 5])
      clock.withLock { $0 = date(1_700_000_060_456) }
      try database.save([3, 5, 7])
      clock.withLock { $0 = date(1_700_000_120_789) }
      try database.save([7, 5, 3])  // a reorder: nothing added or removed
      try database.save([7, 5, 3])  // no change at all
      clock.withLock { $0 = date(-1_500) }  // before 1970
      try database.save([])

      let expected: [ActivityEvent] = [
        ActivityEvent(kind: .added, prime: 2, date: date(1_700_000_000_123)),
        ActivityEvent(kind: .added, prime: 3, date: date(1_700_000_000_123)),
        ActivityEvent(kind: .added, prime: 5, date: date(1_700_000_000_123)),
        ActivityEvent(kind: .removed, prime: 2, date: date(1_700_000_060_456)),
        ActivityEvent(kind: .added, prime: 7, date: date(1_700_000_060_456)),
        ActivityEvent(kind: .removed, prime: 7, date: date(-1_500)),
        ActivityEvent(kind: .removed, prime: 5, date: date(-1_500)),
        ActivityEvent(kind: .removed, prime: 3, date: date(-1_500)),
      ]
      #expect(try database.activity() == expected)
      #expect(try database.activity().map(\.millisecondsSince1970) == [
        1_700_000_000_123, 1_700_000_000_123, 1_700_000_000_123, 1_700_000_060_456, 1_700_000_060_456,
        -1_500, -1_500, -1_500,
      ])
    }
  }

  @Test func activitySurvivesReopening() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let first = try FavoritePrimesDatabase(path: path, now: { date(1_000) })
      try first.save([11, 13])
      try first.save([13])
      let reopened = try FavoritePrimesDatabase(path: path, now: { date(2_000) })
      #expect(try reopened.activity() == [
        ActivityEvent(kind: .added, prime: 11, date: date(1_000)),
        ActivityEvent(kind: .added, prime: 13, date: date(1_000)),
        ActivityEvent(kind: .removed, prime: 11, date: date(1_000)),
      ])
      try reopened.save([13, 17])
      #expect(try reopened.activity().last == ActivityEvent(kind: .added, prime: 17, date: date(2_000)))
      #expect(replay(try reopened.activity()) == [13, 17])
    }
  }

  @Test func repeatedPrimesRecordOneEvent() throws {
    try withTemporaryDirectory { directory in
      let database = try FavoritePrimesDatabase(
        path: directory.appendingPathComponent("db.sqlite3").path,
        now: { date(5) }
      )
      try database.save([3, 3, 2, 3])
      try database.save([2])
      #expect(try database.activity() == [
        ActivityEvent(kind: .added, prime: 3, date: date(5)),
        ActivityEvent(kind: .added, prime: 2, date: date(5)),
        ActivityEvent(kind: .removed, prime: 3, date: date(5)),
      ])
    }
  }

  /// Values put in by hand that are not primes (8, -7, 1) were never favourite primes: the save that drops
  /// them from the file records no removal of them, only the user's own change.
  @Test func droppingValuesThatWereNeverFavoritePrimesRecordsNoActivity() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      try FavoritePrimesDatabase(path: path, now: { date(1) }).save([2, 7])
      do {
        let connection = try Connection(path: path, mode: .readWrite)
        try connection.execute("INSERT INTO favorite VALUES (10, 8), (11, -7), (12, 1)")
      }
      let database = try FavoritePrimesDatabase(path: path, now: { date(2) })
      #expect(try database.load() == [2, 7, 8, -7, 1])
      try database.save([2, 7, 11])
      #expect(try database.activity() == [
        ActivityEvent(kind: .added, prime: 2, date: date(1)),
        ActivityEvent(kind: .added, prime: 7, date: date(1)),
        ActivityEvent(kind: .added, prime: 11, date: date(2)),
      ])
    }
  }

  @Test func eventDatesAreWholeMilliseconds() {
    let event = ActivityEvent(kind: .added, prime: 2, date: Date(timeIntervalSince1970: 1.0006))
    #expect(event.millisecondsSince1970 == 1_001)
    #expect(event == ActivityEvent(kind: .added, prime: 2, date: event.date))
    #expect(ActivityEvent(kind: .added, prime: 2, date: .distantFuture).date == .distantFuture)
  }
}
