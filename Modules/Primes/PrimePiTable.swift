/// π(n) for every `n` up to a bound, in constant time: a bit for each odd number and, for each word of 64
/// of them, the primes below it.
///
/// About 12 bytes for every 128 numbers: half a megabyte for the bound of 5.5 million the engine needs at
/// its limit.
struct PrimePiTable {
  /// The largest `n` the table answers for.
  let bound: Int
  /// Bit `j` is set when `2j + 1` is an odd prime.
  private let bits: [UInt64]
  /// The odd primes below word `w`'s numbers, plus one for 2.
  private let before: [UInt32]

  /// A table up to `bound` from `primes`, every prime up to `bound` in increasing order (more are ignored).
  init(upTo bound: Int, primes: [Int]) {
    let wordCount = max(bound, 0) / 128 + 1
    var bits = [UInt64](repeating: 0, count: wordCount)
    for p in primes {
      if p > bound { break }
      if p == 2 { continue }
      let j = p >> 1
      bits[j >> 6] |= 1 << UInt64(j & 63)
    }
    var before = [UInt32](repeating: 0, count: wordCount)
    var running: UInt32 = bound >= 2 ? 1 : 0
    for w in 0..<wordCount {
      before[w] = running
      running += UInt32(bits[w].nonzeroBitCount)
    }
    self.bound = bound
    self.bits = bits
    self.before = before
  }

  /// π(n), the primes up to `n`, for `n` at most ``bound``; 0 below 2.
  @inline(__always)
  func pi(_ n: Int) -> Int {
    guard n >= 2 else { return 0 }
    // The odd numbers up to n are bits 0 to (n - 1) / 2.
    let last = (n &- 1) &>> 1
    let word = last &>> 6
    let mask = ~UInt64(0) &>> UInt64(truncatingIfNeeded: 63 &- (last & 63))  // bits 0 ... last & 63
    return Int(before[word]) &+ (bits[word] & mask).nonzeroBitCount
  }
}
