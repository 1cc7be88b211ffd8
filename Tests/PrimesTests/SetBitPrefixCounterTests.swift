import Testing

@testable import Primes

/// Counting the set bits below a growing bound, each word read once; a bound below 0 counts nothing and one
/// past the end counts every bit.
@Suite(.timeLimit(.minutes(2)))
struct SetBitPrefixCounterTests {
  static let pattern: [UInt64] = [0xF0F0_1234_8000_0001, ~0, 0, 0x8000_0000_0000_0001]
  static let total = 15 + 64 + 0 + 2

  /// The set bits of `pattern` below bit `end`, counted one bit at a time.
  static func expected(below end: Int) -> Int {
    (0..<min(max(end, 0), 64 * pattern.count)).count { pattern.bit($0) }
  }

  @Test func countsBelowEveryBoundFromAFreshCounter() {
    var mismatches: [Int] = []
    var words = Self.pattern
    words.withUnsafeMutableBufferPointer { buffer in
      for end in -2...(64 * Self.pattern.count + 2) {
        var counter = SetBitPrefixCounter(buffer)
        if counter.count(below: end) != Self.expected(below: end) { mismatches.append(end) }
      }
    }
    #expect(mismatches == [])
  }

  @Test func countsBelowEachOfAGrowingRunOfBoundsFromOneCounter() {
    var mismatches: [Int] = []
    var words = Self.pattern
    words.withUnsafeMutableBufferPointer { buffer in
      var counter = SetBitPrefixCounter(buffer)
      for end in -2...(64 * Self.pattern.count + 2) {
        if counter.count(below: end) != Self.expected(below: end) { mismatches.append(end) }
      }
    }
    #expect(mismatches == [])
  }

  /// Bounds at the edges of words, then some far apart, asked of one counter in turn.
  @Test func countsAtWordEdgesAndAcrossSkippedWords() {
    var words = Self.pattern
    let counts = words.withUnsafeMutableBufferPointer { buffer in
      var counter = SetBitPrefixCounter(buffer)
      return [0, 1, 63, 64, 64, 65, 128, 200, 255, 256].map { counter.count(below: $0) }
    }
    #expect(counts == [0, 1, 14, 15, 15, 16, 79, 80, 80, 81])
  }

  @Test(arguments: [-1, Int.min])
  func countsNothingBelowZero(_ end: Int) {
    var words = Self.pattern
    let counts = words.withUnsafeMutableBufferPointer { buffer in
      var counter = SetBitPrefixCounter(buffer)
      return [counter.count(below: end), counter.count(below: 64)]
    }
    #expect(counts == [0, 15])
  }

  @Test(arguments: [256, 257, 1000, Int.max])
  func countsEveryBitAtOrPastTheEnd(_ end: Int) {
    var words = Self.pattern
    let counts = words.withUnsafeMutableBufferPointer { buffer in
      var counter = SetBitPrefixCounter(buffer)
      return [counter.count(below: 70), counter.count(below: end), counter.countAll()]
    }
    #expect(counts == [21, Self.total, Self.total])
  }

  @Test func countAllCountsTheWordsPastTheLastBound() {
    var words = Self.pattern
    let counts = words.withUnsafeMutableBufferPointer { buffer in
      var counter = SetBitPrefixCounter(buffer)
      return [counter.count(below: 130), counter.countAll(), counter.countAll()]
    }
    #expect(counts == [79, Self.total, Self.total])
  }

  @Test func anEmptyBufferHasNoSetBits() {
    var counter = SetBitPrefixCounter(UnsafeMutableBufferPointer(start: nil, count: 0))
    let counts = [counter.count(below: -1), counter.count(below: 0), counter.count(below: 5), counter.countAll()]
    #expect(counts == [0, 0, 0, 0])
  }
}
