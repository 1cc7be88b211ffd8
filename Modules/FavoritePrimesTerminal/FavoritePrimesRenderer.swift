public import FavoritePrimes

/// The favourite primes as lines of text, numbered from 1 as a person refers to them: `1. 2`, `2. 3`.
///
/// ``FavoritePrimesProblem``s are not drawn here: a front end reports them as errors.
public func renderFavoritePrimes(_ state: FavoritePrimesState) -> [String] {
  guard !state.favoritePrimes.isEmpty else { return ["No favorite primes yet."] }
  return state.favoritePrimes.enumerated().map { "\($0.offset + 1). \($0.element)" }
}

/// What a front end says after a save that recorded no problem: how many favourites the list saved holds,
/// `Saved 3 favorite primes.` or `Saved 1 favorite prime.`
public func renderFavoritePrimesSaved(_ state: FavoritePrimesState) -> [String] {
  let count = state.favoritePrimes.count
  return ["Saved \(count) favorite \(count == 1 ? "prime" : "primes")."]
}

/// What a front end says after an export, import or backup that recorded no problem: the
/// ``FavoritePrimesNotice``'s one line, or nothing if there is none.
public func renderFavoritePrimesNotice(_ state: FavoritePrimesState) -> [String] {
  state.notice.map { [$0.description] } ?? []
}

/// The offsets (0 is the first) of `positions` as ``renderFavoritePrimes(_:)`` numbers them (1 is the first):
/// what ``FavoritePrimesAction/deleteFavoritePrimes(_:)`` takes. Whether the list has them is the reducer's
/// to say; a position below 1, which no command produces, becomes offset -1, which it refuses as position 0.
public func favoritePrimesOffsets(ofPositions positions: [Int]) -> FavoritePrimeOffsets {
  FavoritePrimeOffsets(positions.map { max($0, 0) - 1 })
}
