import ComposableArchitecture
import Counter
import FavoritePrimes
import Foundation
import PrimeTimeApp
import Testing

/// `Interpreter`'s prompt reads where the person is from the state, and only from it.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct InterpreterNavigationTests {
  private func interpreter(_ state: AppState) -> Interpreter {
    let store = Store(
      initialValue: state,
      reducer: primeTimeReducer,
      environment: .stub(favoritePrimes: .inMemory(), activity: .inMemory())
    )
    return Interpreter(store: store, timeZone: TimeZone(identifier: "UTC") ?? .current)
  }

  @Test func thePromptIsTheStatesTab() async {
    let app = interpreter(AppState(count: 7, favoritePrimes: [7], tab: .favorites))
    #expect(app.location == "favorites (1)")
    app.store.send(.tabSelected(.activity))
    #expect(app.location == "activity (0)")
    app.store.send(.counterView(.counter(.isPrimeButtonTapped)))
    #expect(app.location == "count 7 · is it prime?")
  }

  @Test func aCommandRefusedBeforeAnyActionLeavesThePersonWhereTheyWere() async {
    let app = interpreter(AppState(count: 7, favoritePrimes: [7], tab: .favorites))
    #expect(await app.run(.dismiss) == .failure("Nothing to dismiss: no modal or nth-prime answer is showing."))
    #expect(await app.run(.saveFavorite) == .failure("7 is already a favorite prime."))
    #expect(app.location == "favorites (1)")
    #expect(await app.run(.removeFavorite) == .output(["7 is prime 🎉", "Save to favorite primes [fav]"]))
    #expect(app.location == "count 7")
    #expect(app.store.value.tab == .counter)
  }
}
