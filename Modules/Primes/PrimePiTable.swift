/// π(n) for every `n` up to a bound, in constant time: a bit for each odd number and, for each word of 64
/// of them, the primes below it.
///
/// About 16 bytes for every 128 numbers: under 700 KiB for the bound of 5.5 million the engine needs at its
/// limit. A word's bits and its count sit side by side, so a lookup reads one cache line.
struct PrimePiTable {
  /// The largest `n` the table answers for.
  let bound: Int
  /// Entry `2w` holds the bits of word `w` (bit `j` for the odd number `128w + 2j + 1`, set when it is
  /// prime), entry `2w + 1` the primes below the word's numbers (the odd ones, plus one for 2).
  private let entries: [UInt64]

  /// A table up to `bound` from `primes`, every prime up to `bound` in increasing order (more are ignored).
  init(upTo bound: Int, primes: [Int]) {
    let wordCount = max(bound, 0) / 128 + 1
    var entries = [UInt64](repeating: 0, count: 2 * wordCount)
    for p in primes {
      if p > bound { break }
      if p == 2 { continue }
      let j = p >> 1
      entries[2 * (j >> 6)] |= 1 << UInt64(j & 63)
    }
    var running: UInt64 = bound >= 2 ? 1 : 0
    for w in 0..<wordCount {
      entries[2 * w + 1] = running
      running += UInt64(entries[2 * w].nonzeroBitCount)
    }
    self.bound = bound
    self.entries = entries
  }

  /// π(n), the primes up to `n`, for `n` at most ``bound``; 0 below 2.
  @inline(__always)
  func pi(_ n: Int) -> Int {
    guard n >= 2 else { return 0 }
    // The odd numbers up to n are bits 0 to (n - 1) / 2.
    let last = (n &- 1) &>> 1
    let index = (last &>> 6) &<< 1
    let mask = ~UInt64(0) &>> UInt64(truncatingIfNeeded: 63 &- (last & 63))  // bits 0 ... last & 63
    return Int(truncatingIfNeeded: entries[index | 1]) &+ (entries[index] & mask).nonzeroBitCount
  }
}
