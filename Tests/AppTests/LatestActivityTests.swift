import FavoritePrimes
import Foundation
import PrimeTimeApp
import Testing

/// What `activity` shows is read from the state: the latest page of the feed, and whether there is more.
@Suite(.timeLimit(.minutes(1)))
struct LatestActivityTests {
  private func feed(_ count: Int) -> [Activity] {
    (0..<count).map { entry(Int64($0 + 1), .addedFavoritePrime(2)) }
  }

  @Test func aFeedOfOnePageIsShownWholeWithNothingMore() {
    let state = AppState(activityFeed: feed(activityPageSize))
    #expect(state.activity.latest.map(\.id) == Array(1...Int64(activityPageSize)))
    #expect(!state.activity.hasMoreThanTheLatest)
  }

  @Test func aLongerFeedShowsItsLatestPageAndSaysThereIsMore() {
    let state = AppState(activityFeed: feed(activityPageSize + 3))
    #expect(state.activity.latest.map(\.id) == Array(4...Int64(activityPageSize + 3)))
    #expect(state.activity.hasMoreThanTheLatest)
  }

  @Test func entriesOfTheHistoryNotReadYetAreMoreToo() {
    var state = AppState(activityFeed: feed(2))
    state.activity.hasEarlier = true
    #expect(state.activity.latest.map(\.id) == [1, 2])
    #expect(state.activity.hasMoreThanTheLatest)
  }
}
