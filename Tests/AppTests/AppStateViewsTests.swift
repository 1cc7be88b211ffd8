import ComposableArchitecture
import Counter
import FavoritePrimes
import PrimeModal
import PrimeTimeApp
import Testing

/// The features see the favourites through computed views of ``AppState``; a change through a view edits the
/// list in place, so one saved or deleted favourite costs the same however many there are.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct AppStateViewsTests {
  /// The list's storage, to tell an edit in place from a copy.
  private func storage(of list: [Int]) -> UnsafePointer<Int>? {
    list.withUnsafeBufferPointer(\.baseAddress)
  }

  /// `favorites` with room to grow, so an append in place needs no new storage.
  private func appState(favorites: [Int], count: Int) -> AppState {
    var list = [Int]()
    list.reserveCapacity(64)
    list += favorites
    return AppState(count: count, favoritePrimes: list)
  }

  @Test func savingAFavoriteThroughTheModalAppendsToTheListInPlace() {
    var state = appState(favorites: [2, 3, 5], count: 7)
    let before = storage(of: state.favoritePrimes)
    _ = appReducer(&state, .counterView(.primeModal(.saveFavoritePrimeTapped)), .failing)
    #expect(state.favoritePrimes == [2, 3, 5, 7])
    #expect(storage(of: state.favoritePrimes) == before)
  }

  @Test func removingAFavoriteThroughTheModalEditsTheListInPlace() {
    var state = appState(favorites: [2, 3, 5, 7], count: 3)
    let before = storage(of: state.favoritePrimes)
    _ = appReducer(&state, .counterView(.primeModal(.removeFavoritePrimeTapped)), .failing)
    #expect(state.favoritePrimes == [2, 5, 7])
    #expect(storage(of: state.favoritePrimes) == before)
  }

  @Test func deletingFavoritesOnTheirScreenEditsTheListInPlace() {
    var state = appState(favorites: [2, 3, 5, 7], count: 0)
    let before = storage(of: state.favoritePrimes)
    _ = appReducer(&state, .favoritePrimes(.deleteFavoritePrimes([0, 2])), .failing)
    #expect(state.favoritePrimes == [3, 7])
    #expect(storage(of: state.favoritePrimes) == before)
  }
}
