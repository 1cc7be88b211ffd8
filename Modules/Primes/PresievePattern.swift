/// The odd numbers that 3, 5, 7, 11 and 13 do not divide, as a repeating row of bits that a segment of a
/// sieve copies in one pass instead of crossing those primes off one multiple at a time.
///
/// Bit `j` of a segment from `low` (a multiple of 128) stands for `low + 2j + 1`, as in ``OddSegmentSieve``.
/// The copied segment has the primes 3 to 13 themselves cleared too: what is left is what φ(·, 6) counts.
struct PresievePattern {
  /// The primes the pattern removes, 2 aside (only odd numbers are represented).
  static let primes = [3, 5, 7, 11, 13]
  /// The pattern repeats every `3 × 5 × 7 × 11 × 13` odd numbers.
  static let period = 15015

  /// The largest segment, in words, ``fill(_:from:)`` is asked to fill.
  let maxWords: Int
  /// `period + 64 × (maxWords + 1)` bits of the pattern from odd number 1, so that a segment starting at any
  /// phase can be read without wrapping.
  private let bits: [UInt64]

  /// The pattern for segments of up to 4096 words, which every sieve of the engine uses.
  static let shared = PresievePattern(maxWords: 4096)

  init(maxWords: Int) {
    self.maxWords = maxWords
    let bitCount = Self.period + 64 * (maxWords + 2)
    var bits = [UInt64](repeating: 0, count: bitCount / 64 + 1)
    // The first period (to the end of its last word) bit by bit, then each word from the one a period back.
    let firstWords = Self.period / 64 + 1
    for j in 0..<(64 * firstWords) where Self.primes.allSatisfy({ (2 * j + 1) % $0 != 0 }) {
      bits[j >> 6] |= 1 << UInt64(j & 63)
    }
    for w in firstWords..<bits.count {
      let source = 64 * w - Self.period
      let shift = UInt64(source & 63)
      let low = bits[source >> 6] &>> shift
      bits[w] = shift == 0 ? low : low | bits[(source >> 6) + 1] &<< (64 - shift)
    }
    self.bits = bits
  }

  /// Sets `words` to the pattern for the segment from `low`, a non-negative multiple of 128;
  /// `words.count` is at most ``maxWords``.
  func fill(_ words: UnsafeMutableBufferPointer<UInt64>, from low: Int) {
    let start = (low >> 1) % Self.period
    let shift = UInt64(start & 63)
    let first = start >> 6
    bits.withUnsafeBufferPointer { bits in
      if shift == 0 {
        for w in 0..<words.count { words[w] = bits[first &+ w] }
      } else {
        let back = 64 &- shift
        var current = bits[first]
        for w in 0..<words.count {
          let next = bits[first &+ w &+ 1]
          words[w] = (current &>> shift) | (next &<< back)
          current = next
        }
      }
    }
  }
}
