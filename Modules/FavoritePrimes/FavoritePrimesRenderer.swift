/// The favourite primes as lines of text, numbered from 1 as a front end refers to them: `1. 2`, `2. 3`.
///
/// ``FavoritePrimesProblem``s are not drawn here: a front end reports them as errors.
public func renderFavoritePrimes(_ state: FavoritePrimesState) -> [String] {
  guard !state.favoritePrimes.isEmpty else { return ["No favorite primes yet."] }
  return state.favoritePrimes.enumerated().map { "\($0.offset + 1). \($0.element)" }
}
