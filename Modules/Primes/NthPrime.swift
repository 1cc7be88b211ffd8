/// Why ``nthPrime(_:isCancelled:)`` gave no prime.
public enum NthPrimeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Primes are counted from the 1st; `n` was zero or negative.
  case notPositive(Int)
  /// `n` is beyond what this engine computes.
  case beyondLimit(n: Int, limit: Int)

  /// One sentence a person can act on.
  public var description: String {
    switch self {
    case let .notPositive(n):
      "There is no \(ordinal(n)) prime: primes are counted from the 1st."
    case let .beyondLimit(n, limit):
      "The \(ordinal(n)) prime is beyond what PrimeTime computes; ask for the \(ordinal(limit)) or earlier."
    }
  }
}

/// The largest `n` for which ``nthPrime(_:isCancelled:)`` computes the nth prime.
public let nthPrimeLimit = 10_000_000

/// The nth prime, counting 2 as the 1st: `nthPrime(7)` is 17.
///
/// Sieves segment by segment, in memory that does not grow with `n`, and calls `isCancelled` between
/// segments (every millisecond or so), throwing `CancellationError` as soon as it answers `true`.
///
/// - Throws: ``NthPrimeError`` for `n < 1` or `n >` ``nthPrimeLimit``, `CancellationError` when cancelled.
public func nthPrime(_ n: Int, isCancelled: () -> Bool = { false }) throws -> Int {
  guard n >= 1 else { throw NthPrimeError.notPositive(n) }
  guard n <= nthPrimeLimit else { throw NthPrimeError.beyondLimit(n: n, limit: nthPrimeLimit) }
  if n == 1 { return 2 }
  return try OddSieve().oddPrime(number: n - 1, isCancelled: isCancelled)
}

/// A segmented sieve of Eratosthenes over the odd numbers from 3.
private struct OddSieve {
  /// Odd numbers per segment: 64 Ki flags, small enough to stay in a core's cache.
  let segmentLength = 1 << 16

  /// The odd primes below 2^16, which sieve every number below 2^32: past the largest nth prime asked for.
  static let sievingPrimes: [Int] = {
    let bound = 1 << 16
    var isComposite = [Bool](repeating: false, count: bound)
    var primes: [Int] = []
    var candidate = 3
    while candidate < bound {
      if !isComposite[candidate] {
        primes.append(candidate)
        var multiple = candidate * candidate
        while multiple < bound {
          isComposite[multiple] = true
          multiple += 2 * candidate
        }
      }
      candidate += 2
    }
    return primes
  }()

  /// The `number`th odd prime (3 is the 1st).
  func oddPrime(number: Int, isCancelled: () -> Bool) throws -> Int {
    var found = 0
    var low = 3
    var isPrime = [Bool](repeating: true, count: segmentLength)
    while true {
      if isCancelled() { throw CancellationError() }
      let high = low + 2 * segmentLength
      for index in isPrime.indices {
        isPrime[index] = true
      }
      for p in Self.sievingPrimes {
        let square = p * p
        guard square < high else { break }
        var start = max(square, (low + p - 1) / p * p)
        if start % 2 == 0 {
          start += p
        }
        var index = (start - low) / 2
        while index < segmentLength {
          isPrime[index] = false
          index += p
        }
      }
      for index in isPrime.indices where isPrime[index] {
        found += 1
        if found == number {
          return low + 2 * index
        }
      }
      low = high
    }
  }
}
