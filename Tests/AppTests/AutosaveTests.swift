import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoriteList
import FavoritePrimes
import Foundation
import PrimeTimeApp
import Testing

/// `primeTimeReducer`: the activity feed and autosave around `appReducer`, as the executable runs it.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct AutosaveTests {
  /// The modal's button and a delete each record their change, which is saved at once; the feed adopts the
  /// entries the save brings back.
  @Test func everyChangeOfTheFavoritesIsSavedAsItHappensAndItsEntriesJoinTheFeed() async {
    let saved = CallLog<[Activity.Kind]>()
    await withDependencies {
      $0.favoritePrimesClient = .recordingSaves(into: saved)
    } operation: {
      await assert(
        initialValue: AppState(count: 7, favoritePrimes: [2, 3]),
        reducer: primeTimeReducer,
        environment: .stub(),
        steps: Step(.send, .counterView(.primeModal(.presented(.saveFavoritePrimeTapped)))) {
          $0.counter.isPrimeModalShown = true
          $0.favorites.favoritePrimes = FavoriteList([2, 3, 7], savesRunning: 1)
        },
        Step(.receive, .favoritePrimes(.favoritePrimesSaved(FavoritePrimesSync(activity: [entry(1, .addedFavoritePrime(7))])))) {
          $0.favorites.favoritePrimes.saveSucceeded()
          $0.activity.entries = [entry(1, .addedFavoritePrime(7))]
        },
        Step(.send, .counterView(.primeModal(.presented(.removeFavoritePrimeTapped)))) { $0.favorites.favoritePrimes = FavoriteList([2, 3], savesRunning: 1) },
        Step(.receive, .favoritePrimes(.favoritePrimesSaved(FavoritePrimesSync(activity: [entry(2, .removedFavoritePrime(7))])))) {
          $0.favorites.favoritePrimes.saveSucceeded()
          $0.activity.entries.append(entry(2, .removedFavoritePrime(7)))
        },
        Step(.send, .favoritePrimes(.deleteFavoritePrimes([0, 1]))) {
          $0.favorites.favoritePrimes = FavoriteList([], savesRunning: 1)
          $0.tab = .favorites
        },
        Step(
          .receive,
          .favoritePrimes(
            .favoritePrimesSaved(
              FavoritePrimesSync(activity: [entry(3, .removedFavoritePrime(2)), entry(4, .removedFavoritePrime(3))])
            )
          )
        ) {
          $0.favorites.favoritePrimes.saveSucceeded()
          $0.activity.entries += [entry(3, .removedFavoritePrime(2)), entry(4, .removedFavoritePrime(3))]
        }
      )
    }
    #expect(
      saved.values == [
        [.addedFavoritePrime(7)], [.removedFavoritePrime(7)], [.removedFavoritePrime(2), .removedFavoritePrime(3)],
      ]
    )
  }

  /// A refused modal button (not prime, already a favourite, not a favourite) records no change and saves
  /// nothing; neither do actions that change no favourite.
  @Test func actionsThatChangeNoFavoriteSaveNothing() async {
    await assert(
      initialValue: AppState(count: 4, favoritePrimes: [2]),
      reducer: primeTimeReducer,
      environment: .failing,
      steps: Step(.send, .counterView(.counter(.incrTapped))) { $0.counter.count = 5 },
      Step(.send, .counterView(.counter(.isPrimeButtonTapped))) { $0.counter.isPrimeModalShown = true },
      Step(.send, .counterView(.primeModal(.dismiss))) { $0.counter.isPrimeModalShown = false },
      Step(.send, .counterView(.primeModal(.presented(.removeFavoritePrimeTapped)))) {
        $0.counter.isPrimeModalShown = true
        $0.primeModalProblem = .notFavorite(5)
      },
      Step(.send, .counterView(.counter(.countEntered(2)))) {
        $0.counter.count = 2
        $0.counter.isPrimeModalShown = false
      },
      Step(.send, .counterView(.primeModal(.presented(.saveFavoritePrimeTapped)))) {
        $0.counter.isPrimeModalShown = true
        $0.primeModalProblem = .alreadyFavorite(2)
      },
      Step(.send, .favoritePrimes(.deleteFavoritePrimes([3]))) {
        $0.tab = .favorites
        $0.favorites.problem = .noSuchPosition(offset: 3, count: 1)
      }
    )
  }

  @Test func loadedFavoritesAreNotSavedBack() async {
    await withDependencies {
      $0.activityClient = .inMemory()
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: { FavoritePrimesSync(favoritePrimes: [5, 7]) }, save: FavoritePrimesClient.failing.save)
    } operation: {
      await assert(
        initialValue: AppState(),
        reducer: primeTimeReducer,
        environment: .stub(),
        steps: Step(.send, .launched),
        Step(.receive, .favoritePrimes(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [5, 7])))) {
          $0.favorites.isLoaded = true
          $0.favorites.favoritePrimes = [5, 7]
        },
        Step(.receive, .activityLoaded(ActivityPage(activity: [], hasEarlier: false)))
      )
    }
  }

  /// The favourite stays in memory with its change, and the problem says what to do; the failure does not
  /// retry by itself, and the next change sends both changes, each once.
  @Test func aFailedAutosaveKeepsTheChangeForTheNextSave() async {
    let saved = CallLog<[Activity.Kind]>()
    await withDependencies {
      $0.favoritePrimesClient = .firstSaveFailing("disk full", log: saved)
    } operation: {
      await assert(
        initialValue: AppState(count: 5),
        reducer: primeTimeReducer,
        environment: .stub(),
        steps: Step(.send, .counterView(.primeModal(.presented(.saveFavoritePrimeTapped)))) {
          $0.counter.isPrimeModalShown = true
          $0.favorites.favoritePrimes = FavoriteList([5], savesRunning: 1)
        },
        Step(.receive, .favoritePrimes(.saveFailed("disk full", unsent: [.addedFavoritePrime(5)]))) {
          $0.favorites.problem = .saveFailed("disk full")
          $0.favorites.favoritePrimes.saveFailed(unsent: [.addedFavoritePrime(5)])
          $0.tab = .counter
        },
        Step(.send, .counterView(.counter(.countEntered(7)))) {
          $0.counter.count = 7
          $0.counter.isPrimeModalShown = false
        },
        Step(.send, .counterView(.primeModal(.presented(.saveFavoritePrimeTapped)))) {
          $0.counter.isPrimeModalShown = true
          $0.favorites.favoritePrimes = FavoriteList([5, 7], savesRunning: 1)
        },
        Step(.receive, .favoritePrimes(.favoritePrimesSaved(FavoritePrimesSync()))) {
          $0.favorites.favoritePrimes.saveSucceeded()
          $0.favorites.problem = nil
        }
      )
    }
    #expect(saved.values == [[.addedFavoritePrime(5)], [.addedFavoritePrime(5), .addedFavoritePrime(7)]])
  }

  @Test func theExplicitSaveSendsWhatIsUnsaved() async {
    let saved = CallLog<[Activity.Kind]>()
    await withDependencies {
      $0.favoritePrimesClient = .recordingSaves(into: saved)
    } operation: {
      let state = AppState(favoritePrimes: FavoriteList([2, 3], unsavedChanges: [.addedFavoritePrime(3)]))
      await assert(
        initialValue: state,
        reducer: primeTimeReducer,
        environment: .stub(),
        steps: Step(.send, .favoritePrimes(.saveButtonTapped)) {
          $0.tab = .favorites
          _ = $0.favorites.favoritePrimes.startSave()
        },
        Step(.receive, .favoritePrimes(.favoritePrimesSaved(FavoritePrimesSync(activity: [entry(1, .addedFavoritePrime(3))])))) {
          $0.favorites.favoritePrimes.saveSucceeded()
          $0.activity.entries = [entry(1, .addedFavoritePrime(3))]
        }
      )
    }
    #expect(saved.values == [[.addedFavoritePrime(3)]])
  }

  /// Another PrimeTime saved 11 meanwhile: the save brings it in with its entry, and that is not a change to
  /// save again.
  @Test func anotherSessionsFavoritesComeBackWithTheSaveWithoutASecondSave() async {
    let saved = CallLog<[Activity.Kind]>()
    await withDependencies {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load,
        save: { changes in
          saved.append(changes)
          return FavoritePrimesSync(
            favoritePrimes: [2, 11, 7],
            activity: [entry(5, .addedFavoritePrime(11)), entry(6, .addedFavoritePrime(7))]
          )
        }
      )
    } operation: {
      await assert(
        initialValue: AppState(count: 7, favoritePrimes: [2]),
        reducer: primeTimeReducer,
        environment: .stub(),
        steps: Step(.send, .counterView(.primeModal(.presented(.saveFavoritePrimeTapped)))) {
          $0.counter.isPrimeModalShown = true
          $0.favorites.favoritePrimes = FavoriteList([2, 7], savesRunning: 1)
        },
        Step(
          .receive,
          .favoritePrimes(
            .favoritePrimesSaved(
              FavoritePrimesSync(
                favoritePrimes: [2, 11, 7],
                activity: [entry(5, .addedFavoritePrime(11)), entry(6, .addedFavoritePrime(7))]
              )
            )
          )
        ) {
          $0.favorites.isLoaded = true
          $0.favorites.favoritePrimes = [2, 11, 7]
          $0.activity.entries = [entry(5, .addedFavoritePrime(11)), entry(6, .addedFavoritePrime(7))]
        }
      )
    }
    #expect(saved.values == [[.addedFavoritePrime(7)]])
  }

  // MARK: The end of the session

  /// Favourites an earlier save could not store get one last save at the end; the session has then ended.
  @Test func quittingWithFavoritesASaveCouldNotStoreSavesThemOnceMore() async {
    let saves = CallLog<[Activity.Kind]>()
    await withDependencies {
      $0.favoritePrimesClient = .recordingSaves(into: saves)
    } operation: {
      await assert(
        initialValue: AppState(favoritePrimes: FavoriteList([7, 11], unsavedChanges: [.addedFavoritePrime(11)])),
        reducer: primeTimeReducer,
        environment: .stub(),
        steps: Step(.send, .quitRequested) {
          $0.ending = .lastSaveMade
          _ = $0.favorites.favoritePrimes.startSave()
        },
        Step(.receive, .favoritePrimes(.favoritePrimesSaved(FavoritePrimesSync(activity: [entry(1, .addedFavoritePrime(11))])))) {
          $0.favorites.favoritePrimes.saveSucceeded()
          $0.activity.entries = [entry(1, .addedFavoritePrime(11))]
          #expect($0.hasEnded)
        }
      )
    }
    #expect(saves.values == [[.addedFavoritePrime(11)]])
  }

  /// Everything was saved: quitting saves nothing (the stub's client fails the test if asked to) and ends.
  @Test func quittingWithEverythingSavedSavesNothingAndEnds() async {
    await assert(
      initialValue: AppState(favoritePrimes: [7, 11]),
      reducer: primeTimeReducer,
      environment: .stub(),
      steps: Step(.send, .quitRequested) {
        $0.ending = .lastSaveMade
        #expect($0.hasEnded)
      }
    )
  }

  /// A signal during a command whose save is still running (waiting for another program's lock): the quit waits
  /// for that save, and when it fails, its changes get one last try; the session ends when that one does.
  @Test func aQuitWhileASaveRunsGivesItsFailedChangesOneLastTryAfterIt() async {
    let saved = CallLog<[Activity.Kind]>()
    await withDependencies {
      $0.favoritePrimesClient = .firstSaveFailing("the database is locked", log: saved)
    } operation: {
      await assert(
        initialValue: AppState(count: 5),
        reducer: primeTimeReducer,
        environment: .stub(),
        steps: Step(.send, .counterView(.primeModal(.presented(.saveFavoritePrimeTapped)))) {
          $0.counter.isPrimeModalShown = true
          $0.favorites.favoritePrimes = FavoriteList([5], savesRunning: 1)
        },
        Step(.send, .quitRequested) {
          $0.ending = .afterTheRunningSave
          #expect(!$0.hasEnded)
        },
        Step(.receive, .favoritePrimes(.saveFailed("the database is locked", unsent: [.addedFavoritePrime(5)]))) {
          $0.favorites.problem = .saveFailed("the database is locked")
          $0.favorites.favoritePrimes.saveFailed(unsent: [.addedFavoritePrime(5)])
          $0.ending = .lastSaveMade
          _ = $0.favorites.favoritePrimes.startSave()
          #expect(!$0.hasEnded)
        },
        Step(.receive, .favoritePrimes(.favoritePrimesSaved(FavoritePrimesSync()))) {
          $0.favorites.problem = nil
          $0.favorites.favoritePrimes.saveSucceeded()
          #expect($0.hasEnded)
        }
      )
    }
    #expect(saved.values == [[.addedFavoritePrime(5)], [.addedFavoritePrime(5)]])
  }

  /// The last try is the only one: when it fails too, the changes stay unsaved (the executable says they are
  /// lost and fails) rather than being retried for ever.
  @Test func aFailedLastSaveIsNotRetried() async {
    let saved = CallLog<[Activity.Kind]>()
    await withDependencies {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load,
        save: { changes in
          saved.append(changes)
          throw TestError("the disk is full")
        }
      )
    } operation: {
      await assert(
        initialValue: AppState(favoritePrimes: FavoriteList([5], unsavedChanges: [.addedFavoritePrime(5)])),
        reducer: primeTimeReducer,
        environment: .stub(),
        steps: Step(.send, .quitRequested) {
          $0.ending = .lastSaveMade
          _ = $0.favorites.favoritePrimes.startSave()
        },
        Step(.receive, .favoritePrimes(.saveFailed("the disk is full", unsent: [.addedFavoritePrime(5)]))) {
          $0.favorites.problem = .saveFailed("the disk is full")
          $0.favorites.favoritePrimes.saveFailed(unsent: [.addedFavoritePrime(5)])
          #expect($0.hasEnded)
          #expect($0.favorites.favoritePrimes.hasUnsavedChanges)
        }
      )
    }
    #expect(saved.values == [[.addedFavoritePrime(5)]])
  }
}
