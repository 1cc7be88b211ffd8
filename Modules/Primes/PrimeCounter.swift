import Platform

/// Counts the primes up to `x` by the Lagarias–Miller–Odlyzko method, in time about `x^(2/3)` and memory
/// about `x^(1/2)` bits: exact for every `x` up to ``primeCountLimit`` and as far as the nth-prime engine
/// counts (about 3 × 10^13).
///
/// With `y` a little above the cube root of `x` and `a = π(y)`,
/// `π(x) = φ(x, a) + a - 1 - P2(x, a)`, where `φ(x, a)` counts the numbers up to `x` that no prime up to `y`
/// divides and `P2` those that are the product of two primes above `y`. `φ(x, a)` is expanded into leaves
/// `±φ(x / m, b)`: the ordinary ones (`m ≤ y`) come from a small table, the special ones (`m > y`) from a
/// segmented sieve of `[1, x / y]` that removes the small primes one at a time and counts what is left, or,
/// for the easy ones (as Deléglise and Rivat call them), from a table of π up to `√x`. `P2` needs `π` up to
/// `x / y`, from the same sieve. The sieve and the easy leaves ask the monitor whether to stop between
/// segments and between batches of primes, and report their progress.
struct PrimeCounter {
  /// Below this, counting is a plain segmented sieve.
  static let sievingLimit = 1 << 20

  /// Numbers per sieve segment.
  static let segmentSpan = 128 * segmentWords
  private static let segmentWords = 4096

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
    return max(1, logX * logX * logX / 5700)
  }

  /// The units the easy leaves of `a` primes count for: one for every four, a rough match for the time they
  /// take beside a segment of a sieve.
  private static func easyLeafUnits(a: Int) -> Int { a / 4 }

  /// The work ``count(monitor:)`` reports to the monitor for `x`, in units of its choosing.
  static func workUnits(upTo x: Int) -> Int {
    guard x >= sievingLimit else { return 1 }
    let counter = PrimeCounter(x: x)
    let segments = (counter.z + segmentSpan - 1) / segmentSpan
    let p2Segments = (counter.z - counter.sqrtX + segmentSpan - 1) / segmentSpan + 1
    return 3 * segments + p2Segments + easyLeafUnits(a: Primes.primes(upTo: counter.y).count)
  }

  /// π(x).
  func count(monitor: ComputationMonitor) throws -> Int {
    try count(primes: x >= Self.sievingLimit ? Primes.primes(upTo: sqrtX, check: monitor.check) : [], monitor: monitor)
  }

  /// π(x), from `primes`: every prime up to `√x` in order, and any number of the primes after them.
  func count(primes: [Int], monitor: ComputationMonitor) throws -> Int {
    guard x >= 2 else { return 0 }
    guard x >= Self.sievingLimit else { return try countBySieving(monitor: monitor) }
    try monitor.check()
    let a = primes.partitioningIndex { $0 > y }
    let c = min(6, a)
    let factors = SmallFactors(upTo: y, primes: primes)
    let table = PrimePiTable(upTo: sqrtX, primes: primes)
    try monitor.check()
    let s1 = ordinaryLeaves(primes: primes, c: c, factors: factors)
    try monitor.check()
    // The reciprocals of the primes the leaves divide by: up to p_a, and for the easy leaves up to
    // √(x / p_b) for the first b with p_b^2 > y (see easyLeaves).
    let firstEasyB = primes.partitioningIndex { $0 * $0 > y } + 1
    let easyDivisors = firstEasyB <= a ? table.pi(integerSquareRoot(x / primes[firstEasyB - 1])) + 1 : 0
    let reciprocals = UnsafeMutableBufferPointer<Double>.allocate(capacity: min(max(easyDivisors, a), primes.count))
    defer { reciprocals.deallocate() }
    for index in reciprocals.indices { reciprocals[index] = 1 / Double(primes[index]) }
    let easy = try easyLeaves(
      primes: primes, a: a, c: c, table: table, reciprocals: UnsafeBufferPointer(reciprocals), monitor: monitor
    )
    let (s2, p2) = try specialLeavesAndTwoLargeFactors(
      primes: primes, a: a, c: c, factors: factors, table: table, reciprocals: UnsafeBufferPointer(reciprocals),
      monitor: monitor
    )
    return s1 + easy + s2 + a - 1 - p2
  }

  /// The index of the last prime `q` of the hard leaves `φ(x / (p q), b - 1)` of `b` (`p` is `p_b`), for
  /// `p^2 > y`: those with `x / (p q) ≥ p^2`, which the sieve counts; the leaves of larger `q` are easy.
  private func lastHardLeaf(b: Int, p: Int, a: Int, table: PrimePiTable) -> Int {
    let t = x / (p * p * p)
    return t >= y ? a : max(table.pi(t), b)
  }

  /// The easy special leaves: `φ(u, b - 1)` for `u = x / (p_b q)`, `q` a prime with `b < π(q) ≤ a`,
  /// `p_b^2 > y` and `u < p_b^2`. Below `p_b^2`, what no prime up to `p_{b - 1}` divides is 1 and the primes
  /// from `p_b` to `u`, so the leaf is 1 for `u < p_b` and `π(u) - b + 2` from there, from the table.
  ///
  /// `Σ π(x / (p_b q))` over a run of primes `q` counts the pairs of primes `(q, r)` with `q r ≤ x / p_b`,
  /// as the hyperbola method counts lattice points: one step for each `q` up to `√(x / p_b)`, and for the
  /// larger `q` one step for each `r` from `x / (p_b q_max)` to `√(x / p_b)`.
  private func easyLeaves(
    primes: [Int],
    a: Int,
    c: Int,
    table: PrimePiTable,
    reciprocals: UnsafeBufferPointer<Double>,
    monitor: ComputationMonitor
  ) throws -> Int {
    guard a > c else { return 0 }
    let x = self.x
    var sum = 0
    try primes.withUnsafeBufferPointer { primes in
      for b in (c + 1)...a {
        if b & 7 == 0 {
          try monitor.check()
          monitor.advance(by: b & 31 == 0 ? Self.easyLeafUnits(a: 32) : 0)
        }
        let p = primes[b - 1]
        if p * p <= y { continue }
        let last = lastHardLeaf(b: b, p: p, a: a, table: table)
        guard last < a else { continue }
        let xp = x / p  // x / (p q) is xp / q
        // The leaves of q above xp / p_b are 1.
        let lastAbove = xp / p >= y ? a : max(table.pi(xp / p), last)
        sum += a - lastAbove
        guard lastAbove > last else { continue }
        // Σ (π(xp / q) - b + 2) for the primes q of index last + 1 ... lastAbove.
        sum += (lastAbove - last) * (2 - b)
        let split = min(max(table.pi(min(integerSquareRoot(xp), y)), last), lastAbove)
        if split > last {
          for j in (last + 1)...split {
            // j ≤ split ≤ a, within reciprocals.
            sum &+= table.pi(floorQuotient(xp, primes[j - 1], reciprocal: reciprocals[j - 1]))
          }
        }
        if lastAbove > split {
          // Every q above the split has the primes r up to smallestU, and a prime r above that, the q up to
          // xp / r.
          let smallestU = xp / primes[lastAbove - 1]
          let piSmallestU = table.pi(smallestU)
          let piLargestU = table.pi(xp / primes[split])
          sum += (lastAbove - split) * piSmallestU
          if piLargestU > piSmallestU {
            for k in (piSmallestU + 1)...piLargestU {
              // p_k ≤ xp / p_(split + 1) < √xp ≤ √(x / p_firstEasyB) (the split is at least π(√xp), or else
              // it is a and there is no k), so k is within reciprocals (see count(primes:monitor:)).
              sum &+= table.pi(floorQuotient(xp, primes[k - 1], reciprocal: reciprocals[k - 1])) - split
            }
          }
        }
      }
    }
    return sum
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
      let factor = factors.signedLeastPrimeFactor[n]
      if SmallFactors.leastPrimeFactor(factor) > pc {  // so μ(n) ≠ 0
        sum += SmallFactors.mobius(factor) * wheel.phi(x / n)
      }
    }
    return sum
  }

  /// `S2`, the hard special leaves `-μ(m) φ(x / (p_b m), b - 1)` for `c < b ≤ a`, `m ≤ y < m p_b` and the
  /// prime factors of `m` above `p_b`, and `P2 = Σ (π(x / p) - π(p) + 1)` over the primes `y < p ≤ √x`, from
  /// one segmented sieve of `[1, z)`.
  ///
  /// Each segment removes `p_1, p_2, …` in turn for the leaves. The leaves of `b` are visited in increasing
  /// `x / (p_b m)`, so the count of what is left in the segment grows block by block. A prime `p_b` is sieved
  /// for the leaves only while some leaf of `b + 1` lies there or beyond (`p_b^2 ≤ x / low`). From the
  /// segment that reaches `√x` on, the segment is then sieved by the rest of the primes up to its square root,
  /// so that what is left is its primes, and the `π(x / p)` of `P2` that fall in it are counted.
  private func specialLeavesAndTwoLargeFactors(
    primes: [Int],
    a: Int,
    c: Int,
    factors: SmallFactors,
    table: PrimePiTable,
    reciprocals: UnsafeBufferPointer<Double>,
    monitor: ComputationMonitor
  ) throws -> (s2: Int, p2: Int) {
    let x = self.x
    let y = self.y
    let words = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: Self.segmentWords)
    defer { words.deallocate() }
    let blockWords = BlockPrefixCounter.blockWords
    let blockCounts = UnsafeMutableBufferPointer<Int32>.allocate(capacity: Self.segmentWords / blockWords)
    defer { blockCounts.deallocate() }
    // Indexed by b, 1-based like the primes p_b.
    var phiBefore = [Int](repeating: 0, count: a + 1)  // φ(low - 1, b - 1)
    var cursor = [Int](repeating: 0, count: a + 1)  // the next m (or index of the prime m) of b's leaves
    var nextMultiple = [Int](repeating: 0, count: a + 1)  // the next odd multiple of p_b to remove
    var nextWheel = [UInt8](repeating: 0, count: a + 1)  // its cofactor's position on the wheel of 30
    var largestB = c  // the largest b still sieved: it only decreases
    for b in 1...a {
      let p = primes[b - 1]
      nextMultiple[b] = p
      if p * p <= y {
        cursor[b] = y
        largestB = b
      } else {
        cursor[b] = lastHardLeaf(b: b, p: p, a: a, table: table)
        if cursor[b] > b { largestB = b }
      }
    }
    let signedLeastPrimeFactor = factors.signedLeastPrimeFactor
    var sum = 0
    var p2 = 0
    var i = primes.partitioningIndex { $0 > sqrtX }  // the index (1-based) of the prime p of P2 whose x / p
    // comes next: π(√x) first
    var primesBefore = 0  // π(low - 1), from the first segment where P2 is counted
    var countingP2 = false
    var low = 0
    while low < z {
      let high = min(low + Self.segmentSpan, z)
      if low > 0 {
        let bound = x / low
        while largestB > c, primes[largestB - 1] * primes[largestB - 1] > bound { largestB -= 1 }
      }
      let sievesLeaves = largestB > c
      let countsP2 = i > a && high > sqrtX
      if !sievesLeaves && !countsP2 {
        if i <= a { break }
        low += Self.segmentSpan  // between the last leaf and √x: nothing to count
        continue
      }
      if countsP2 && !countingP2 {
        countingP2 = true
        primesBefore = table.pi(low - 1)
      }
      let segmentBits = Self.segmentWords * 64
      // Crosses p_b off, keeping the block counts, and returns how many numbers that removed.
      func remove(_ b: Int) -> Int {
        var removed = 0
        crossOff(b) { bit in
          // bit < segmentBits = 64 × words.count, and blockCounts has a count for every block of words.
          let index = bit &>> 6
          let shift = UInt64(truncatingIfNeeded: bit) & 63
          let word = words[index]
          let wasSet = (word &>> shift) & 1
          words[index] = word & ~(1 &<< shift)
          blockCounts[index &>> BlockPrefixCounter.blockWordShift] &-= Int32(truncatingIfNeeded: wasSet)
          removed &+= Int(truncatingIfNeeded: wasSet)
        }
        return removed
      }
      // Crosses the odd multiples of p_b from nextMultiple[b] on off the segment, calling mark with each bit.
      func crossOff(_ b: Int, _ mark: (Int) -> Void) {
        let p = primes[b - 1]
        var multiple = nextMultiple[b]
        if p <= 5 {
          // Only when the pattern is not used; the wheel of 30 needs p prime to 30.
          if multiple < low {
            multiple = (low + p - 1) / p * p
            if multiple & 1 == 0 { multiple += p }
          }
          if multiple < high {
            var bit = (multiple - low) >> 1
            while bit < segmentBits {
              mark(bit)
              bit &+= p
            }
            multiple = low + 2 * bit + 1
          }
          nextMultiple[b] = multiple
          return
        }
        var w = Int(nextWheel[b])
        if multiple < low {
          // p_b was last sieved in an earlier segment: its first multiple from low on.
          (multiple, w) = WheelCrossing.firstMultiple(of: p, atOrAbove: low)
        }
        if multiple < high {
          let (bit, next) = WheelCrossing.cross(p: p, from: (multiple - low) >> 1, wheel: w, below: segmentBits, mark)
          multiple = low + 2 * bit + 1
          w = next
        }
        nextMultiple[b] = multiple
        nextWheel[b] = UInt8(truncatingIfNeeded: w)
      }
      if c == PresievePattern.primes.count + 1 {
        PresievePattern.shared.fill(words, from: low)
      } else {
        words.update(repeating: ~0)
        if c >= 2 {
          for b in 2...c { _ = remove(b) }
        }
      }
      words.clearBits(from: (high - low) / 2)
      // Counts the numbers left in each block of the segment, and returns how many there are in all.
      func countBlocks() -> Int {
        var remaining = 0
        for block in 0..<blockCounts.count {
          var count = 0
          for word in words[(block * blockWords)..<((block + 1) * blockWords)] { count &+= word.nonzeroBitCount }
          blockCounts[block] = Int32(count)
          remaining &+= count
        }
        return remaining
      }
      var remaining = countBlocks()
      for b in (c + 1)..<(sievesLeaves ? largestB + 1 : c + 1) {
        if b & 7 == 0 { try monitor.check() }
        let p = primes[b - 1]
        var prefix = BlockPrefixCounter(words: words, blockCounts: blockCounts)
        // The numbers in [low, u] left in the segment; u is in it.
        func left(upTo u: Int) -> Int {
          prefix.count(below: (u - low + 1) >> 1)
        }
        let carried = phiBefore[b]
        if p * p <= y {
          var m = cursor[b]
          let smallest = y / p
          let xp = x / p
          while m > smallest {
            let factor = signedLeastPrimeFactor[m]
            if SmallFactors.leastPrimeFactor(factor) > p {  // so μ(m) ≠ 0
              let mu = SmallFactors.mobius(factor)
              let u = floorQuotient(xp, m)
              if u >= high { break }
              sum -= mu * (carried + left(upTo: u))
            }
            m -= 1
          }
          cursor[b] = m
        } else {
          var j = cursor[b]
          let xp = x / p
          while j > b {
            // j ≤ a, within reciprocals.
            let u = floorQuotient(xp, primes[j - 1], reciprocal: reciprocals[j - 1])
            if u >= high { break }
            sum += carried + left(upTo: u)
            j -= 1
          }
          cursor[b] = j
        }
        phiBefore[b] = carried + remaining
        if b < largestB { remaining -= remove(b) }
      }
      if countsP2 {
        // The primes from p_largestB (those before it are removed) up to √(high - 1).
        let root = integerSquareRoot(high - 1)
        var b = sievesLeaves ? largestB : c + 1
        while b <= a, primes[b - 1] <= root {
          // bit < segmentBits = 64 × words.count.
          crossOff(b) { bit in words[bit &>> 6] &= ~(1 &<< UInt64(truncatingIfNeeded: bit & 63)) }
          b += 1
        }
        // The block counts again, for what the plain crossing off left.
        _ = countBlocks()
        // What is left is the primes above p_{b - 1} (at least 13, which the pattern removed), and 1 when the
        // segment starts at 0; the primes removed are added back from the table.
        let largestRemoved = primes[b - 2]
        let piBeforeLow = low <= largestRemoved ? table.pi(low - 1) : 0
        var prefix = BlockPrefixCounter(words: words, blockCounts: blockCounts)
        func primesUpTo(_ u: Int) -> Int {
          var count = primesBefore + prefix.count(below: (u - low + 1) >> 1)
          if low <= largestRemoved { count += table.pi(min(u, largestRemoved)) - piBeforeLow }
          if low == 0 { count -= 1 }
          return count
        }
        while i > a {
          let u = x / primes[i - 1]
          if u >= high { break }
          p2 += primesUpTo(u) - i + 1
          i -= 1
        }
        primesBefore = primesUpTo(high - 1)
      }
      try monitor.check()
      monitor.advance(by: (sievesLeaves ? 3 : 0) + (countsP2 ? 1 : 0))
      low += Self.segmentSpan
    }
    return (sum, p2)
  }
}
