/// Whether `n` is prime: exact for every `Int`; negative numbers, 0 and 1 are not prime.
///
/// Uses a deterministic Miller–Rabin test, so there is no floating point and no overflow anywhere in the
/// range: below 2^32 with the bases 2, 7 and 61 in 64-bit arithmetic, above with bases proven sufficient below
/// 2^64 and full-width multiplication.
public func isPrime(_ n: Int) -> Bool {
  guard n >= 2 else { return false }
  let n = UInt64(n)
  for p in millerRabinBases {
    if n == p { return true }
    if n % p == 0 { return false }
  }
  // No prime factor up to 37, so no factor below 41: prime unless at least 41².
  if n < 41 * 41 { return true }
  var d = n - 1
  var s = 0
  while d & 1 == 0 {
    d >>= 1
    s += 1
  }
  if n < 1 << 32 {
    return smallMillerRabinBases.allSatisfy { isStrongProbablePrime32(n, base: $0, d: d, s: s) }
  }
  return millerRabinBases.allSatisfy { isStrongProbablePrime(n, base: $0, d: d, s: s) }
}

/// Bases that decide primality for every number below 4,759,123,141 (Jaeschke), so for every `UInt32`.
private let smallMillerRabinBases: [UInt64] = [2, 7, 61]

/// ``isStrongProbablePrime(_:base:d:s:)`` for `n < 2^32` and `base < n`: every product of two residues fits
/// in 64 bits, so no full-width division is needed.
private func isStrongProbablePrime32(_ n: UInt64, base: UInt64, d: UInt64, s: Int) -> Bool {
  var result: UInt64 = 1
  var power = base
  var exponent = d
  while exponent > 0 {
    if exponent & 1 == 1 { result = result &* power % n }
    power = power &* power % n
    exponent >>= 1
  }
  if result == 1 || result == n - 1 { return true }
  for _ in 1..<max(s, 1) {
    result = result &* result % n
    if result == n - 1 { return true }
  }
  return false
}

/// The first twelve primes: as Miller–Rabin bases they decide primality for every number below 3.3 × 10^24.
private let millerRabinBases: [UInt64] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]

/// Whether odd `n`, with `n - 1 = d · 2^s` and `d` odd, passes the strong probable-prime test to `base`.
private func isStrongProbablePrime(_ n: UInt64, base: UInt64, d: UInt64, s: Int) -> Bool {
  var x = power(base % n, d, modulo: n)
  if x == 1 || x == n - 1 { return true }
  for _ in 1..<max(s, 1) {
    x = multiply(x, x, modulo: n)
    if x == n - 1 { return true }
  }
  return false
}

private func multiply(_ a: UInt64, _ b: UInt64, modulo m: UInt64) -> UInt64 {
  m.dividingFullWidth(a.multipliedFullWidth(by: b)).remainder
}

private func power(_ base: UInt64, _ exponent: UInt64, modulo m: UInt64) -> UInt64 {
  var result: UInt64 = 1
  var base = base
  var exponent = exponent
  while exponent > 0 {
    if exponent & 1 == 1 {
      result = multiply(result, base, modulo: m)
    }
    base = multiply(base, base, modulo: m)
    exponent >>= 1
  }
  return result
}
