import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoritePrimes
import Foundation
import PrimeTimeApp
import Testing

/// `primeTimeReducer`: the activity feed and autosave around `appReducer`, as the executable runs it.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct AutosaveTests {
  @Test func everyChangeOfTheFavoritesIsSavedAsItHappens() async {
    let saved = CallLog<[Int]>()
    await withDependencies {
      $0.favoritePrimesClient = .recordingSaves(into: saved)
    } operation: {
      await assert(
        initialValue: AppState(count: 7, favoritePrimes: [2, 3]),
        reducer: primeTimeReducer,
        environment: .stub(),
        steps: Step(.send, .counterView(.primeModal(.saveFavoritePrimeTapped))) {
          $0.favoritePrimes = [2, 3, 7]
          $0.activityFeed = [Activity(timestamp: noon, type: .addedFavoritePrime(7))]
        },
        Step(.receive, .favoritePrimes(.favoritePrimesSaved(sent: [2, 3, 7], stored: [2, 3, 7]))),
        Step(.send, .favoritePrimes(.deleteFavoritePrimes([0, 1]))) {
          $0.favoritePrimes = [7]
          $0.tab = .favorites
          $0.activityFeed += [
            Activity(timestamp: noon, type: .removedFavoritePrime(2)),
            Activity(timestamp: noon, type: .removedFavoritePrime(3)),
          ]
        },
        Step(.receive, .favoritePrimes(.favoritePrimesSaved(sent: [7], stored: [7])))
      )
    }
    #expect(saved.values == [[2, 3, 7], [7]])
  }

  @Test func actionsThatChangeNoFavoriteSaveNothing() async {
    await assert(
      initialValue: AppState(count: 4, favoritePrimes: [2]),
      reducer: primeTimeReducer,
      environment: .failing,
      steps: Step(.send, .counterView(.counter(.incrTapped))) { $0.count = 5 },
      Step(.send, .counterView(.counter(.isPrimeButtonTapped))) { $0.isPrimeModalShown = true },
      Step(.send, .counterView(.counter(.primeModalDismissed))) { $0.isPrimeModalShown = false },
      Step(.send, .favoritePrimes(.deleteFavoritePrimes([3]))) {
        $0.tab = .favorites
        $0.favoritePrimesProblem = .noSuchPosition(offset: 3, count: 1)
      }
    )
  }

  @Test func loadedFavoritesAreNotSavedBack() async {
    await withDependencies {
      $0.favoritePrimesClient = FavoritePrimesClient(load: { [5, 7] }, save: FavoritePrimesClient.failing.save)
    } operation: {
      await assert(
        initialValue: AppState(),
        reducer: primeTimeReducer,
        environment: .stub(activity: .inMemory()),
        steps: Step(.send, .launched),
        Step(.receive, .favoritePrimes(.loadedFavoritePrimes([5, 7]))) { $0.favoritePrimes = [5, 7] },
        Step(.receive, .activityLoaded([]))
      )
    }
  }

  /// The favourite stays in memory, and the problem says what to do; the next change saves everything.
  @Test func aFailedAutosaveShowsTheProblemAndKeepsTheFavorite() async {
    await withDependencies {
      $0.favoritePrimesClient = .failingSaves("disk full")
    } operation: {
      await assert(
        initialValue: AppState(count: 5),
        reducer: primeTimeReducer,
        environment: .stub(),
        steps: Step(.send, .counterView(.primeModal(.saveFavoritePrimeTapped))) {
          $0.favoritePrimes = [5]
          $0.activityFeed = [Activity(timestamp: noon, type: .addedFavoritePrime(5))]
        },
        Step(.receive, .favoritePrimes(.saveFailed("disk full"))) {
          $0.favoritePrimesProblem = .saveFailed("disk full")
          $0.favoritePrimesHaveUnsavedChanges = true
        }
      )
    }
  }

  @Test func theExplicitSaveStillWorks() async {
    let saved = CallLog<[Int]>()
    await withDependencies {
      $0.favoritePrimesClient = .recordingSaves(into: saved)
    } operation: {
      await assert(
        initialValue: AppState(favoritePrimes: [2, 3]),
        reducer: primeTimeReducer,
        environment: .stub(),
        steps: Step(.send, .favoritePrimes(.saveButtonTapped)) { $0.tab = .favorites },
        Step(.receive, .favoritePrimes(.favoritePrimesSaved(sent: [2, 3], stored: [2, 3])))
      )
    }
    #expect(saved.values == [[2, 3]])
  }

  /// Another PrimeTime saved 11 meanwhile: the save brings it in, and that is neither this session's activity
  /// nor a change to save again.
  @Test func anotherSessionsFavoritesComeBackWithTheSaveWithoutActivityOrASecondSave() async {
    let saved = CallLog<[Int]>()
    await withDependencies {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load,
        save: { primes in
          saved.append(primes)
          return primes + [11]
        }
      )
    } operation: {
      await assert(
        initialValue: AppState(count: 7, favoritePrimes: [2]),
        reducer: primeTimeReducer,
        environment: .stub(),
        steps: Step(.send, .counterView(.primeModal(.saveFavoritePrimeTapped))) {
          $0.favoritePrimes = [2, 7]
          $0.activityFeed = [Activity(timestamp: noon, type: .addedFavoritePrime(7))]
        },
        Step(.receive, .favoritePrimes(.favoritePrimesSaved(sent: [2, 7], stored: [2, 7, 11]))) {
          $0.favoritePrimes = [2, 7, 11]
        }
      )
    }
    #expect(saved.values == [[2, 7]])
  }
}
