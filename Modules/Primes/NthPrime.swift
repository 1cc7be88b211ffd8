

/// The largest `n` for which ``nthPrime(_:isCancelled:progress:)`` computes the nth prime: 10^12, whose
/// prime is 29,996,224,275,833.
public let nthPrimeLimit = 1_000_000_000_000

/// The nth prime, counting 2 as the 1st: `nthPrime(7)` is 17.
///
/// Small `n` are found by sieving from 2. For larger `n` the engine estimates the nth prime, counts the primes
/// up to the estimate exactly with ``primeCount(_:isCancelled:)``'s method, then sieves the short way from
/// the estimate to the answer. Memory stays under about ten megabytes; in a release build the 10^10th prime
/// takes a few hundredths of a second and the 10^12th about half a second.
///
/// - Parameters:
///   - isCancelled: asked every few milliseconds (far more often in a debug build); once it answers `true`,
///     the computation stops and throws `CancellationError`.
///   - progress: told how far the computation is, in whole percents: 0 first, then increasing values, each
///     at most once, and 100 just before the answer is returned. A quick computation reports only 0 and 100.
/// - Throws: ``NthPrimeError`` for `n < 1` or `n >` ``nthPrimeLimit`` (before asking `isCancelled` or
///   reporting anything), `CancellationError` when cancelled, and ``NthPrimeError/searchFailed(n:)`` in place of
///   a wrong answer should the engine have a defect.
public func nthPrime(
  _ n: Int,
  isCancelled: () -> Bool = { false },
  progress: (Int) -> Void = { _ in }
) throws -> Int {
  guard n >= 1 else { throw NthPrimeError.notPositive(n) }
  guard n <= nthPrimeLimit else { throw NthPrimeError.beyondLimit(n: n, limit: nthPrimeLimit) }
  return try withoutActuallyEscaping(isCancelled) { isCancelled in
    try withoutActuallyEscaping(progress) { progress in
      let monitor = ComputationMonitor(isCancelled: isCancelled, report: progress)
      try monitor.check()
      let prime = try NthPrimeSearch(n: n, monitor: monitor).prime()
      monitor.finish()
      return prime
    }
  }
}
