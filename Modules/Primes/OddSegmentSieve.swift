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
  /// The words of ``words`` and one more past them.
  private let storage: UnsafeMutablePointer<UInt64>

  /// The longest segment, in words: 128 KiB, two million numbers.
  static let maxWords = 16384

  /// A sieve for the numbers below `limit`, which must be at most a few times 10^13, in segments of
  /// `wordCount` words (at most ``maxWords``).
  convenience init(limit: Int, wordCount: Int = 4096) {
    self.init(limit: limit, primes: primes(upTo: integerSquareRoot(max(limit, 0)) + 1), wordCount: wordCount)
  }

  /// A sieve for the numbers below `limit` from `primes`, the primes from 2 up to at least `√limit` in
  /// order (more are never used), in segments of `wordCount` words (at most ``maxWords``).
  init(limit: Int, primes: [Int], wordCount: Int) {
    let wordCount = min(max(wordCount, 1), Self.maxWords)
    self.limit = limit
    self.span = 128 * wordCount
    // One word more than the segment: the crossing of a large prime that has no multiple in the segment
    // goes there (see sieve(from:)); words covers the segment alone.
    storage = .allocate(capacity: wordCount + 1)
    self.words = UnsafeMutableBufferPointer(start: storage, count: wordCount)
    self.sievingPrimes = primes
  }

  deinit {
    storage.deallocate()
  }

  /// Sieves the segment `[low, low + span)`; `low` is a non-negative multiple of 128.
  func sieve(from low: Int) {
    let words = self.words
    // The pattern, a piece of at most its longest at a time.
    let piece = PresievePattern.shared.maxWords
    for start in stride(from: 0, to: words.count, by: piece) {
      let end = min(start + piece, words.count)
      PresievePattern.shared.fill(UnsafeMutableBufferPointer(rebasing: words[start..<end]), from: low + 128 * start)
    }
    let high = low + span
    let bitCount = words.count * 64
    // The word past the segment, allocated with it.
    let storage = self.storage
    let spare = words.count
    for p in sievingPrimes.dropFirst(6) {
      let square = p * p
      if square >= high { break }
      var start = square >= low ? square : floorQuotient(low + p - 1, p) * p
      start &+= p & ((start & 1) &- 1)  // the next odd multiple if start is even, without a branch
      var bit = (start - low) >> 1
      if p >= bitCount {
        // At most one multiple in the segment, whether there is one as unpredictable as a coin: crossed off
        // without a branch, in the spare word (index words.count, allocated) when it falls past the end.
        let index = bit < bitCount ? bit &>> 6 : spare
        storage[index] &= ~(1 &<< UInt64(truncatingIfNeeded: bit & 63))
        continue
      }
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
