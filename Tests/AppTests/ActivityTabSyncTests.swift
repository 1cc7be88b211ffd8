import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoritePrimes
import Foundation
import PrimeTimeApp
import Testing

/// Opening the activity feed brings it up to date: what another PrimeTime stored since this one last saved or
/// loaded joins the feed, and its favourites join the list, so the two agree (and `activity all` shows them).
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct ActivityTabSyncTests {
  @Test func choosingTheActivityTabBringsInAnotherPrimeTimesActivityAndFavorites() async {
    let saved = CallLog<[Activity.Kind]>()
    await withDependencies {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load,
        save: { changes in
          saved.append(changes)
          return FavoritePrimesSync(favoritePrimes: [7, 11], activity: [entry(2, .addedFavoritePrime(11))])
        }
      )
    } operation: {
      await assert(
        initialValue: AppState(favoritePrimes: [7], activityFeed: [entry(1, .addedFavoritePrime(7))]),
        reducer: primeTimeReducer,
        environment: .stub(),
        steps: Step(.send, .tabSelected(.activity)) {
          $0.tab = .activity
          _ = $0.favorites.favoritePrimes.startSave()
        },
        Step(
          .receive,
          .favoritePrimes(
            .favoritePrimesSaved(
              FavoritePrimesSync(favoritePrimes: [7, 11], activity: [entry(2, .addedFavoritePrime(11))])
            )
          )
        ) {
          $0.favorites.isLoaded = true
          $0.favorites.favoritePrimes.saveSucceeded()
          $0.favorites.favoritePrimes.takeStored([7, 11])
          $0.activity.entries.append(entry(2, .addedFavoritePrime(11)))
        }
      )
    }
    #expect(saved.values == [[]])
  }
}
