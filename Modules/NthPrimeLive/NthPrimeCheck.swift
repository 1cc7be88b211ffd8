import Platform
import Primes

/// Whether a service's answer can be the nth prime, checked before it is shown: it must be a prime
/// (``Primes/isPrime(_:)``, exact for every `Int`); for n up to ``exactLimit`` it must be the nth prime this
/// machine computes; above, it must lie within the bounds every nth prime lies in (``bounds(_:)``).
///
/// Above ``exactLimit`` a wrong prime close to the right one passes: the bounds are a few percent apart.
enum NthPrimeCheck {
  /// The largest n whose prime is computed to compare: 10^6, whose prime, 15,485,863, the engine finds in a
  /// few milliseconds in a release build (some 30 in a debug build), on the calling thread.
  static let exactLimit = 1_000_000

  /// Whether `answer` can be the `n`th prime: see ``NthPrimeCheck``.
  static func accepts(_ answer: Int, asNthPrime n: Int) -> Bool {
    guard n >= 1, isPrime(answer) else { return false }
    if n <= exactLimit {
      return (try? nthPrime(n)) == answer
    }
    let (lower, upper) = bounds(n)
    return (lower...upper).contains(Double(answer))
  }

  /// Bounds on the `n`th prime for `n ≥ 6`: `n (ln n + ln ln n − 1) ≤ p_n` (Dusart, for n ≥ 2) and
  /// `p_n < n (ln n + ln ln n)` (Rosser), each widened by far more than the rounding of `Double` can move them.
  static func bounds(_ n: Int) -> (lower: Double, upper: Double) {
    let size = Double(n)
    let logN = log(size)
    let upper = size * (logN + log(logN))
    let slack = upper * 1e-12 + 1
    return (upper - size - slack, upper + slack)
  }
}
