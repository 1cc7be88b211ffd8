/// What the is-this-prime modal shows: the count, and the favourite primes it may add it to.
public struct PrimeModalState: Equatable, Sendable {
  /// The number the modal is about.
  public var count: Int
  /// The favourite primes, in the order they were added, each at most once.
  public var favoritePrimes: [Int]

  /// Creates the modal's state.
  public init(count: Int, favoritePrimes: [Int]) {
    self.count = count
    self.favoritePrimes = favoritePrimes
  }
}
