import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoriteList
import FavoritePrimes
import Testing

/// A stored list that comes back from a save is judged as a loaded one is: only primes, each once.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct FavoritePrimesStoredListTests {
  /// Another program put 4 and a second 7 in the file while this PrimeTime saved: the list that comes back
  /// shows neither, and the problem says what was left out, as a load would.
  @Test func aStoredListFromASaveLeavesOutNonPrimesAndRepeatsAndSaysSo() async {
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: FavoriteList([2, 7], unsavedChanges: [.addedFavoritePrime(7)])),
      reducer: FavoritePrimes()
    ) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load, save: { _ in FavoritePrimesSync(favoritePrimes: [2, 4, 7, 7]) })
    }
    await store.send(.saveButtonTapped) { _ = $0.favoritePrimes.startSave() }
    await store.receive(.favoritePrimesSaved(FavoritePrimesSync(favoritePrimes: [2, 4, 7, 7]))) {
      $0.favoritePrimes.saveSucceeded()
      $0.favoritePrimes = [2, 7]
      $0.problem = .leftOut(["4", "7 again"])
    }
    await store.finish()
  }
}
