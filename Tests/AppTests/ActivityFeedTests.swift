import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoriteList
import FavoritePrimes
import Foundation
import PrimeTimeApp
import Testing

/// `activityFeed`: the feed adopts the activity every load and save brings back, each entry once, and makes
/// none of its own.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct ActivityFeedTests {
  let reducer = activityFeed(appReducer)

  /// Changes alone make no entry: the store records them, and its answer brings them.
  @Test func aChangeMakesNoEntryUntilItsSaveComesBack() async {
    await assert(
      initialValue: AppState(count: 7, favoritePrimes: [2]),
      reducer: reducer,
      environment: .failing,
      steps: Step(.send, .counterView(.primeModal(.presented(.saveFavoritePrimeTapped)))) {
        $0.counter.isPrimeModalShown = true
        $0.favorites.favoritePrimes.add(7)
      },
      Step(.send, .favoritePrimes(.deleteFavoritePrimes([0]))) {
        $0.favorites.favoritePrimes.remove(2)
        $0.tab = .favorites
      }
    )
  }

  /// A save's answer: another PrimeTime's entry and this one's, in id order, after the feed's.
  @Test func theActivityASaveBringsBackJoinsTheFeed() async {
    await assert(
      initialValue: AppState(favoritePrimes: [7, 11], activityFeed: [entry(1, .addedFavoritePrime(7))]),
      reducer: reducer,
      environment: .failing,
      steps: Step(
        .send,
        .favoritePrimes(
          .favoritePrimesSaved(
            FavoritePrimesSync(
              favoritePrimes: [7, 23, 11],
              activity: [entry(2, .addedFavoritePrime(23)), entry(3, .addedFavoritePrime(11))]
            )
          )
        )
      ) {
        $0.favorites.isLoaded = true
        $0.favorites.favoritePrimes = [7, 23, 11]
        $0.activity.entries = [entry(1, .addedFavoritePrime(7)), entry(2, .addedFavoritePrime(23)), entry(3, .addedFavoritePrime(11))]
      }
    )
  }

  /// A load's answer joins it the same way; entries the feed holds already (an id not above its newest) are
  /// not taken twice.
  @Test func theActivityALoadBringsBackJoinsTheFeedWithoutDuplicates() async {
    await assert(
      initialValue: AppState(favoritePrimes: [7], activityFeed: [entry(4, .addedFavoritePrime(7))]),
      reducer: reducer,
      environment: .failing,
      steps: Step(
        .send,
        .favoritePrimes(
          .loadedFavoritePrimes(
            FavoritePrimesSync(
              favoritePrimes: [7, 23],
              activity: [entry(3, .removedFavoritePrime(5)), entry(4, .addedFavoritePrime(7)), entry(5, .addedFavoritePrime(23))]
            )
          )
        )
      ) {
        $0.favorites.isLoaded = true
        $0.favorites.favoritePrimes = [7, 23]
        $0.activity.entries = [entry(4, .addedFavoritePrime(7)), entry(5, .addedFavoritePrime(23))]
      }
    )
  }

  /// Start-up: the favourites, then the latest page of the history, which says whether there is more.
  @Test func launchLoadsTheFavoritesThenTheLatestPageOfActivity() async {
    let history = (1...25).map { entry(Int64($0), .addedFavoritePrime($0)) }
    let pages = CallLog<String>()
    await withDependencies {
      $0.favoritePrimesClient = .inMemory([2, 3])
      $0.activityClient = ActivityClient { before, limit in
        pages.append("\(before.map(String.init) ?? "latest") \(limit.map(String.init) ?? "all")")
        return try await ActivityClient.inMemory(history).page(before, limit)
      }
    } operation: {
      await assert(
        initialValue: AppState(),
        reducer: reducer,
        environment: .stub(),
        steps: Step(.send, .launched),
        Step(.receive, .favoritePrimes(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [2, 3])))) {
          $0.favorites.isLoaded = true
          $0.favorites.favoritePrimes = [2, 3]
        },
        Step(.receive, .activityLoaded(ActivityPage(activity: Array(history[5...]), hasEarlier: true))) {
          $0.activity.entries = Array(history[5...])
          $0.activity.hasEarlier = true
        },
        // The favourites and the activity are brought up to date first, as showing the activity does.
        Step(.send, .allActivityRequested) {
          $0.tab = .activity
          $0.favorites.favoritePrimes = FavoriteList([2, 3], savesRunning: 1)
        },
        Step(.receive, .favoritePrimes(.favoritePrimesSaved(FavoritePrimesSync()))) {
          $0.favorites.favoritePrimes.saveSucceeded()
        },
        Step(.receive, .activityLoaded(ActivityPage(activity: Array(history[..<5]), hasEarlier: false))) {
          $0.activity.entries = history
          $0.activity.hasEarlier = false
        },
        // Everything is held: asking again reads no page, only brings the favourites up to date.
        Step(.send, .allActivityRequested) { $0.favorites.favoritePrimes = FavoriteList([2, 3], savesRunning: 1) },
        Step(.receive, .favoritePrimes(.favoritePrimesSaved(FavoritePrimesSync()))) {
          $0.favorites.favoritePrimes.saveSucceeded()
        }
      )
    }
    #expect(pages.values == ["latest 20", "6 all"])
  }
}

/// The words of ``ActivityFeedProblem``.
@Suite(.timeLimit(.minutes(2)))
struct ActivityFeedProblemTests {
  /// A reason that is already a sentence gets no second full stop.
  @Test func theProblemReadsAsOneSentenceWithOneFullStop() {
    #expect(
      ActivityFeedProblem.loadFailed("/d/p.sqlite3: SQLite error 13: full. Check the disk, then try again.")
        .description
        == "Couldn't load the activity of earlier sessions: /d/p.sqlite3: SQLite error 13: full. Check the disk, "
        + "then try again. The feed shows this session's activity only."
    )
    #expect(
      ActivityFeedProblem.loadFailed("the table is gone").description
        == "Couldn't load the activity of earlier sessions: the table is gone. The feed shows this session's "
        + "activity only."
    )
  }
}
