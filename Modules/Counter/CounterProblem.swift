import Primes

/// Why the counter's last action did not do what was asked, in words a person can act on.
public enum CounterProblem: Equatable, Sendable, CustomStringConvertible, Codable {
  /// Incrementing at `Int.max`: the count stayed.
  case countAtMaximum
  /// Decrementing at `Int.min`: the count stayed.
  case countAtMinimum
  /// The nth prime of a count below 1 was asked for: nothing was computed.
  case noSuchPrime(n: Int)
  /// The nth prime was asked beyond what the environment answers: nothing was computed.
  case nthPrimeBeyondLimit(n: Int, limit: Int)
  /// Computing the nth prime failed.
  case nthPrimeFailed(n: Int)
  /// OK was tapped with neither the modal nor an nth-prime answer showing.
  case nothingToDismiss

  /// The sentence to show.
  public var description: String {
    switch self {
    case .countAtMaximum:
      "The count is already \(Int.max), the largest it can be."
    case .countAtMinimum:
      "The count is already \(Int.min), the smallest it can be."
    case let .noSuchPrime(n):
      "There is no \(ordinal(n)) prime: primes are counted from the 1st. Count up to 1 or more first."
    case let .nthPrimeBeyondLimit(n, limit):
      NthPrimeError.beyondLimit(n: n, limit: limit).description
    case let .nthPrimeFailed(n):
      "Couldn't find the \(ordinal(n)) prime. Try again, or ask for a smaller one."
    case .nothingToDismiss:
      "Nothing to dismiss: no modal or nth-prime answer is showing."
    }
  }
}
