import ComposableArchitecture
import ComposableArchitectureTestSupport
import Counter
import FavoriteList
import FavoritePrimes
import Foundation
import PrimeTimeApp
import Testing

/// Which screen shows: a tab in `AppState`, moved by the person's actions and never by what effects send
/// back, and the counter screen's top read from the counter's state.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct NavigationTests {
  @Test func theAppStartsOnTheCounter() {
    #expect(AppState().tab == .counter)
    #expect(AppState().screen == .counter)
  }

  @Test func eachTapShowsTheScreenItWasMadeOn() async {
    await withDependencies {
      $0.favoritePrimesClient = .inMemory([5], now: { noon })
    } operation: {
      await assert(
        initialValue: AppState(count: 6, favoritePrimes: [2, 3]),
        reducer: appReducer,
        environment: .stub(),
        steps: Step(.send, .favoritePrimes(.deleteFavoritePrimes([0]))) {
          $0.favorites.favoritePrimes = FavoriteList([3], unsavedChanges: [.removedFavoritePrime(2)])
          $0.tab = .favorites
        },
        Step(.send, .counterView(.counter(.incrTapped))) {
          $0.counter.count = 7
          $0.tab = .counter
        },
        Step(.send, .favoritePrimes(.loadButtonTapped)) { $0.tab = .favorites },
        Step(.receive, .favoritePrimes(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [5])))) {
          $0.favorites.isLoaded = true
          $0.favorites.favoritePrimes.takeStored([5])
        },
        Step(.send, .counterView(.primeModal(.presented(.saveFavoritePrimeTapped)))) {
          $0.counter.isPrimeModalShown = true
          $0.favorites.favoritePrimes.add(7)
          $0.tab = .counter
        },
        Step(.send, .favoritePrimes(.saveButtonTapped)) {
          _ = $0.favorites.favoritePrimes.startSave()
          $0.tab = .favorites
        },
        // The delete of 2 changes nothing stored (the load showed it gone): only the 7 makes an entry.
        Step(.receive, .favoritePrimes(.favoritePrimesSaved(FavoritePrimesSync(activity: [entry(1, .addedFavoritePrime(7))])))) {
          $0.favorites.favoritePrimes.saveSucceeded()
        },
        Step(.send, .counterView(.counter(.isPrimeButtonTapped))) {
          $0.counter.isPrimeModalShown = true
          $0.tab = .counter
        }
      )
    }
  }

  /// Choosing the activity also brings in what another PrimeTime stored (a save of no changes; nothing here).
  @Test func theFavoritesAndTheActivityAreShownBySelectingTheirTab() async {
    await withDependencies {
      $0.favoritePrimesClient = .inMemory()
    } operation: {
      await assert(
        initialValue: AppState(),
        reducer: appReducer,
        environment: .stub(),
        steps: Step(.send, .tabSelected(.activity)) {
          $0.tab = .activity
          _ = $0.favorites.favoritePrimes.startSave()
        },
        Step(.receive, .favoritePrimes(.favoritePrimesSaved(FavoritePrimesSync(favoritePrimes: [])))) {
          $0.favorites.favoritePrimes.saveSucceeded()
          $0.favorites.isLoaded = true
        },
        Step(.send, .tabSelected(.favorites)) { $0.tab = .favorites },
        Step(.send, .tabSelected(.favorites)),
        Step(.send, .tabSelected(.counter)) { $0.tab = .counter }
      )
    }
  }

  /// Loading at launch, answers and progress of the nth prime, saves and their failures: none of them moves the
  /// person off the activity feed.
  @Test func whatEffectsSendBackNeverMovesThePerson() async {
    var state = AppState(count: 7, tab: .activity)
    state.counter.isNthPrimeButtonDisabled = true
    await withDependencies {
      $0.activityClient = .inMemory()
      $0.favoritePrimesClient = .inMemory([3])
    } operation: {
      await assert(
        initialValue: state,
        reducer: appReducer,
        environment: .stub(),
        steps: Step(.send, .launched),
        Step(.receive, .favoritePrimes(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [3])))) {
          $0.favorites.isLoaded = true
          $0.favorites.favoritePrimes = [3]
        },
        Step(.receive, .activityLoaded(ActivityPage(activity: [], hasEarlier: false))),
        Step(.send, .counterView(.counter(.nthPrimeProgress(n: 7, percent: 50)))) { $0.counter.nthPrimeProgress = 50 },
        Step(.send, .counterView(.counter(.nthPrimeResponse(n: 7, prime: 17)))) {
          $0.counter.isNthPrimeButtonDisabled = false
          $0.counter.nthPrimeProgress = nil
          $0.counter.alertNthPrime = PrimeAlert(n: 7, prime: 17)
        },
        Step(.send, .favoritePrimes(.favoritePrimesSaved(FavoritePrimesSync(favoritePrimes: [3, 5])))) {
          $0.favorites.favoritePrimes = [3, 5]
        },
        Step(.send, .favoritePrimes(.saveFailed("the disk is full", unsent: [.addedFavoritePrime(5)]))) {
          $0.favorites.problem = .saveFailed("the disk is full")
          $0.favorites.favoritePrimes.saveFailed(unsent: [.addedFavoritePrime(5)])
        },
        Step(.send, .favoritePrimes(.loadFailed("the disk is gone"))) {
          $0.favorites.problem = .loadFailed("the disk is gone")
        },
        Step(.send, .activityLoadFailed("the table is gone")) {
          $0.activity.problem = .loadFailed("the table is gone")
        }
      )
    }
  }

  @Test func aFailedNthPrimeSearchDoesNotMoveThePersonEither() async {
    var state = AppState(count: 7, tab: .favorites)
    state.counter.isNthPrimeButtonDisabled = true
    await assert(
      initialValue: state,
      reducer: appReducer,
      environment: .stub(),
      steps: Step(.send, .counterView(.counter(.nthPrimeComputedHere(n: 7, prime: nil, because: .timedOut)))) {
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.problem = .nthPrimeFailed(n: 7)
      }
    )
  }

  /// Through the live app's composition (activity feed, autosave, the dependency bridge): saving a favourite
  /// from the counter starts an autosave whose answer comes back while the person is still on the counter.
  @Test func anAutosaveLeavesThePersonWhereTheyAre() async {
    let store = TestStore(
      initialState: AppState(count: 7, tab: .favorites),
      reducer: Reduce(primeTimeReducer, environment: AppEnvironment.init(dependencies:))
    ) {
      $0.favoritePrimesClient = .inMemory(now: { noon })
    }
    await store.send(.counterView(.primeModal(.presented(.saveFavoritePrimeTapped)))) {
      $0.counter.isPrimeModalShown = true
      $0.favorites.favoritePrimes = FavoriteList([7], savesRunning: 1)
      $0.tab = .counter
    }
    await store.receive(
      .favoritePrimes(.favoritePrimesSaved(FavoritePrimesSync(favoritePrimes: [7], activity: [entry(1, .addedFavoritePrime(7))])))
    ) {
      $0.favorites.favoritePrimes.saveSucceeded()
      $0.favorites.isLoaded = true
      $0.activity.entries = [entry(1, .addedFavoritePrime(7))]
    }
    await store.send(.tabSelected(.activity)) {
      $0.tab = .activity
      _ = $0.favorites.favoritePrimes.startSave()
    }
    await store.receive(.favoritePrimes(.favoritePrimesSaved(FavoritePrimesSync()))) { $0.favorites.favoritePrimes.saveSucceeded() }
    await store.finish()
  }

  @Test func theCounterScreensTopIsReadFromTheCounter() {
    var state = AppState(count: 7)
    #expect(state.screen == .counter)
    state.counter.alertNthPrime = PrimeAlert(n: 7, prime: 17)
    #expect(state.screen == .nthPrimeAnswer(PrimeAlert(n: 7, prime: 17)))
    // The modal opens over the answer.
    state.counter.isPrimeModalShown = true
    #expect(state.screen == .primeModal)
    state.counter.alertNthPrime = nil
    #expect(state.screen == .primeModal)
    // Another tab hides the counter screen, whatever is on top of it.
    state.tab = .favorites
    #expect(state.screen == .favorites)
    state.tab = .activity
    #expect(state.screen == .activity)
  }
}
