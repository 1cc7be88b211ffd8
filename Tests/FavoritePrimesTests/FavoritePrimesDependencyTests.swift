import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoriteList
import FavoritePrimes
import Testing

/// `\.favoritePrimesClient`, the key the FavoritePrimes module declares beside its client: failing in tests,
/// in memory in previews, and whatever `.dependency` says where the reducer runs.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct FavoritePrimesDependencyTests {
  /// Demos and sandboxes: the preview value keeps the favourites in memory, starting empty.
  @Test(.dependency(\.context, .preview))
  func thePreviewValueKeepsTheFavoritesInMemory() async {
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: [2, 3], importing: FavoritePrimesImport(path: "in.txt")),
      reducer: FavoritePrimes()
    )
    await store.send(.loadButtonTapped)
    await store.receive(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: []))) { $0.favoritePrimes = [] }
    await store.send(.importRead("5\n")) {
      $0.importing = FavoritePrimesImport(path: "in.txt", added: [5])
    }
    // The preview's clock is the real one: the entry is matched without its date.
    await store.receive({ action in
      guard case let .importSaved(sync) = action else { return false }
      return sync.favoritePrimes == nil && sync.activity.map(\.type) == [.addedFavoritePrime(5)]
    }) {
      $0.importing = nil
      $0.favoritePrimes = [5]
      $0.notice = .imported(added: [5], already: 0, skipped: [])
    }
    await store.send(.loadButtonTapped) { $0.notice = nil }
    await store.receive(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [5])))
    await store.finish()
  }

  /// The reducer's own `.dependency` decides, over the test's trait: what a demo or the app's store relies on.
  @Test(.dependency(\.favoritePrimesClient, .failing))
  func theReducersOverrideWinsOverTheTrait() async {
    let store = TestStore(
      initialState: FavoritePrimesState(),
      reducer: FavoritePrimes().dependency(\.favoritePrimesClient, .inMemory([7]))
    )
    await store.send(.loadButtonTapped)
    await store.receive(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [7]))) { $0.favoritePrimes = [7] }
    await store.finish()
  }

  /// A trait's client reaches the reducer and its effects.
  @Test(.dependency(\.favoritePrimesClient, .inMemory([13])))
  func aTraitsClientIsTheOneUsed() async {
    let store = TestStore(initialState: FavoritePrimesState(), reducer: FavoritePrimes())
    await store.send(.loadButtonTapped)
    await store.receive(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [13]))) { $0.favoritePrimes = [13] }
    await store.finish()
  }
}
