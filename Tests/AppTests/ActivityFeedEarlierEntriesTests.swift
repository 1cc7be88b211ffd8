import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoritePrimes
import PrimeTimeApp
import Testing

/// Whether the feed has earlier entries (what `activity` says with its "Showing the latest 20 ... 'activity
/// all'" line) is said by a page that reaches before the feed's oldest entry, never by one that brings only
/// entries after it, such as another PrimeTime's latest changes.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ActivityFeedEarlierEntriesTests {
  /// The feed holds entries 11 to 30; it has earlier ones or not, and a page of entries after its newest (from
  /// its newest, or past it) says the opposite: the page's entries join the feed, and the feed still has
  /// earlier entries exactly when it had them.
  @Test(arguments: [true, false], [[31, 32], [30, 31, 32]])
  func aPageOfNewerEntriesLeavesWhetherTheFeedHasEarlierEntries(hasEarlier: Bool, pageIDs: [Int64]) async {
    let feed = (11...30).map { entry(Int64($0), .addedFavoritePrime(Int($0))) }
    var state = AppState(activityFeed: feed)
    state.activity.hasEarlier = hasEarlier
    let page = ActivityPage(activity: pageIDs.map { entry($0, .addedFavoritePrime(Int($0))) }, hasEarlier: !hasEarlier)
    let store = TestStore(
      initialState: state,
      reducer: Reduce(primeTimeReducer, environment: AppEnvironment.init(dependencies:))
    )

    await store.send(.activityLoaded(page)) {
      $0.activity.entries = feed + [entry(31, .addedFavoritePrime(31)), entry(32, .addedFavoritePrime(32))]
    }
    await store.finish()
  }

  /// A page reaching before the feed's oldest entry is what says whether there are earlier ones still.
  @Test(arguments: [true, false])
  func aPageOfOlderEntriesSaysWhetherTheFeedHasEarlierEntries(pageHasEarlier: Bool) async {
    let feed = (11...30).map { entry(Int64($0), .addedFavoritePrime(Int($0))) }
    var state = AppState(activityFeed: feed)
    state.activity.hasEarlier = true
    let older = (6...10).map { entry(Int64($0), .addedFavoritePrime(Int($0))) }
    let store = TestStore(
      initialState: state,
      reducer: Reduce(primeTimeReducer, environment: AppEnvironment.init(dependencies:))
    )

    await store.send(.activityLoaded(ActivityPage(activity: older, hasEarlier: pageHasEarlier))) {
      $0.activity.entries = older + feed
      $0.activity.hasEarlier = pageHasEarlier
    }
    await store.finish()
  }
}
