import Platform

/// A close estimate of the nth prime, for `n ≥ 6`: the inverse of `R(t) ≈ li(t) - li(√t)/2 - li(∛t)/3`,
/// Riemann's approximation to π, by Newton's method from `n (ln n + ln ln n - 1)`.
///
/// Off by about a hundred thousand at `n = 10^10` and a million at 10^12 (as far as π(t) is from `R(t)`,
/// times `ln t`); the engine counts exactly from there.
func estimatedNthPrime(_ n: Int) -> Int {
  let target = Double(n)
  let logN = log(target)
  var t = target * (logN + log(logN) - 1)
  for _ in 0..<40 {
    let step = (riemannR(t) - target) * log(t)
    t -= step
    if abs(step) < 0.5 { break }
  }
  return Int(t.rounded())
}

/// A strict upper bound on the nth prime for `n ≥ 6` (Rosser and Schoenfeld): `n (ln n + ln ln n)`.
func nthPrimeUpperBound(_ n: Int) -> Int {
  guard n >= 6 else { return 13 }
  let logN = log(Double(n))
  return Int((Double(n) * (logN + log(logN))).rounded(.up)) + 1
}

/// `li(t) - li(√t)/2 - li(∛t)/3`, the first terms of Riemann's `R(t)`.
private func riemannR(_ t: Double) -> Double {
  logarithmicIntegral(t) - logarithmicIntegral(t.squareRoot()) / 2 - logarithmicIntegral(cbrt(t)) / 3
}

/// `li(t)` for `t > 1`, by Ramanujan's series.
private func logarithmicIntegral(_ t: Double) -> Double {
  let eulerGamma = 0.577_215_664_901_532_9
  let logT = log(t)
  var sum = 0.0
  var term = logT  // (-1)^(k-1) (ln t)^k / (k! 2^(k-1))
  var oddReciprocals = 0.0  // Σ 1/(2j+1) for 2j+1 ≤ k
  for k in 1...400 {
    if k % 2 == 1 { oddReciprocals += 1 / Double(k) }
    let increment = term * oddReciprocals
    sum += increment
    if abs(increment) < 1e-17 * abs(sum) { break }
    term *= -logT / Double(2 * (k + 1))
  }
  return eulerGamma + log(logT) + t.squareRoot() * sum
}
