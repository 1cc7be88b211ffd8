import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoriteList
import FavoritePrimes
import Testing

/// A load never throws away a change no save has stored yet (one a locked file refused, say): the change is
/// applied on top of the loaded list, and stays unsaved until a save stores it.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct FavoritePrimesLoadKeepsUnsavedTests {
  @Test func aLoadKeepsAnUnsavedAdditionAtTheEndOfTheLoadedList() async {
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: FavoriteList([2, 13], unsavedChanges: [.addedFavoritePrime(13)])),
      reducer: FavoritePrimes()
    )
    await store.send(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [2, 5]))) {
      $0.favoritePrimes = FavoriteList([2, 5, 13], unsavedChanges: [.addedFavoritePrime(13)])
    }
    await store.finish()
  }

  @Test func aLoadKeepsAnUnsavedRemoval() async {
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: FavoriteList([2], unsavedChanges: [.removedFavoritePrime(5)])),
      reducer: FavoritePrimes()
    )
    await store.send(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [2, 5, 7]))) {
      $0.favoritePrimes = FavoriteList([2, 7], unsavedChanges: [.removedFavoritePrime(5)])
    }
    await store.finish()
  }
}
