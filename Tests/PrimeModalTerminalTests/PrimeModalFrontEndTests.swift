import ComposableArchitecture
import FavoriteList
import PrimeModal
import PrimeModalTerminal
import REPL
import Testing

/// `PrimeModalFrontEnd` over a real store: commands in, the exact lines and prompt out; every refusal is the
/// problem the reducer recorded.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct PrimeModalFrontEndTests {
  private func frontEnd(count: Int, favorites: [Int] = []) -> PrimeModalFrontEnd {
    PrimeModalFrontEnd(
      store: Store(
        initialValue: PrimeModalState(count: count, favoritePrimes: FavoriteList(favorites)),
        reducer: primeModalReducer,
        environment: ()
      )
    )
  }

  @Test func theButtonsSaveAndRemoveAndTheModalSaysWhichApplies() async {
    let modal = frontEnd(count: 7, favorites: [3])
    #expect(modal.location == "count 7 · is it prime?")
    #expect(await modal.run(.show) == .output(["7 is prime 🎉", "Save to favorite primes [fav]"]))
    #expect(await modal.run(.saveFavorite) == .output(["7 is prime 🎉", "Remove from favorite primes [unfav]"]))
    #expect(await modal.run(.favorites) == .output(["1. 3", "2. 7"]))
    #expect(await modal.run(.removeFavorite) == .output(["7 is prime 🎉", "Save to favorite primes [fav]"]))
    #expect(await modal.run(.favorites) == .output(["1. 3"]))
  }

  @Test func refusalsAreTheReducersProblems() async {
    let modal = frontEnd(count: 7, favorites: [7])
    #expect(await modal.run(.saveFavorite) == .failure("7 is already a favorite prime."))
    #expect(modal.store.value.favoritePrimes == [7])
    let notPrime = frontEnd(count: 8)
    #expect(await notPrime.run(.saveFavorite) == .failure("8 is not prime, so it can't be a favorite prime."))
    #expect(await notPrime.run(.removeFavorite) == .failure("8 is not a favorite prime."))
    #expect(await notPrime.run(.show) == .output(["8 is not prime :("]))
    #expect(await notPrime.run(.favorites) == .output(["No favorite primes yet."]))
  }

  @Test func theCommandsAreListedInOrderAndTheButtonsCanBeEmbedded() throws {
    #expect(frontEnd(count: 7).commands.specs.map(\.name) == ["prime", "fav", "unfav", "favorites"])
    #expect(PrimeModalCommand.buttons.specs.map(\.name) == ["fav", "unfav"])
    #expect(try PrimeModalCommand.table.parse("fav").get() == .saveFavorite)
  }
}
