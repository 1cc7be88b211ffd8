import ComposableArchitecture
import ComposableArchitectureTestSupport
import Counter
import FavoritePrimes
import Foundation
import PrimeTimeApp
import Testing

/// `appReducer`, the bare composition: the reference's integration test (§4.5), and start-up loading.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct AppReducerTests {
  /// Reference: testIntegration. The nth-prime answer 17 is a stub, not the 4th prime.
  @Test func theFeaturesWorkTogetherThroughTheirPullbacks() async {
    await withDependencies {
      $0.favoritePrimesClient = FavoritePrimesClient(load: { [2, 31, 7] }, save: FavoritePrimesClient.failing.save)
    } operation: {
      await assert(
        initialValue: AppState(count: 4),
        reducer: appReducer,
        environment: .stub(nthPrime: NthPrimeClient(nthPrime: { _ in .sync { .answer(17) } })),
        steps: Step(.send, .counterView(.counter(.nthPrimeButtonTapped))) { $0.isNthPrimeButtonDisabled = true },
        Step(.receive, .counterView(.counter(.nthPrimeResponse(n: 4, prime: 17)))) {
          $0.isNthPrimeButtonDisabled = false
          $0.alertNthPrime = PrimeAlert(n: 4, prime: 17)
        },
        Step(.send, .favoritePrimes(.loadButtonTapped)) { $0.tab = .favorites },
        Step(.receive, .favoritePrimes(.loadedFavoritePrimes([2, 31, 7]))) { $0.favoritePrimes = [2, 31, 7] }
      )
    }
  }

  @Test func launchingLoadsTheFavoritesThenTheEarlierActivity() async {
    let earlier = [
      Activity(timestamp: noon.addingTimeInterval(-60), type: .addedFavoritePrime(3)),
      Activity(timestamp: noon.addingTimeInterval(-30), type: .removedFavoritePrime(3)),
    ]
    await withDependencies {
      $0.favoritePrimesClient = FavoritePrimesClient(load: { [5, 7] }, save: FavoritePrimesClient.failing.save)
    } operation: {
      await assert(
        initialValue: AppState(),
        reducer: appReducer,
        environment: .stub(activity: .inMemory(earlier)),
        steps: Step(.send, .launched),
        Step(.receive, .favoritePrimes(.loadedFavoritePrimes([5, 7]))) { $0.favoritePrimes = [5, 7] },
        Step(.receive, .activityLoaded(earlier)) { $0.activityFeed = earlier }
      )
    }
  }

  @Test func earlierActivityGoesBeforeWhatThisSessionAlreadyRecorded() async {
    let mine = Activity(timestamp: noon, type: .addedFavoritePrime(11))
    let earlier = Activity(timestamp: noon.addingTimeInterval(-60), type: .addedFavoritePrime(3))
    await assert(
      initialValue: AppState(activityFeed: [mine]),
      reducer: appReducer,
      environment: .stub(),
      steps: Step(.send, .activityLoaded([earlier])) { $0.activityFeed = [earlier, mine] }
    )
  }

  @Test func aFailedLaunchShowsEachProblemAndKeepsGoing() async {
    await withDependencies {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: { throw TestError("the disk is gone") },
        save: FavoritePrimesClient.failing.save
      )
    } operation: {
      await assert(
        initialValue: AppState(),
        reducer: appReducer,
        environment: .stub(activity: ActivityClient { throw TestError("the table is gone") }),
        steps: Step(.send, .launched),
        Step(.receive, .favoritePrimes(.loadFailed("the disk is gone"))) {
          $0.favoritePrimesProblem = .loadFailed("the disk is gone")
        },
        Step(.receive, .activityLoadFailed("the table is gone")) {
          $0.activityFeedProblem = .loadFailed("the table is gone")
        }
      )
    }
  }

  @Test func quittingWithFavoritesASaveCouldNotStoreSavesThemOnceMore() async {
    let saves = CallLog<[Int]>()
    var state = AppState(favoritePrimes: [7, 11])
    state.favoritePrimesHaveUnsavedChanges = true
    await withDependencies {
      $0.favoritePrimesClient = .recordingSaves(into: saves)
    } operation: {
      await assert(
        initialValue: state,
        reducer: appReducer,
        environment: .stub(),
        steps: Step(.send, .quitRequested),
        // The last save is the save button's: the session ends on the favourites, with nothing left to show.
        Step(.receive, .favoritePrimes(.saveButtonTapped)) { $0.tab = .favorites },
        Step(.receive, .favoritePrimes(.favoritePrimesSaved(sent: [7, 11], stored: [7, 11]))) {
          $0.favoritePrimesHaveUnsavedChanges = false
        }
      )
    }
    #expect(saves.values == [[7, 11]])
  }

  /// Everything was saved: quitting saves nothing (the stub's client fails the test if asked to).
  @Test func quittingWithEverythingSavedDoesNothing() async {
    await assert(
      initialValue: AppState(favoritePrimes: [7, 11]),
      reducer: appReducer,
      environment: .stub(),
      steps: Step(.send, .quitRequested)
    )
  }

  @Test func theCounterAndTheModalShareTheCountAndTheFavorites() async {
    await assert(
      initialValue: AppState(count: 6, favoritePrimes: [2]),
      reducer: appReducer,
      environment: .stub(),
      steps: Step(.send, .counterView(.counter(.incrTapped))) { $0.count = 7 },
      Step(.send, .counterView(.counter(.isPrimeButtonTapped))) { $0.isPrimeModalShown = true },
      Step(.send, .counterView(.primeModal(.saveFavoritePrimeTapped))) { $0.favoritePrimes = [2, 7] },
      Step(.send, .favoritePrimes(.deleteFavoritePrimes([0]))) {
        $0.favoritePrimes = [7]
        $0.tab = .favorites
      },
      Step(.send, .counterView(.counter(.countEntered(Int.max)))) {
        $0.count = Int.max
        $0.isPrimeModalShown = false
        $0.tab = .counter
      },
      Step(.send, .counterView(.counter(.incrTapped))) { $0.counterProblem = .countAtMaximum }
    )
  }

  @Test func progressOfTheNthPrimeIsKeptInTheAppStateUntilTheAnswer() async {
    await assert(
      initialValue: AppState(count: 1_000),
      reducer: appReducer,
      environment: .stub(
        nthPrime: NthPrimeClient(nthPrime: { _ in
          .run { send in
            await send(.progress(40))
            await send(.progress(90))
            await send(.answer(7_919))
          }
        })
      ),
      steps: Step(.send, .counterView(.counter(.nthPrimeButtonTapped))) { $0.isNthPrimeButtonDisabled = true },
      Step(.receive, .counterView(.counter(.nthPrimeProgress(n: 1_000, percent: 40)))) { $0.nthPrimeProgress = 40 },
      Step(.receive, .counterView(.counter(.nthPrimeProgress(n: 1_000, percent: 90)))) { $0.nthPrimeProgress = 90 },
      Step(.receive, .counterView(.counter(.nthPrimeResponse(n: 1_000, prime: 7_919)))) {
        $0.isNthPrimeButtonDisabled = false
        $0.nthPrimeProgress = nil
        $0.alertNthPrime = PrimeAlert(n: 1_000, prime: 7_919)
      }
    )
  }
}
