/// The primes below a bound, by the plainest sieve: the independent answer the engine is checked against.
struct PrimeTable {
  let primes: [Int]

  init(below bound: Int) {
    var isComposite = [Bool](repeating: false, count: bound)
    var primes: [Int] = []
    for candidate in 2..<bound where !isComposite[candidate] {
      primes.append(candidate)
      var multiple = candidate * candidate
      while multiple < bound {
        isComposite[multiple] = true
        multiple += candidate
      }
    }
    self.primes = primes
  }

  /// The number of primes up to `x`, by binary search.
  func count(upTo x: Int) -> Int {
    var low = 0
    var high = primes.count
    while low < high {
      let middle = (low + high) / 2
      if primes[middle] <= x { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The primes below 10^7, made once for the whole suite.
  static let belowTenMillion = PrimeTable(below: 10_000_000)
}

/// SplitMix64: a small seeded generator, so that "random" test points are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
