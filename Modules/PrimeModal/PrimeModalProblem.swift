/// Why the modal's last button did not change the favourite primes, in words a person can act on.
///
/// The modal records it in ``PrimeModalState/problem``; the next modal action clears it.
public enum PrimeModalProblem: Error, Equatable, Sendable, CustomStringConvertible, Codable {
  /// Saving was refused: the count is already a favourite.
  case alreadyFavorite(Int)
  /// Saving was refused: the count is not prime.
  case notPrime(Int)
  /// Removing was refused: the count is not a favourite.
  case notFavorite(Int)

  /// The sentence to show: `7 is already a favorite prime.`
  public var description: String {
    switch self {
    case let .alreadyFavorite(count): "\(count) is already a favorite prime."
    case let .notPrime(count): "\(count) is not prime, so it can't be a favorite prime."
    case let .notFavorite(count): "\(count) is not a favorite prime."
    }
  }
}
