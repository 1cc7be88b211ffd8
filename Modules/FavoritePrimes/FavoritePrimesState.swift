/// The favourite primes screen's state.
public struct FavoritePrimesState: Equatable, Sendable {
  /// The favourite primes, in the order they were added.
  public var favoritePrimes: [Int]
  /// Why the last load or save failed, until the next action.
  public var problem: FavoritePrimesProblem?

  /// Creates the screen's state.
  public init(favoritePrimes: [Int] = [], problem: FavoritePrimesProblem? = nil) {
    self.favoritePrimes = favoritePrimes
    self.problem = problem
  }
}
