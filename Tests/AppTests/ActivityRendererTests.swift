import FavoritePrimes
import Foundation
import PrimeTimeApp
import Testing

@Suite(.timeLimit(.minutes(2)))
struct ActivityRendererTests {
  @Test func anEmptyFeedSaysSo() {
    #expect(renderActivity([]) == ["No activity yet."])
  }

  @Test func timesAreShownToTheSecondInTheGivenTimeZone() throws {
    let feed = [
      Activity(id: 1, timestamp: noon, type: .addedFavoritePrime(7)),
      Activity(id: 2, timestamp: noon.addingTimeInterval(3661.9), type: .removedFavoritePrime(7)),
    ]
    let tokyo = ActivityTimeZone.secondsEastOfUTC(9 * 3600)
    #expect(renderActivity(feed, timeZone: tokyo) == ["2026-11-21 21:00:00  added 7", "2026-11-21 22:01:01  removed 7"])
  }

  @Test func datesFarFromNowStillRender() throws {
    let feed = [
      Activity(id: 1, timestamp: Date(timeIntervalSince1970: 0), type: .addedFavoritePrime(2)),
      Activity(id: 2, timestamp: Date(timeIntervalSince1970: 253_402_300_799), type: .addedFavoritePrime(3)),
    ]
    #expect(renderActivity(feed, timeZone: .utc) == ["1970-01-01 00:00:00  added 2", "9999-12-31 23:59:59  added 3"])
  }

  /// Found by the outside round: a date another program stored at the end of what the database holds (a
  /// 64-bit count of milliseconds) was shown as year 31,690,708, the nearest a narrower clamp allowed. Every
  /// date the database can hold is shown as itself (to the second its `Date` keeps): the ends are those Java
  /// gives for a `long` of milliseconds, -292275055-05-16T16:47:04.192Z and +292278994-08-17T07:12:55.807Z,
  /// the latter a second on because a `Date`'s `Double` rounds it.
  @Test func theDatesAtTheEndsOfWhatTheDatabaseHoldsRenderAsThemselves() throws {
    let feed = [
      Activity(id: 1, timestamp: Date(timeIntervalSince1970: Double(Int64.min) / 1000), type: .addedFavoritePrime(2)),
      Activity(id: 2, timestamp: Date(timeIntervalSince1970: Double(Int64.max) / 1000), type: .addedFavoritePrime(3)),
    ]
    #expect(
      renderActivity(feed, timeZone: .utc) == ["-292275055-05-16 16:47:04  added 2", "292278994-08-17 07:12:56  added 3"]
    )
  }
}
