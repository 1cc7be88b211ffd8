/// The least prime factor and the Möbius function of every number up to a small bound, in one signed number
/// each, so that the leaves that need both read one array.
struct SmallFactors {
  /// `μ(n) × lpf(n)` for `1 ≤ n ≤ bound`: 0 if a square divides `n`, else the least prime factor with the
  /// sign of `(-1)^k` for `k` prime factors; for 1, `Int32.max`, larger than any prime.
  let signedLeastPrimeFactor: [Int32]

  init(upTo bound: Int, primes: [Int]) {
    // 1 and -1 stand for no prime factor found yet, with the sign so far.
    var factors = [Int32](repeating: 1, count: bound + 1)
    for p in primes {
      if p > bound { break }
      let prime = Int32(p)
      var multiple = p
      while multiple <= bound {
        let value = factors[multiple]
        factors[multiple] = value.magnitude == 1 ? -value * prime : -value
        multiple += p
      }
      let square = p * p
      multiple = square
      while multiple <= bound {
        factors[multiple] = 0
        multiple += square
      }
    }
    if bound >= 1 { factors[1] = Int32.max }
    signedLeastPrimeFactor = factors
  }

  /// `μ(n)`, from a value of ``signedLeastPrimeFactor``.
  @inline(__always)
  static func mobius(_ signedFactor: Int32) -> Int {
    Int(signedFactor.signum())
  }

  /// The least prime factor, or 0 when a square divides the number, from a value of
  /// ``signedLeastPrimeFactor``.
  @inline(__always)
  static func leastPrimeFactor(_ signedFactor: Int32) -> Int {
    Int(signedFactor.magnitude)
  }
}
