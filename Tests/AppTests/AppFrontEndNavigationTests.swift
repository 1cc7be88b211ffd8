import ComposableArchitecture
import Counter
import FavoritePrimes
import Foundation
import PrimeTimeApp
import Testing

/// `AppFrontEnd`'s prompt reads where the person is from the state, and only from it.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct AppFrontEndNavigationTests {
  private func appFrontEnd(_ state: AppState) -> AppFrontEnd {
    let store = Store(
      initialState: state,
      reducer: Reduce(primeTimeReducer, environment: .stub())
        .dependency(\.favoritePrimesClient, .inMemory())
        .dependency(\.activityClient, .inMemory())
    )
    return AppFrontEnd(store: store, timeZone: .utc)
  }

  @Test func thePromptIsTheStatesTab() async {
    let app = appFrontEnd(AppState(count: 7, favoritePrimes: [7], tab: .favorites))
    #expect(app.location == "favorites (1)")
    app.store.send(.tabSelected(.activity))
    #expect(app.location == "activity (0)")
    app.store.send(.counterView(.counter(.isPrimeButtonTapped)))
    #expect(app.location == "count 7 · is it prime?")
  }

  @Test func aRefusedTapStillShowsTheScreenItWasMadeOn() async {
    let app = appFrontEnd(AppState(count: 7, favoritePrimes: [7], tab: .favorites))
    #expect(await app.run(.counter(.dismiss)) == .failure("Nothing to dismiss: no modal or nth-prime answer is showing."))
    #expect(app.location == "count 7")
    _ = await app.run(.favorites(.favorites))
    // 'fav' taps "Is this prime?" first, as a person would, and the modal refuses the save.
    #expect(await app.run(.counter(.primeModal(.saveFavorite))) == .failure("7 is already a favorite prime."))
    #expect(app.location == "count 7 · is it prime?")
    #expect(await app.run(.counter(.primeModal(.removeFavorite))) == .output(["7 is prime 🎉", "Save to favorite primes [fav]"]))
    #expect(app.store.value.tab == .counter)
  }
}
