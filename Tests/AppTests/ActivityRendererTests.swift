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
}
