/// `φ(v, c)`, the count of numbers up to `v` that none of the first `c` primes divides, in constant time
/// from a table of one period.
struct Wheel {
  private let period: Int
  private let perPeriod: Int
  private let table: [Int32]

  init(primes: some Collection<Int>) {
    let period = primes.reduce(1, *)
    var table = [Int32](repeating: 0, count: period)
    var running: Int32 = 0
    for r in 1..<max(period, 1) {
      if primes.allSatisfy({ r % $0 != 0 }) { running += 1 }
      table[r] = running
    }
    self.period = period
    self.perPeriod = period == 1 ? 1 : Int(running)
    self.table = table
  }

  func phi(_ v: Int) -> Int {
    (v / period) * perPeriod + Int(table[v % period])
  }
}
