import Testing

@testable import Primes

/// The pattern of odd numbers free of 3, 5, 7, 11 and 13 that the sieves start each segment from.
@Suite(.timeLimit(.minutes(2)))
struct PresievePatternTests {
  /// Segments at many phases of the pattern's period, the largest lengths included.
  @Test(arguments: [0, 128, 15_015 * 128, 1_000_064, 30_030 * 64, 29_996_224_275_712, 1 << 44])
  func aSegmentHoldsExactlyTheOddNumbersFreeOfTheSmallPrimes(_ low: Int) {
    for wordCount in [1, 7, 2048, 4096] {
      let words = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: wordCount)
      defer { words.deallocate() }
      PresievePattern.shared.fill(words, from: low)
      let wrong = (0..<(64 * wordCount)).filter { j in
        let n = low + 2 * j + 1
        let expected = [3, 5, 7, 11, 13].allSatisfy { n % $0 != 0 }
        return (words[j >> 6] >> UInt64(j & 63)) & 1 == 1 ? !expected : expected
      }
      #expect(wrong.isEmpty, "low \(low), \(wordCount) words: wrong at bits \(wrong.prefix(5))")
    }
  }

  /// A segment longer than the pattern is filled a piece at a time: its primes are those of a plain sieve.
  @Test(arguments: [0, 1 << 21])
  func aSegmentLongerThanThePatternHoldsExactlyItsOddPrimes(_ low: Int) {
    let sieve = OddSegmentSieve(limit: 1 << 23, wordCount: OddSegmentSieve.maxWords)
    sieve.sieve(from: low)
    var found: [Int] = []
    for j in 0..<(64 * sieve.words.count) where (sieve.words[j >> 6] >> UInt64(j & 63)) & 1 == 1 {
      found.append(low + 2 * j + 1)
    }
    let expected = PrimeTable(below: low + sieve.span).primes.filter { $0 > max(low, 2) }
    #expect(found == expected)
  }

  @Test func segmentsLongerThanTheLongestAreShortenedToIt() {
    let sieve = OddSegmentSieve(limit: 1000, wordCount: 1 << 20)
    #expect(sieve.span == 128 * OddSegmentSieve.maxWords)
  }
}
