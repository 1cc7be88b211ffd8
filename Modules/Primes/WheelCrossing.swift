/// Crossing the odd multiples `p·m` of a prime `p > 5` off a sieve segment of odd numbers (bit `j` for
/// `low + 2j + 1`), skipping the `m` that 3 or 5 divides: their multiples are gone already (the presieve
/// pattern removed them), so the wheel of 30 saves 7 of every 15 steps.
///
/// The cofactors `m` prime to 30 are `1, 7, 11, 13, 17, 19, 23, 29 (mod 30)`; position `w` of the wheel is
/// the `w`th of them, and from one to the next the bit number grows by `p` times half the gap between them.
enum WheelCrossing {
  /// Half the gap from residue `w` to the next, for `w` in `0..<8`: `3, 2, 1, 2, 1, 2, 3, 1`, four bits each.
  @inline(__always)
  static func halfGap(_ w: Int) -> Int {
    (0x1321_2123 &>> (4 &* w)) & 15
  }

  /// The first multiple `p·m ≥ n` with `m` prime to 30, and the wheel position of its `m`, for `n ≥ 0`.
  static func firstMultiple(of p: Int, atOrAbove n: Int) -> (multiple: Int, wheel: Int) {
    var m = (n + p - 1) / p
    var residue = m % 30
    while residue % 2 == 0 || residue % 3 == 0 || residue % 5 == 0 {
      m += 1
      residue = (residue + 1) % 30
    }
    let w = [1, 7, 11, 13, 17, 19, 23, 29].firstIndex(of: residue) ?? 0
    return (m * p, w)
  }

  /// Calls `body` with every bit below `end` from `bit` on, in steps of the wheel of 30 from position `wheel`,
  /// and returns the first bit at or past `end` and its position. `p` is positive; `end` is at most a few
  /// million, so no sum here overflows.
  @inline(__always)
  static func cross(
    p: Int,
    from bit: Int,
    wheel: Int,
    below end: Int,
    _ body: (Int) -> Void
  ) -> (bit: Int, wheel: Int) {
    var bit = bit
    var w = wheel
    // Single steps up to the start of a turn of the wheel.
    while w != 0 && bit < end {
      body(bit)
      bit &+= halfGap(w) &* p
      w = (w &+ 1) & 7
    }
    if w == 0 {
      // Whole turns of 15 p bits: m = 1, 7, 11, 13, 17, 19, 23, 29 are 0, 3, 5, 6, 8, 9, 11, 14 steps of p in.
      let p3 = 3 &* p
      let p5 = 5 &* p
      let p6 = 6 &* p
      let p8 = 8 &* p
      let p9 = 9 &* p
      let p11 = 11 &* p
      let p14 = 14 &* p
      let p15 = 15 &* p
      while bit &+ p14 < end {
        body(bit)
        body(bit &+ p3)
        body(bit &+ p5)
        body(bit &+ p6)
        body(bit &+ p8)
        body(bit &+ p9)
        body(bit &+ p11)
        body(bit &+ p14)
        bit &+= p15
      }
      while bit < end {
        body(bit)
        bit &+= halfGap(w) &* p
        w = (w &+ 1) & 7
      }
    }
    return (bit, w)
  }
}
