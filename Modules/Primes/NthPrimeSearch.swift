import Platform

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
      return try primeAbove(0, rank: n - 1, sieve: OddSegmentSieve(limit: bound, wordCount: 2048))
    }
    let estimate = estimatedNthPrime(n)
    let limit = estimate + estimate / 8 + (1 << 20)
    // One list of primes for the count and the sieve after it, which reaches a little further.
    let primes = try Primes.primes(upTo: integerSquareRoot(limit) + 1, check: monitor.check)
    let counter = PrimeCounter(x: estimate)
    monitor.expect(totalUnits: PrimeCounter.workUnits(upTo: estimate) + 1)
    let count = try counter.count(primes: primes, monitor: monitor)
    // The answer is about |count - n| ln(estimate) numbers away. Each segment starts by finding the first
    // multiple of every sieving prime (400,000 of them at 10^12), which costs more than crossing a few
    // hundred thousand numbers off: one segment a quarter longer than that distance, most often the only one.
    let distance = Double(count.distance(to: n).magnitude) * log(Double(estimate)) * 1.25
    let words = Int(min(max(distance / 128, 64), Double(OddSegmentSieve.maxWords)))
    let sieve = OddSegmentSieve(limit: limit, primes: primes, wordCount: words)
    if count >= n {
      return try primeAtOrBelow(estimate, rank: count - n + 1, sieve: sieve)
    }
    return try primeAbove(estimate, rank: n - count, sieve: sieve)
  }

  /// The `rank`th odd prime above `start` (1 is the first), by `sieve`; it must be below the sieve's limit.
  private func primeAbove(_ start: Int, rank: Int, sieve: OddSegmentSieve) throws -> Int {
    let limit = sieve.limit
    var low = (start + 1) / 128 * 128
    var rank = rank
    while low < limit {
      try monitor.check()
      sieve.sieve(from: low)
      let words = sieve.words
      if start >= low {
        // Drop the numbers up to start from the first segment.
        words.clearBits(below: (start - low + 1) >> 1)
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

  /// The `rank`th prime at or below `start`, counting down (`start` itself, if prime, is the first), by
  /// `sieve`, whose limit is above `start`; `start` is above 2^20, so the answer is odd.
  private func primeAtOrBelow(_ start: Int, rank: Int, sieve: OddSegmentSieve) throws -> Int {
    var top = start  // the largest number not looked at yet
    var rank = rank
    while top >= 0 {
      try monitor.check()
      // The segment that ends at top (or starts at 0): the answer is below start, not above it.
      let low = max(top - sieve.span + 128, 0) / 128 * 128
      sieve.sieve(from: low)
      let words = sieve.words
      // Drop the numbers above top from the segment.
      words.clearBits(from: (top - low + 1) >> 1)
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
      top = low - 1
    }
    // The count said there were enough primes below `start`.
    throw NthPrimeError.searchFailed(n: n)
  }
}
