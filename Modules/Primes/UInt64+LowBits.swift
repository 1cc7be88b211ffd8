extension UInt64 {
  /// A word whose `count` lowest bits are set and the rest clear: 0 for `count ≤ 0`, all ones for
  /// `count ≥ 64`.
  @inline(__always)
  init(lowBits count: Int) {
    if count <= 0 {
      self = 0
    } else if count >= 64 {
      self = ~0
    } else {
      self = (1 &<< UInt64(count)) &- 1
    }
  }
}
