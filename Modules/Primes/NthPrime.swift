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

/// The largest `n` for which ``nthPrime(_:isCancelled:progress:)`` computes the nth prime: 10^10, whose
/// prime is 252,097,800,623.
public let nthPrimeLimit = 10_000_000_000

/// The nth prime, counting 2 as the 1st: `nthPrime(7)` is 17.
///
/// Small `n` are found by sieving from 2. For larger `n` the engine estimates the nth prime, counts the primes
/// up to the estimate exactly with ``primeCount(_:isCancelled:)``'s method, then sieves the short way from
/// the estimate to the answer. Memory stays under a few megabytes; the 10^10th prime takes under a tenth of a
/// second in a release build.
///
/// - Parameters:
///   - isCancelled: asked every few milliseconds (far more often in a debug build); once it answers `true`,
///     the computation stops and throws `CancellationError`.
///   - progress: told how far the computation is, in whole percents: 0 first, then increasing values, each
///     at most once, and 100 just before the answer is returned. A quick computation reports only 0 and 100.
/// - Throws: ``NthPrimeError`` for `n < 1` or `n >` ``nthPrimeLimit`` (before asking `isCancelled` or
///   reporting anything), `CancellationError` when cancelled, and ``NthPrimeError/searchFailed(n:)`` in place of
///   a wrong answer should the engine have a defect.
public func nthPrime(
  _ n: Int,
  isCancelled: () -> Bool = { false },
  progress: (Int) -> Void = { _ in }
) throws -> Int {
  guard n >= 1 else { throw NthPrimeError.notPositive(n) }
  guard n <= nthPrimeLimit else { throw NthPrimeError.beyondLimit(n: n, limit: nthPrimeLimit) }
  return try withoutActuallyEscaping(isCancelled) { isCancelled in
    try withoutActuallyEscaping(progress) { progress in
      let monitor = ComputationMonitor(isCancelled: isCancelled, report: progress)
      try monitor.check()
      let prime = try NthPrimeSearch(n: n, monitor: monitor).prime()
      monitor.finish()
      return prime
    }
  }
}

/// The two ways to the nth prime: sieving from 2, or counting up to an estimate and sieving the rest.
struct NthPrimeSearch {
  /// Up to this n, sieving from 2 is as fast as counting.
  static let sievingLimit = 200_000

  let n: Int
  let monitor: ComputationMonitor

  func prime() throws -> Int {
    if n == 1 { return 2 }
    if n <= Self.sievingLimit {
      let bound = nthPrimeUpperBound(n)
      monitor.expect(totalUnits: bound / PrimeCounter.segmentSpan + 1)
      return try primeAbove(0, rank: n - 1, limit: bound)
    }
    let estimate = estimatedNthPrime(n)
    let counter = PrimeCounter(x: estimate)
    monitor.expect(totalUnits: PrimeCounter.workUnits(upTo: estimate) + 1)
    let count = try counter.count(monitor: monitor)
    let limit = estimate + estimate / 8 + (1 << 20)
    if count >= n {
      return try primeAtOrBelow(estimate, rank: count - n + 1, limit: limit)
    }
    return try primeAbove(estimate, rank: n - count, limit: limit)
  }

  /// The `rank`th odd prime above `start` (1 is the first); it must be below `limit`.
  private func primeAbove(_ start: Int, rank: Int, limit: Int) throws -> Int {
    let sieve = OddSegmentSieve(limit: limit, wordCount: 2048)
    var low = (start + 1) / 128 * 128
    var rank = rank
    while low < limit {
      try monitor.check()
      sieve.sieve(from: low)
      let words = sieve.words
      if start >= low {
        // Drop the numbers up to start from the first segment.
        let bits = (start - low + 1) >> 1
        for index in 0..<(bits >> 6) { words[index] = 0 }
        if bits & 63 != 0 { words[bits >> 6] &= ~((1 << UInt64(bits & 63)) &- 1) }
      }
      for index in 0..<words.count {
        let count = words[index].nonzeroBitCount
        if rank > count {
          rank -= count
          continue
        }
        var word = words[index]
        for _ in 1..<rank { word &= word &- 1 }
        return low + 2 * (64 * index + word.trailingZeroBitCount) + 1
      }
      monitor.advance(by: 1)
      low += sieve.span
    }
    // The Rosser–Schoenfeld bound puts the nth prime below `limit`.
    throw NthPrimeError.searchFailed(n: n)
  }

  /// The `rank`th prime at or below `start`, counting down (`start` itself, if prime, is the first); `start`
  /// is above 2^20, so the answer is odd.
  private func primeAtOrBelow(_ start: Int, rank: Int, limit: Int) throws -> Int {
    let sieve = OddSegmentSieve(limit: limit, wordCount: 2048)
    var low = start / 128 * 128
    var rank = rank
    while low >= 0 {
      try monitor.check()
      sieve.sieve(from: low)
      let words = sieve.words
      // Drop the numbers above start from the segment.
      let kept = (start - low + 1) >> 1
      if kept < words.count * 64 {
        if kept & 63 != 0 {
          words[kept >> 6] &= (1 << UInt64(kept & 63)) &- 1
        } else {
          words[kept >> 6] = 0
        }
        for index in ((kept >> 6) + 1)..<words.count { words[index] = 0 }
      }
      for index in stride(from: words.count - 1, through: 0, by: -1) {
        let count = words[index].nonzeroBitCount
        if rank > count {
          rank -= count
          continue
        }
        var word = words[index]
        for _ in 1..<rank { word &= ~(1 << UInt64(63 - word.leadingZeroBitCount)) }
        return low + 2 * (64 * index + 63 - word.leadingZeroBitCount) + 1
      }
      monitor.advance(by: 1)
      low -= sieve.span
    }
    // The count said there were enough primes below `start`.
    throw NthPrimeError.searchFailed(n: n)
  }
}
