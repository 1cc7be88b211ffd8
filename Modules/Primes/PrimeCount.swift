/// Why ``primeCount(_:isCancelled:)`` gave no count.
public enum PrimeCountError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `x` is beyond what this engine counts up to.
  case beyondLimit(x: Int, limit: Int)

  /// One sentence a person can act on.
  public var description: String {
    switch self {
    case let .beyondLimit(x, limit):
      "Counting the primes up to \(x) is beyond what PrimeTime computes; ask for \(limit) or less."
    }
  }
}

/// The largest `x` for which ``primeCount(_:isCancelled:)`` counts the primes up to `x`: 10^12.
public let primeCountLimit = 1_000_000_000_000

/// π(x), the number of primes up to `x`: `primeCount(10)` is 4; 0 for any `x` below 2.
///
/// Uses the Lagarias–Miller–Odlyzko method (of the Meissel–Lehmer family, with Deléglise and Rivat's easy
/// leaves) above 2^20 and a segmented sieve below, in time about `x^(2/3)` and memory about `√x` bits and
/// `√x / ln x` words: π(10^12) takes a few hundredths of a second in a release build.
///
/// - Parameter isCancelled: asked every few milliseconds; once it answers `true`, counting stops and throws
///   `CancellationError`.
/// - Throws: ``PrimeCountError/beyondLimit(x:limit:)`` for `x >` ``primeCountLimit`` (before asking
///   `isCancelled`), `CancellationError` when cancelled.
public func primeCount(_ x: Int, isCancelled: () -> Bool = { false }) throws -> Int {
  guard x <= primeCountLimit else { throw PrimeCountError.beyondLimit(x: x, limit: primeCountLimit) }
  guard x >= 2 else { return 0 }
  return try withoutActuallyEscaping(isCancelled) { isCancelled in
    let monitor = ComputationMonitor(isCancelled: isCancelled, report: { _ in })
    try monitor.check()
    return try PrimeCounter(x: x).count(monitor: monitor)
  }
}
