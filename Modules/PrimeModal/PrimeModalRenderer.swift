import Primes

/// The modal as lines of text, the terminal's stand-in for its SwiftUI view: `7 is prime 🎉` then the button
/// that applies (`Save to favorite primes` or `Remove from favorite primes`), or `8 is not prime :(`.
public func renderPrimeModal(_ state: PrimeModalState) -> [String] {
  guard isPrime(state.count) else {
    return ["\(state.count) is not prime :("]
  }
  return [
    "\(state.count) is prime 🎉",
    state.favoritePrimes.contains(state.count) ? "Remove from favorite primes" : "Save to favorite primes",
  ]
}
