/// Counts the set bits of a sieve segment below a bound that only grows, from a count kept for each block
/// of ``blockWords`` words: a bound far into the segment costs a sum over blocks and at most a block of
/// words, and a later bound only the blocks and words between the two.
///
/// `blockCounts[k]` must be the set bits of words `blockWords × k ..< blockWords × (k + 1)`; both buffers
/// must stay allocated and unchanged below the last bound while the counter is used.
struct BlockPrefixCounter {
  /// `log2` of the words a block count covers.
  static let blockWordShift = 2
  /// The words a block count covers: 4, so that a count costs at most 3 words' popcounts past the blocks.
  static let blockWords = 1 << blockWordShift
  /// `log2` of the bits in a block.
  static let blockShift = blockWordShift + 6

  private let words: UnsafeMutableBufferPointer<UInt64>
  private let blockCounts: UnsafeMutableBufferPointer<Int32>
  /// The blocks already summed into `counted`.
  private var countedBlocks = 0
  private var counted = 0

  init(words: UnsafeMutableBufferPointer<UInt64>, blockCounts: UnsafeMutableBufferPointer<Int32>) {
    self.words = words
    self.blockCounts = blockCounts
  }

  /// The set bits below bit `end`, for `0 ≤ end ≤ 64 × words.count`, at least every bound asked before.
  @inline(__always)
  mutating func count(below end: Int) -> Int {
    let block = end &>> Self.blockShift
    while countedBlocks < block {
      counted &+= Int(blockCounts[countedBlocks])
      countedBlocks &+= 1
    }
    var total = counted
    let lastWord = end &>> 6
    var word = block &<< Self.blockWordShift
    while word < lastWord {
      total &+= words[word].nonzeroBitCount
      word &+= 1
    }
    let rest = end & 63
    if rest != 0 { total &+= (words[lastWord] & ((1 &<< UInt64(truncatingIfNeeded: rest)) &- 1)).nonzeroBitCount }
    return total
  }
}
