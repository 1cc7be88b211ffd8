/// A segmented sieve of Eratosthenes over the odd numbers below `limit`, one segment of
/// `128 × wordCount` numbers at a time, in memory that does not grow with `limit`.
///
/// After ``sieve(from:)``, bit `j` of ``words`` is set exactly when `low + 2j + 1` is a prime below `limit`;
/// 2, the even prime, is left to the caller.
final class OddSegmentSieve {
  /// The numbers one segment covers.
  let span: Int
  /// The segment's flags, 64 odd numbers to a word.
  let words: UnsafeMutableBufferPointer<UInt64>
  /// The sieve leaves no number from `limit` on.
  let limit: Int
  /// The sieving primes, 2 to 13 included, which the loop skips: the pattern has removed 3 to 13.
  private let sievingPrimes: [Int]

  /// A sieve for the numbers below `limit`, which must be at most a few times 10^13, in segments of
  /// `wordCount` words (at most 4096, the presieve pattern's longest).
  convenience init(limit: Int, wordCount: Int = 4096) {
    self.init(limit: limit, primes: primes(upTo: integerSquareRoot(max(limit, 0)) + 1), wordCount: wordCount)
  }

  /// A sieve for the numbers below `limit` from `primes`, the primes from 2 up to at least `√limit` in
  /// order (more are never used), in segments of `wordCount` words (at most 4096).
  init(limit: Int, primes: [Int], wordCount: Int) {
    let wordCount = min(max(wordCount, 1), PresievePattern.shared.maxWords)
    self.limit = limit
    self.span = 128 * wordCount
    self.words = .allocate(capacity: wordCount)
    self.sievingPrimes = primes
  }

  deinit {
    words.deallocate()
  }

  /// Sieves the segment `[low, low + span)`; `low` is a non-negative multiple of 128.
  func sieve(from low: Int) {
    let words = self.words
    PresievePattern.shared.fill(words, from: low)
    let high = low + span
    let bitCount = words.count * 64
    for p in sievingPrimes.dropFirst(6) {
      let square = p * p
      if square >= high { break }
      var start = square >= low ? square : (low + p - 1) / p * p
      if start & 1 == 0 { start += p }
      var bit = (start - low) >> 1
      while bit < bitCount {
        words[bit &>> 6] &= ~(1 &<< UInt64(truncatingIfNeeded: bit))
        bit &+= p
      }
    }
    if low == 0 {
      // 1 is not prime; 3, 5, 7, 11 and 13 are, though the pattern removed them.
      words[0] = words[0] & ~1 | 0b110_1110
    }
    if limit < high {
      words.clearBits(from: max(limit - low, 0) / 2)
    }
  }
}
