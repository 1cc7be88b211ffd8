import ComposableArchitecture
import ComposableArchitectureTestSupport
import Counter
import FavoriteList
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
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: { FavoritePrimesSync(favoritePrimes: [2, 31, 7]) }, save: FavoritePrimesClient.failing.save)
    } operation: {
      await assert(
        initialValue: AppState(count: 4),
        reducer: appReducer,
        environment: .stub(nthPrime: NthPrimeClient(nthPrime: { _ in .sync { .answer(17) } })),
        steps: Step(.send, .counterView(.counter(.nthPrimeButtonTapped))) { $0.counter.isNthPrimeButtonDisabled = true },
        Step(.receive, .counterView(.counter(.nthPrimeResponse(n: 4, prime: 17)))) {
          $0.counter.isNthPrimeButtonDisabled = false
          $0.counter.alertNthPrime = PrimeAlert(n: 4, prime: 17)
        },
        Step(.send, .favoritePrimes(.loadButtonTapped)) { $0.tab = .favorites },
        Step(.receive, .favoritePrimes(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [2, 31, 7])))) {
          $0.favorites.isLoaded = true
          $0.favorites.favoritePrimes = [2, 31, 7]
        }
      )
    }
  }

  @Test func launchingLoadsTheFavoritesThenTheLatestActivity() async {
    let earlier = [entry(1, .addedFavoritePrime(3)), entry(2, .removedFavoritePrime(3))]
    await withDependencies {
      $0.activityClient = .inMemory(earlier)
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: { FavoritePrimesSync(favoritePrimes: [5, 7]) }, save: FavoritePrimesClient.failing.save)
    } operation: {
      await assert(
        initialValue: AppState(),
        reducer: appReducer,
        environment: .stub(),
        steps: Step(.send, .launched),
        Step(.receive, .favoritePrimes(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [5, 7])))) {
          $0.favorites.isLoaded = true
          $0.favorites.favoritePrimes = [5, 7]
        },
        Step(.receive, .activityLoaded(ActivityPage(activity: earlier, hasEarlier: false))) { $0.activity.entries = earlier }
      )
    }
  }

  /// A page's entries go where their ids put them: older ones before the feed's, newer ones after, and those
  /// the feed holds are not taken twice.
  @Test func aPagesEntriesGoWhereTheirIdsPutThemEachOnce() async {
    let mine = entry(11, .addedFavoritePrime(11))
    await assert(
      initialValue: AppState(activityFeed: [mine]),
      reducer: appReducer,
      environment: .stub(),
      steps: Step(
        .send,
        .activityLoaded(
          ActivityPage(
            activity: [entry(3, .addedFavoritePrime(3)), mine, entry(12, .addedFavoritePrime(13))],
            hasEarlier: true
          )
        )
      ) {
        $0.activity.entries = [entry(3, .addedFavoritePrime(3)), mine, entry(12, .addedFavoritePrime(13))]
        $0.activity.hasEarlier = true
      }
    )
  }

  @Test func aFailedLaunchShowsEachProblemAndKeepsGoing() async {
    await withDependencies {
      $0.activityClient = ActivityClient { _, _ in throw TestError("the table is gone") }
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: { throw TestError("the disk is gone") },
        save: FavoritePrimesClient.failing.save
      )
    } operation: {
      await assert(
        initialValue: AppState(),
        reducer: appReducer,
        environment: .stub(),
        steps: Step(.send, .launched),
        Step(.receive, .favoritePrimes(.loadFailed("the disk is gone"))) {
          $0.favorites.problem = .loadFailed("the disk is gone")
        },
        Step(.receive, .activityLoadFailed("the table is gone")) {
          $0.activity.problem = .loadFailed("the table is gone")
        }
      )
    }
  }

  /// The bare composition only records the end; the last save is autosave's (`AutosaveTests`).
  @Test func quittingRecordsTheEndAndDoesNothingElse() async {
    await assert(
      initialValue: AppState(favoritePrimes: FavoriteList([7, 11], unsavedChanges: [.addedFavoritePrime(11)])),
      reducer: appReducer,
      environment: .stub(),
      steps: Step(.send, .quitRequested) { $0.ending = .lastSaveMade }
    )
  }

  /// An import running at the end is stopped, as Ctrl-C stops it, rather than waited for: its primes were never
  /// among the favourites, which stay as they were.
  @Test func quittingDuringAnImportStopsIt() async {
    var state = AppState(favoritePrimes: [7])
    state.favorites.importing = FavoritePrimesImport(path: "big.txt", added: [2, 3])
    await assert(
      initialValue: state,
      reducer: appReducer,
      environment: .stub(),
      steps: Step(.send, .quitRequested) { $0.ending = .lastSaveMade },
      Step(.receive, .favoritePrimes(.stopTapped)) {
        $0.favorites.importing = nil
        $0.favorites.notice = .importStopped(path: "big.txt")
      }
    )
  }

  @Test func ctrlCStopsTheImportRunning() async {
    var state = AppState(favoritePrimes: [7])
    state.favorites.importing = FavoritePrimesImport(path: "big.txt", added: [2, 3])
    await assert(
      initialValue: state,
      reducer: appReducer,
      environment: .stub(),
      steps: Step(.send, .interruptTapped),
      Step(.receive, .favoritePrimes(.stopTapped)) {
        $0.favorites.importing = nil
        $0.favorites.notice = .importStopped(path: "big.txt")
      }
    )
  }

  @Test func ctrlCWithNoImportOrBackupWithdrawsTheNthPrimeQuestion() async {
    var state = AppState(count: 7)
    state.counter.isNthPrimeButtonDisabled = true
    await assert(
      initialValue: state,
      reducer: appReducer,
      environment: .stub(),
      steps: Step(.send, .interruptTapped),
      Step(.receive, .counterView(.counter(.nthPrimeCancelButtonTapped))) {
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.withdrawnNthPrime = 7
      }
    )
  }

  @Test func theCounterAndTheModalShareTheCountAndTheFavorites() async {
    await assert(
      initialValue: AppState(count: 6, favoritePrimes: [2]),
      reducer: appReducer,
      environment: .stub(),
      steps: Step(.send, .counterView(.counter(.incrTapped))) { $0.counter.count = 7 },
      Step(.send, .counterView(.counter(.isPrimeButtonTapped))) { $0.counter.isPrimeModalShown = true },
      Step(.send, .counterView(.primeModal(.presented(.saveFavoritePrimeTapped)))) { $0.favorites.favoritePrimes.add(7) },
      Step(.send, .favoritePrimes(.deleteFavoritePrimes([0]))) {
        $0.favorites.favoritePrimes.remove(2)
        $0.tab = .favorites
      },
      Step(.send, .counterView(.counter(.countEntered(Int.max)))) {
        $0.counter.count = Int.max
        $0.counter.isPrimeModalShown = false
        $0.tab = .counter
      },
      Step(.send, .counterView(.counter(.incrTapped))) { $0.counter.problem = .countAtMaximum }
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
      steps: Step(.send, .counterView(.counter(.nthPrimeButtonTapped))) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counterView(.counter(.nthPrimeProgress(n: 1_000, percent: 40)))) { $0.counter.nthPrimeProgress = 40 },
      Step(.receive, .counterView(.counter(.nthPrimeProgress(n: 1_000, percent: 90)))) { $0.counter.nthPrimeProgress = 90 },
      Step(.receive, .counterView(.counter(.nthPrimeResponse(n: 1_000, prime: 7_919)))) {
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.nthPrimeProgress = nil
        $0.counter.alertNthPrime = PrimeAlert(n: 1_000, prime: 7_919)
      }
    )
  }
}
