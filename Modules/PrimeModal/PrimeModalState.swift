public import FavoriteList
import Primes

/// What the is-this-prime modal shows: the count, and the favourite primes it may add it to.
///
/// `Codable` as Swift synthesizes it, for prime-modal-demo's recordings: `{"count":7,"favoritePrimes":{"primes":[2,7]}}`.
public struct PrimeModalState: Equatable, Sendable, Codable {
  /// The number the modal is about.
  public var count: Int
  /// The favourite primes, in the order they were added, each at most once, with the changes not saved yet.
  public var favoritePrimes: FavoriteList
  /// Why the last button did not change the favourites, until the next modal action.
  public var problem: PrimeModalProblem?

  /// Creates the modal's state.
  public init(count: Int, favoritePrimes: FavoriteList, problem: PrimeModalProblem? = nil) {
    self.count = count
    self.favoritePrimes = favoritePrimes
    self.problem = problem
  }

  /// Whether the count is prime: the modal's answer, and whether it offers a button at all.
  public var isCountPrime: Bool { isPrime(count) }

  /// Whether the count is one of the favourites: the modal then offers to remove it, else to save it.
  public var isCountFavorite: Bool { favoritePrimes.contains(count) }
}
