import Primes

/// The answer to "What is the nth prime?", shown as an alert until dismissed.
public struct PrimeAlert: Equatable, Identifiable, Sendable {
  /// Which prime was asked for.
  public let n: Int
  /// The answer.
  public let prime: Int

  /// Creates the alert for the `n`th prime, `prime`.
  public init(n: Int, prime: Int) {
    self.n = n
    self.prime = prime
  }

  /// The alert's identity: the prime it shows.
  public var id: Int { prime }

  /// `The 7th prime is 17`.
  public var title: String { "The \(ordinal(n)) prime is \(prime)" }
}
