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
      words.clearBits(from: (start - low + 1) >> 1)
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
