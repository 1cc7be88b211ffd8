/// Why ``nthPrime(_:isCancelled:progress:)`` gave no prime.
public enum NthPrimeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Primes are counted from the 1st; `n` was zero or negative.
  case notPositive(Int)
  /// `n` is beyond what this engine computes.
  case beyondLimit(n: Int, limit: Int)
  /// The search ended without the answer, which the bounds it relies on rule out: a defect, reported
  /// rather than trapped on or answered wrongly.
  case searchFailed(n: Int)

  /// One sentence a person can act on.
  public var description: String {
    switch self {
    case let .notPositive(n):
      "There is no \(ordinal(n)) prime: primes are counted from the 1st."
    case let .beyondLimit(n, limit):
      "The \(ordinal(n)) prime is beyond what PrimeTime computes; ask for the \(ordinal(limit)) or earlier."
    case let .searchFailed(n):
      "The search for the \(ordinal(n)) prime ended without it; this is a bug in PrimeTime, please report it."
    }
  }
}
