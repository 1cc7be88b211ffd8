public import ComposableArchitecture
import Primes

/// The is-this-prime modal's logic. It needs no dependencies, so its environment is `Void`.
///
/// Every action clears the last ``PrimeModalState/problem`` and may record a new one. Saving is refused,
/// leaving the list as it was, when the count is not prime (``PrimeModalProblem/notPrime(_:)``) or already a
/// favourite (``PrimeModalProblem/alreadyFavorite(_:)``); removing is refused when the count is not a
/// favourite (``PrimeModalProblem/notFavorite(_:)``). A change the buttons make is recorded by the list
/// (``FavoriteList/unsavedChanges``), for whoever saves it. A front end only reports the problem.
public let primeModalReducer: Reducer<PrimeModalState, PrimeModalAction, Void> = { state, action, _ in
  state.problem = nil
  switch action {
  case .saveFavoritePrimeTapped:
    if !isPrime(state.count) {
      state.problem = .notPrime(state.count)
    } else if state.favoritePrimes.contains(state.count) {
      state.problem = .alreadyFavorite(state.count)
    } else {
      state.favoritePrimes.add(state.count)
    }
  case .removeFavoritePrimeTapped:
    if state.favoritePrimes.contains(state.count) {
      state.favoritePrimes.remove(state.count)
    } else {
      state.problem = .notFavorite(state.count)
    }
  }
  return []
}
