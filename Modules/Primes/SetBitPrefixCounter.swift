/// Counts the set bits of a buffer below a bound that only grows, reading each whole word once however
/// many bounds are asked about; bit `j` is bit `j & 63` of word `j >> 6`.
///
/// The buffer must stay allocated, and its words below the last bound unchanged, while the counter is used.
struct SetBitPrefixCounter {
  private let words: UnsafeMutableBufferPointer<UInt64>
  /// The bits of `words`.
  private let bitCount: Int
  /// The words already summed into `counted`.
  private var countedWords = 0
  private var counted = 0

  init(_ words: UnsafeMutableBufferPointer<UInt64>) {
    self.words = words
    self.bitCount = words.count * 64
  }

  /// The set bits below bit `end`, which must be at least every bound asked before; below 0 counts nothing,
  /// at or past the last bit counts every bit.
  @inline(__always)
  mutating func count(below end: Int) -> Int {
    // One unsigned comparison sends both a negative `end` and one past the last bit off the fast path.
    guard UInt(bitPattern: end) < UInt(bitPattern: bitCount) else {
      return end < 0 ? counted : countAll()
    }
    let fullWords = end >> 6
    assert(fullWords >= countedWords, "the bound went down")
    while countedWords < fullWords {
      counted &+= words[countedWords].nonzeroBitCount
      countedWords &+= 1
    }
    let rest = end & 63
    guard rest != 0 else { return counted }
    return counted &+ (words[fullWords] & UInt64(lowBits: rest)).nonzeroBitCount
  }

  /// The set bits of the whole buffer.
  @inline(__always)
  mutating func countAll() -> Int {
    while countedWords < words.count {
      counted &+= words[countedWords].nonzeroBitCount
      countedWords &+= 1
    }
    return counted
  }
}
