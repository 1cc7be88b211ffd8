import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoriteList
import FavoritePrimes
import PrimeTimeApp
import Testing

/// The protocol-style `FavoritePrimes` inside the environment-style app: built as `primetime` builds its
/// store (`Reduce(primeTimeReducer, environment: AppEnvironment.init(dependencies:))` with `.dependency`), the
/// app's favourites go to the client the store's dependencies name: the feature's own save and load, the
/// autosave and the start-up load alike.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct FavoritePrimesThroughTheBridgeTests {
  /// The app's store as `primetime` makes it, with `client` for the favourites and empty in-memory activity.
  private func appStore(_ state: AppState, favorites client: FavoritePrimesClient) -> Store<AppState, AppAction> {
    Store(
      initialState: state,
      reducer: Reduce(primeTimeReducer, environment: AppEnvironment.init(dependencies:))
        .dependency(\.favoritePrimesClient, client)
        .dependency(\.activityClient, .inMemory())
    )
  }

  @Test func theSaveButtonSavesToTheClientTheStoreWasGiven() async throws {
    let memory = FavoritePrimesClient.inMemory([2, 3, 5])
    let state = AppState(favoritePrimes: FavoriteList([2, 3], unsavedChanges: [.removedFavoritePrime(5)]))
    let store = appStore(state, favorites: memory)
    await store.send(.favoritePrimes(.saveButtonTapped)).finish()
    #expect(try await memory.load().favoritePrimes == [2, 3])
    #expect(store.value.favorites.problem == nil)
  }

  @Test func launchingLoadsFromIt() async {
    let store = appStore(AppState(), favorites: .inMemory([5, 7]))
    await store.send(.launched).finish()
    #expect(store.value.favorites.favoritePrimes == [5, 7])
    #expect(store.value.favorites.problem == nil)
  }

  @Test func theLoadButtonLoadsFromIt() async {
    let store = appStore(AppState(favoritePrimes: [2]), favorites: .inMemory([11, 13]))
    await store.send(.favoritePrimes(.loadButtonTapped)).finish()
    #expect(store.value.favorites.favoritePrimes == [11, 13])
  }

  /// Saving the count from the prime modal changes the favourites; the autosave stores them in the same client.
  @Test func anAutosaveGoesToItToo() async throws {
    let memory = FavoritePrimesClient.inMemory([2])
    let store = appStore(AppState(count: 7, favoritePrimes: [2]), favorites: memory)
    await store.send(.counterView(.primeModal(.presented(.saveFavoritePrimeTapped)))).finish()
    #expect(try await memory.load().favoritePrimes == [2, 7])
  }

  /// The store's override wins over the test's own: the one closest to the reducer, as in `primetime`, where
  /// `--sandbox` swaps in a client that way.
  @Test(.dependency(\.favoritePrimesClient, .failing))
  func theStoresOverrideWinsOverTheSurroundingOne() async throws {
    let memory = FavoritePrimesClient.inMemory([3])
    let store = appStore(AppState(favoritePrimes: [3]), favorites: memory)
    await store.send(.favoritePrimes(.deleteFavoritePrimes([0]))).finish()
    await store.send(.favoritePrimes(.saveButtonTapped)).finish()
    #expect(try await memory.load().favoritePrimes == [])
  }

  /// Exhaustively, through `TestStore`: the feature's save from the app's composition reaches the client.
  @Test func aTestStoreOverTheBridgeSeesTheSave() async throws {
    let memory = FavoritePrimesClient.inMemory([2], now: { noon })
    let state = AppState(favoritePrimes: FavoriteList([2, 31], unsavedChanges: [.addedFavoritePrime(31)]))
    let store = TestStore(
      initialState: state,
      reducer: Reduce(primeTimeReducer, environment: AppEnvironment.init(dependencies:))
    ) {
      $0.favoritePrimesClient = memory
    }
    await store.send(.favoritePrimes(.saveButtonTapped)) {
      $0.tab = .favorites
      _ = $0.favorites.favoritePrimes.startSave()
    }
    // Its first call: the client could not know the list, so it comes back.
    await store.receive(
      .favoritePrimes(
        .favoritePrimesSaved(FavoritePrimesSync(favoritePrimes: [2, 31], activity: [entry(1, .addedFavoritePrime(31))]))
      )
    ) {
      $0.favorites.favoritePrimes.saveSucceeded()
      $0.favorites.isLoaded = true
      $0.activity.entries = [entry(1, .addedFavoritePrime(31))]
    }
    await store.finish()
    #expect(try await memory.load().favoritePrimes == [2, 31])
  }
}
