import ComposableArchitecture
import PrimeModal
import Primes
import Terminal

/// A command of the prime modal demo: the modal's buttons, and a look at the favorite primes.
enum Command: Sendable {
  case favorites
  case removeFavorite
  case saveFavorite
  case show

  /// The commands in the order `help` lists them.
  static let table = CommandTable<Command>([
    .noArguments("prime", summary: "Show the modal: whether the count is prime, and its button", command: .show),
    .noArguments("fav", summary: "Save the count to the favorite primes", command: .saveFavorite),
    .noArguments("unfav", summary: "Remove the count from the favorite primes", command: .removeFavorite),
    .noArguments("favorites", summary: "List the favorite primes", command: .favorites),
  ])

  /// Does the command on `store` and reports what the modal shows, the favorites, or why it failed.
  @MainActor
  func run(in store: Store<PrimeModalState, PrimeModalAction>) async -> CommandResult {
    let state = store.value
    let count = state.count
    switch self {
    case .show:
      return .output(renderPrimeModal(state))
    case .favorites:
      return .output(state.favoritePrimes.isEmpty ? ["No favorite primes yet."] : state.favoritePrimes.map(String.init))
    case .saveFavorite:
      guard isPrime(count) else {
        return .failure("\(count) is not prime, so it can't be a favorite prime.")
      }
      guard !state.favoritePrimes.contains(count) else {
        return .failure("\(count) is already a favorite prime.")
      }
      await store.send(.saveFavoritePrimeTapped).finish()
      return .output(renderPrimeModal(store.value))
    case .removeFavorite:
      guard state.favoritePrimes.contains(count) else {
        return .failure("\(count) is not a favorite prime.")
      }
      await store.send(.removeFavoritePrimeTapped).finish()
      return .output(renderPrimeModal(store.value))
    }
  }
}
