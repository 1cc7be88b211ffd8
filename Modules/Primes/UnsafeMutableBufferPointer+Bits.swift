/// A buffer of words as a row of `64 × count` flags: bit `j` is bit `j & 63` of word `j >> 6`.
///
/// A bit number below 0 or past the last bit is not an error: it stands for the start or the end of the row.
extension UnsafeMutableBufferPointer where Element == UInt64 {
  /// Clears the bits from bit `first` to the end, leaving those below it as they are.
  @inline(__always)
  func clearBits(from first: Int) {
    let first = Swift.max(first, 0)
    let word = first >> 6
    guard word < count else { return }
    self[word] &= UInt64(lowBits: first & 63)
    for index in (word + 1)..<count { self[index] = 0 }
  }

  /// Clears the bits below bit `end`, leaving those from it on as they are.
  @inline(__always)
  func clearBits(below end: Int) {
    guard end > 0 else { return }
    let fullWords = Swift.min(end >> 6, count)
    for index in 0..<fullWords { self[index] = 0 }
    let rest = end & 63
    if rest != 0, fullWords < count { self[fullWords] &= ~UInt64(lowBits: rest) }
  }
}
