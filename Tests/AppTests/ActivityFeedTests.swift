import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoritePrimes
import Foundation
import PrimeTimeApp
import Testing

/// `activityFeed`: every real change of the favourites is recorded, dated by the environment's clock.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct ActivityFeedTests {
  let reducer = activityFeed(appReducer)

  @Test func savingAndRemovingInTheModalAreRecordedWithTheClocksTime() async {
    await assert(
      initialValue: AppState(count: 7),
      reducer: reducer,
      environment: .stub(),
      steps: Step(.send, .counterView(.primeModal(.saveFavoritePrimeTapped))) {
        $0.favoritePrimes = [7]
        $0.activityFeed = [Activity(timestamp: noon, type: .addedFavoritePrime(7))]
      },
      Step(.send, .counterView(.primeModal(.removeFavoritePrimeTapped))) {
        $0.favoritePrimes = []
        $0.activityFeed = [
          Activity(timestamp: noon, type: .addedFavoritePrime(7)),
          Activity(timestamp: noon, type: .removedFavoritePrime(7)),
        ]
      }
    )
  }

  @Test func deletingSeveralAtOnceRecordsEachPrimeThatWentInListOrder() async {
    await assert(
      initialValue: AppState(favoritePrimes: [2, 3, 5, 7, 11]),
      reducer: reducer,
      environment: .stub(),
      steps: Step(.send, .favoritePrimes(.deleteFavoritePrimes([3, 0, 4]))) {
        $0.favoritePrimes = [3, 5]
        $0.tab = .favorites
        $0.activityFeed = [
          Activity(timestamp: noon, type: .removedFavoritePrime(2)),
          Activity(timestamp: noon, type: .removedFavoritePrime(7)),
          Activity(timestamp: noon, type: .removedFavoritePrime(11)),
        ]
      }
    )
  }

  /// The environment's clock fails the test if read: actions that change no favourite never read it.
  @Test func actionsThatChangeNoFavoriteRecordNothingAndReadNoClock() async {
    await assert(
      initialValue: AppState(count: 8, favoritePrimes: [7]),
      reducer: reducer,
      environment: .failing,
      steps: Step(.send, .counterView(.counter(.incrTapped))) { $0.count = 9 },
      Step(.send, .counterView(.primeModal(.saveFavoritePrimeTapped))) { $0.primeModalProblem = .notPrime(9) },
      Step(.send, .counterView(.counter(.countEntered(7)))) { $0.count = 7 },
      Step(.send, .counterView(.primeModal(.saveFavoritePrimeTapped))) { $0.primeModalProblem = .alreadyFavorite(7) },
      Step(.send, .favoritePrimes(.deleteFavoritePrimes([5]))) {
        $0.tab = .favorites
        $0.favoritePrimesProblem = .noSuchPosition(offset: 5, count: 1)
      }
    )
  }

  @Test func aLoadedListReplacesTheFavoritesWithoutActivity() async {
    await assert(
      initialValue: AppState(favoritePrimes: [7]),
      reducer: reducer,
      environment: .failing,
      steps: Step(.send, .favoritePrimes(.loadedFavoritePrimes([2, 3]))) { $0.favoritePrimes = [2, 3] }
    )
  }

  @Test func eachChangeIsDatedWhenItHappened() async {
    let clock = TickingClock(start: noon)
    await assert(
      initialValue: AppState(count: 2),
      reducer: reducer,
      environment: AppEnvironment(
        activity: .failing,
        nthPrime: .failing,
        date: DateGenerator { clock.tick() }
      ),
      steps: Step(.send, .counterView(.primeModal(.saveFavoritePrimeTapped))) {
        $0.favoritePrimes = [2]
        $0.activityFeed = [Activity(timestamp: noon, type: .addedFavoritePrime(2))]
      },
      Step(.send, .counterView(.counter(.countEntered(3)))) { $0.count = 3 },
      Step(.send, .counterView(.primeModal(.saveFavoritePrimeTapped))) {
        $0.favoritePrimes = [2, 3]
        $0.activityFeed.append(Activity(timestamp: noon.addingTimeInterval(1), type: .addedFavoritePrime(3)))
      }
    )
  }
}

/// A clock that moves one second forward each time it is read.
final class TickingClock: Sendable {
  private let reads = CallLog<Void>()
  private let start: Date

  init(start: Date) {
    self.start = start
  }

  func tick() -> Date {
    let elapsed = reads.values.count
    reads.append(())
    return start.addingTimeInterval(Double(elapsed))
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
