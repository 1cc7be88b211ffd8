import Platform

/// The primes up to `limit`, in order, by a sieve of Eratosthenes over the odd numbers, one bit each.
///
/// For the sieving primes and small tables of the engine: `limit` stays below a few million. The array is
/// reserved at Rosser and Schoenfeld's bound `π(n) < 1.25506 n / ln n`, so it never grows by copying.
func primes(upTo limit: Int) -> [Int] {
  primes(upTo: limit, check: {})
}

/// ``primes(upTo:)``, calling `check` every 2^16 odd numbers so that a caller may stop a long sieve by
/// throwing.
///
/// From 2^16 on, by segments of 2^16 odd numbers of a presieved ``OddSegmentSieve``, which stay in the L1
/// cache (twice as fast at the millions the engine asks for), from the primes up to `√limit` found the
/// plain way; `check` comes before each segment after the first.
func primes(upTo limit: Int, check: () throws -> Void) rethrows -> [Int] {
  guard limit >= 1 << 16 else { return try plainPrimes(upTo: limit, check: check) }
  var primes = [2]
  primes.reserveCapacity(Int(1.25506 * Double(limit) / log(Double(limit))) + 2)
  let sieve = OddSegmentSieve(
    limit: limit + 1,
    primes: try plainPrimes(upTo: integerSquareRoot(limit) + 1, check: check),
    wordCount: 1024
  )
  var low = 0
  while low <= limit {
    if low > 0 { try check() }
    sieve.sieve(from: low)
    for (index, word) in sieve.words.enumerated() {
      var word = word
      while word != 0 {
        primes.append(low + 2 * (64 * index + word.trailingZeroBitCount) + 1)
        word &= word &- 1
      }
    }
    low += sieve.span
  }
  return primes
}

/// The primes up to `limit` by one sieve of all the odd numbers, calling `check` every 2^16 of them.
private func plainPrimes(upTo limit: Int, check: () throws -> Void) rethrows -> [Int] {
  guard limit >= 2 else { return [] }
  var primes = [2]
  guard limit >= 3 else { return primes }
  // Bit i stands for the odd number 2i + 1.
  let count = (limit - 1) / 2 + 1
  var isComposite = [UInt64](repeating: 0, count: count / 64 + 1)
  primes.reserveCapacity(Int(1.25506 * Double(limit) / log(Double(limit))) + 2)
  try isComposite.withUnsafeMutableBufferPointer { flags in
    var i = 1
    while i < count {
      if i & 0xFFFF == 0 { try check() }
      if flags[i &>> 6] & (1 &<< UInt64(truncatingIfNeeded: i)) == 0 {
        let p = 2 * i + 1
        primes.append(p)
        var j = (p * p) / 2
        while j < count {
          flags[j &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: j)
          j += p
        }
      }
      i += 1
    }
  }
  return primes
}

/// The largest `r` with `r * r <= x`, for `x >= 0`.
func integerSquareRoot(_ x: Int) -> Int {
  var r = Int(Double(x).squareRoot())
  while r > 0, r.multipliedReportingOverflow(by: r).overflow || r * r > x { r -= 1 }
  while !(r + 1).multipliedReportingOverflow(by: r + 1).overflow, (r + 1) * (r + 1) <= x { r += 1 }
  return r
}

/// The largest `r` with `r * r * r <= x`, for `x >= 0`.
func integerCubeRoot(_ x: Int) -> Int {
  func cubeExceeds(_ r: Int) -> Bool {
    let (square, o1) = r.multipliedReportingOverflow(by: r)
    let (cube, o2) = square.multipliedReportingOverflow(by: r)
    return o1 || o2 || cube > x
  }
  var r = Int(cbrt(Double(x)))
  while r > 0, cubeExceeds(r) { r -= 1 }
  while !cubeExceeds(r + 1) { r += 1 }
  return r
}

/// `⌊n / d⌋` for `0 ≤ n < 2^53` and `d ≥ 1`, by a floating-point division (several times faster than an
/// integer one) corrected to the exact floor: the rounded quotient is off by at most one below 2^53.
@inline(__always)
func floorQuotient(_ n: Int, _ d: Int) -> Int {
  var q = Int(Double(n) / Double(d))
  if q &* d > n {
    q &-= 1
  } else if (q &+ 1) &* d <= n {
    q &+= 1
  }
  return q
}

/// `⌊n / d⌋` for `0 ≤ n < 2^50` and `d ≥ 1`, from `reciprocal`, the `Double` nearest `1 / d`: a
/// multiplication instead of a division. The product is within `n / d × 2^-52 < 1/4` of `n / d`, so the
/// truncated quotient is off by at most one, which the two comparisons correct.
@inline(__always)
func floorQuotient(_ n: Int, _ d: Int, reciprocal: Double) -> Int {
  var q = Int(Double(n) * reciprocal)
  if q &* d > n {
    q &-= 1
  } else if (q &+ 1) &* d <= n {
    q &+= 1
  }
  return q
}
