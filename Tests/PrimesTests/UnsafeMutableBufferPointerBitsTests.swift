import Testing

@testable import Primes

/// The sieve's bit helpers: `UInt64(lowBits:)` and clearing the bits of a buffer from or below a bit, with a
/// bit number below 0 standing for the start of the buffer and one past its end for the end.
@Suite(.timeLimit(.minutes(2)))
struct UnsafeMutableBufferPointerBitsTests {
  static let allOnes: [UInt64] = [~0, ~0, ~0]
  static let pattern: [UInt64] = [0xF0F0_1234_8000_0001, 0x8000_0000_0000_0001, 0x0123_4567_89AB_CDEF]

  @Test(arguments: [
    (Int.min, 0), (-1, 0), (0, 0), (1, 1), (2, 3), (63, UInt64.max >> 1), (64, .max), (65, .max),
    (Int.max, .max),
  ] as [(Int, UInt64)])
  func lowBitsSetsExactlyTheLowestBits(_ count: Int, _ word: UInt64) {
    #expect(UInt64(lowBits: count) == word)
  }

  @Test(arguments: [
    (0, [0, 0, 0]), (1, [1, 0, 0]), (64, [~0, 0, 0]), (70, [~0, 0x3F, 0]), (191, [~0, ~0, UInt64.max >> 1]),
    (192, [~0, ~0, ~0]), (193, [~0, ~0, ~0]), (Int.max, [~0, ~0, ~0]), (-1, [0, 0, 0]), (Int.min, [0, 0, 0]),
  ] as [(Int, [UInt64])])
  func clearingFromABitKeepsOnlyTheBitsBelowIt(_ first: Int, _ expected: [UInt64]) {
    #expect(applied(to: Self.allOnes) { $0.clearBits(from: first) } == expected)
  }

  @Test(arguments: [
    (0, [~0, ~0, ~0]), (1, [~1, ~0, ~0]), (64, [0, ~0, ~0]), (70, [0, ~0x3F, ~0]), (191, [0, 0, 1 << 63]),
    (192, [0, 0, 0]), (193, [0, 0, 0]), (Int.max, [0, 0, 0]), (-1, [~0, ~0, ~0]), (Int.min, [~0, ~0, ~0]),
  ] as [(Int, [UInt64])])
  func clearingBelowABitKeepsOnlyTheBitsFromItOn(_ end: Int, _ expected: [UInt64]) {
    #expect(applied(to: Self.allOnes) { $0.clearBits(below: end) } == expected)
  }

  /// Every bit number from before the start to past the end, on a mixed pattern, against clearing bit by bit.
  @Test func clearingAgreesWithClearingOneBitAtATime() {
    var mismatches: [String] = []
    for n in -2...(64 * Self.pattern.count + 2) {
      let from = applied(to: Self.pattern) { $0.clearBits(from: n) }
      if from != Self.pattern.keepingBits(where: { $0 < n }) { mismatches.append("from \(n)") }
      let below = applied(to: Self.pattern) { $0.clearBits(below: n) }
      if below != Self.pattern.keepingBits(where: { $0 >= n }) { mismatches.append("below \(n)") }
    }
    #expect(mismatches == [])
  }

  @Test func clearingAnEmptyBufferDoesNothing() {
    let empty = UnsafeMutableBufferPointer<UInt64>(start: nil, count: 0)
    for n in [Int.min, -1, 0, 1, 64, Int.max] {
      empty.clearBits(from: n)
      empty.clearBits(below: n)
    }
    #expect(empty.isEmpty)
  }
}

/// `words` after `change` has run on a copy of them.
func applied(to words: [UInt64], _ change: (UnsafeMutableBufferPointer<UInt64>) -> Void) -> [UInt64] {
  var copy = words
  copy.withUnsafeMutableBufferPointer { change($0) }
  return copy
}

extension [UInt64] {
  /// Whether bit `j` is set, bit `j & 63` of word `j >> 6`.
  func bit(_ j: Int) -> Bool {
    self[j >> 6] >> UInt64(j & 63) & 1 == 1
  }

  /// These words with each set bit kept only where `keeps` holds for its number, built one bit at a time.
  func keepingBits(where keeps: (Int) -> Bool) -> [UInt64] {
    var result = [UInt64](repeating: 0, count: count)
    for j in 0..<(64 * count) where bit(j) && keeps(j) {
      result[j >> 6] |= 1 << UInt64(j & 63)
    }
    return result
  }
}
