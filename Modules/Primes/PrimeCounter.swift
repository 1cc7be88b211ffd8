#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Counts the primes up to `x` by the Lagarias–Miller–Odlyzko method, in time about `x^(2/3)` and memory
/// about `x^(1/3)`: exact for every `x` up to ``primeCountLimit``.
///
/// With `y` a little above the cube root of `x` and `a = π(y)`,
/// `π(x) = φ(x, a) + a - 1 - P2(x, a)`, where `φ(x, a)` counts the numbers up to `x` that no prime up to `y`
/// divides and `P2` those that are the product of two primes above `y`. `φ(x, a)` is expanded into leaves
/// `±φ(x / m, b)`: the ordinary ones (`m ≤ y`) come from a small table, the special ones (`m > y`) from a
/// segmented sieve of `[1, x / y]` that removes the small primes one at a time and counts what is left.
/// `P2` needs `π` up to `x / y`, from a second segmented sieve. Both sieves ask the monitor whether to stop
/// between segments and between batches of primes, and report each segment done.
struct PrimeCounter {
  /// Below this, counting is a plain segmented sieve.
  static let sievingLimit = 1 << 20

  /// Numbers per sieve segment.
  static let segmentSpan = 128 * segmentWords
  private static let segmentWords = 2048

  let x: Int
  /// The bound on the small primes; `y^3 > x`, so no number up to `x` has three prime factors above `y`.
  let y: Int
  /// One past the largest number the sieves reach: every special leaf and every `x / p` of `P2` is below.
  let z: Int
  let sqrtX: Int

  init(x: Int) {
    self.x = x
    sqrtX = integerSquareRoot(x)
    let cubeRoot = integerCubeRoot(x)
    let tuned = Int(Self.alpha(x) * Double(cubeRoot))
    y = min(max(tuned, cubeRoot + 1), sqrtX)
    z = x / y + 1
  }

  /// How far above the cube root `y` is set: a larger `y` shortens the sieves and lengthens the leaves.
  private static func alpha(_ x: Int) -> Double {
    let logX = log(Double(x))
    return max(1, logX * logX * logX / 12000)
  }

  /// The work ``count(monitor:)`` reports to the monitor for `x`, in units of its choosing.
  static func workUnits(upTo x: Int) -> Int {
    guard x >= sievingLimit else { return 1 }
    let counter = PrimeCounter(x: x)
    let segments = (counter.z + segmentSpan - 1) / segmentSpan
    let p2Segments = (counter.z - counter.sqrtX + segmentSpan - 1) / segmentSpan + 1
    return 3 * segments + p2Segments
  }

  /// π(x).
  func count(monitor: ComputationMonitor) throws -> Int {
    guard x >= 2 else { return 0 }
    guard x >= Self.sievingLimit else { return try countBySieving(monitor: monitor) }
    try monitor.check()
    let primes = Primes.primes(upTo: sqrtX)
    let a = primes.partitioningIndex { $0 > y }
    let c = min(6, a)
    let factors = SmallFactors(upTo: y, primes: primes)
    try monitor.check()
    let s1 = ordinaryLeaves(primes: primes, c: c, factors: factors)
    try monitor.check()
    let s2 = try specialLeaves(primes: primes, a: a, c: c, factors: factors, monitor: monitor)
    let p2 = try twoLargeFactors(primes: primes, a: a, monitor: monitor)
    return s1 + s2 + a - 1 - p2
  }

  private func countBySieving(monitor: ComputationMonitor) throws -> Int {
    let sieve = OddSegmentSieve(limit: x + 1, wordCount: Self.segmentWords)
    var count = 1  // 2
    var low = 0
    while low <= x {
      try monitor.check()
      sieve.sieve(from: low)
      for word in sieve.words { count += word.nonzeroBitCount }
      low += sieve.span
    }
    monitor.advance(by: 1)
    return count
  }

  /// `S1 = Σ μ(n) φ(x / n, c)` over the squarefree `n ≤ y` whose prime factors are all above `p_c`.
  private func ordinaryLeaves(primes: [Int], c: Int, factors: SmallFactors) -> Int {
    let wheel = Wheel(primes: primes.prefix(c))
    let pc = c > 0 ? primes[c - 1] : 1
    var sum = 0
    for n in 1...y {
      let mu = factors.mobius[n]
      if mu != 0, factors.leastPrimeFactor[n] > pc {
        sum += Int(mu) * wheel.phi(x / n)
      }
    }
    return sum
  }

  /// `S2`, the special leaves `-μ(m) φ(x / (p_b m), b - 1)` for `c < b ≤ a`, `m ≤ y < m p_b` and the prime
  /// factors of `m` above `p_b`, from a segmented sieve of `[1, z)` that removes `p_1, p_2, …` in turn.
  ///
  /// The leaves of `b` are visited in increasing `x / (p_b m)`, so the count of what is left in the segment
  /// grows word by word. A prime `p_b` is sieved in a segment only while some leaf of `b + 1` lies there or
  /// beyond (`p_b^2 ≤ x / low`).
  private func specialLeaves(
    primes: [Int],
    a: Int,
    c: Int,
    factors: SmallFactors,
    monitor: ComputationMonitor
  ) throws -> Int {
    guard a > c else { return 0 }
    let x = self.x
    let y = self.y
    let words = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: Self.segmentWords)
    defer { words.deallocate() }
    // Indexed by b, 1-based like the primes p_b.
    var phiBefore = [Int](repeating: 0, count: a + 1)  // φ(low - 1, b - 1)
    var cursor = [Int](repeating: 0, count: a + 1)  // the next m (or index of the prime m) of b's leaves
    var nextMultiple = [Int](repeating: 0, count: a + 1)  // the next odd multiple of p_b to remove
    for b in 1...a {
      let p = primes[b - 1]
      cursor[b] = p * p <= y ? y : a
      nextMultiple[b] = p
    }
    let leastPrimeFactor = factors.leastPrimeFactor
    let mobius = factors.mobius
    var sum = 0
    var largestB = a  // the largest b still sieved: it only decreases
    var low = 0
    while low < z {
      let high = min(low + Self.segmentSpan, z)
      if low > 0 {
        let bound = x / low
        while largestB > c, primes[largestB - 1] * primes[largestB - 1] > bound { largestB -= 1 }
      }
      if largestB <= c { break }
      words.update(repeating: ~0)
      words.clearBits(from: (high - low) / 2)
      let segmentBits = Self.segmentWords * 64
      func remove(_ b: Int) {
        let p = primes[b - 1]
        var multiple = nextMultiple[b]
        if multiple < high {
          var bit = (multiple - low) >> 1
          while bit < segmentBits {
            words[bit >> 6] &= ~(1 << UInt64(bit & 63))
            bit &+= p
          }
          multiple = low + 2 * bit + 1
        }
        nextMultiple[b] = multiple
      }
      if c >= 2 {
        for b in 2...c { remove(b) }
      }
      for b in (c + 1)...largestB {
        if b & 7 == 0 { try monitor.check() }
        let p = primes[b - 1]
        var prefix = SetBitPrefixCounter(words)
        // The numbers in [low, u] left in the segment.
        func left(upTo u: Int) -> Int {
          prefix.count(below: (u - low + 1) >> 1)
        }
        let carried = phiBefore[b]
        if p * p <= y {
          var m = cursor[b]
          let smallest = y / p
          while m > smallest {
            let mu = mobius[m]
            if mu != 0, leastPrimeFactor[m] > p {
              let u = x / (p * m)
              if u >= high { break }
              sum -= Int(mu) * (carried + left(upTo: u))
            }
            m -= 1
          }
          cursor[b] = m
        } else {
          var j = cursor[b]
          while j > b {
            let u = x / (p * primes[j - 1])
            if u >= high { break }
            sum += carried + left(upTo: u)
            j -= 1
          }
          cursor[b] = j
        }
        phiBefore[b] = carried + prefix.countAll()
        if b < largestB { remove(b) }
      }
      try monitor.check()
      monitor.advance(by: 3)
      low += Self.segmentSpan
    }
    return sum
  }

  /// `P2 = Σ (π(x / p) - π(p) + 1)` over the primes `y < p ≤ √x`, counting primes up to `z` by a segmented
  /// sieve that starts near `√x`.
  private func twoLargeFactors(primes: [Int], a: Int, monitor: ComputationMonitor) throws -> Int {
    let b = primes.count  // π(√x)
    guard b > a else { return 0 }
    let x = self.x
    let sieve = OddSegmentSieve(limit: z, wordCount: Self.segmentWords)
    var low = sqrtX / 128 * 128
    var before = primes.partitioningIndex { $0 >= low }  // π(low - 1)
    var sum = 0
    var i = b  // the index (1-based) of the prime whose x / p comes next
    while i > a {
      try monitor.check()
      sieve.sieve(from: low)
      let high = low + sieve.span
      var prefix = SetBitPrefixCounter(sieve.words)
      while i > a {
        let p = primes[i - 1]
        let u = x / p
        if u >= high { break }
        sum += before + prefix.count(below: (u - low + 1) >> 1) - i + 1
        i -= 1
      }
      before += prefix.countAll()
      monitor.advance(by: 1)
      low = high
    }
    return sum
  }
}
