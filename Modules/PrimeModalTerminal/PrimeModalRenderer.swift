public import PrimeModal

/// The modal as lines of text, the terminal's stand-in for its SwiftUI view: `7 is prime 🎉` then the button
/// that applies with the command that taps it (`Save to favorite primes [fav]` or
/// `Remove from favorite primes [unfav]`), or `8 is not prime :(` alone.
///
/// It reads ``PrimeModalState/isCountPrime`` and ``PrimeModalState/isCountFavorite``; the modal's
/// ``PrimeModalProblem`` is not drawn here: a front end reports it as an error.
public func renderPrimeModal(_ state: PrimeModalState) -> [String] {
  guard state.isCountPrime else {
    return ["\(state.count) is not prime :("]
  }
  return [
    "\(state.count) is prime 🎉",
    state.isCountFavorite ? "Remove from favorite primes [unfav]" : "Save to favorite primes [fav]",
  ]
}
