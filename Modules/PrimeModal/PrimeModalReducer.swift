public import ComposableArchitecture
import Primes

/// The is-this-prime modal's logic. It needs no dependencies, so its environment is `Void`.
///
/// Saving is refused, leaving the state as it was, when the count is not prime or is already a favourite;
/// the modal offers no save button then, and a text front end should say why.
public let primeModalReducer: Reducer<PrimeModalState, PrimeModalAction, Void> = { state, action, _ in
  switch action {
  case .saveFavoritePrimeTapped:
    if isPrime(state.count), !state.favoritePrimes.contains(state.count) {
      state.favoritePrimes.append(state.count)
    }
  case .removeFavoritePrimeTapped:
    state.favoritePrimes.removeAll { $0 == state.count }
  }
  return []
}
