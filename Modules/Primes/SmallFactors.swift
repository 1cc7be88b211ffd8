/// The least prime factor and the Möbius function of every number up to a small bound.
struct SmallFactors {
  /// `leastPrimeFactor[n]` for `1 ≤ n ≤ bound`; for 1, larger than any prime.
  let leastPrimeFactor: [Int32]
  /// `mobius[n]`: 0 if a square divides `n`, else `(-1)^k` for `k` prime factors.
  let mobius: [Int8]

  init(upTo bound: Int, primes: [Int]) {
    var leastPrimeFactor = [Int32](repeating: 0, count: bound + 1)
    var mobius = [Int8](repeating: 1, count: bound + 1)
    for p in primes {
      if p > bound { break }
      var multiple = p
      while multiple <= bound {
        if leastPrimeFactor[multiple] == 0 { leastPrimeFactor[multiple] = Int32(p) }
        mobius[multiple] = -mobius[multiple]
        multiple += p
      }
      let square = p * p
      multiple = square
      while multiple <= bound {
        mobius[multiple] = 0
        multiple += square
      }
    }
    leastPrimeFactor[1] = Int32.max
    self.leastPrimeFactor = leastPrimeFactor
    self.mobius = mobius
  }
}
