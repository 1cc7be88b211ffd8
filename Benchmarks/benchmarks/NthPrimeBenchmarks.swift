import Primes

/// The offline nth-prime engine, from 10^6 to its limit of 10^12: one ``nthPrime(_:isCancelled:progress:)``
/// per operation, single-threaded, as Counter's live environment calls it.
///
/// `Benchmarks/compare-nthprime.sh` sets these figures beside Debian's `primesieve` and `primecount`.
enum NthPrimeBenchmarks {
  static var all: [Benchmark] {
    [6, 7, 8, 9, 10, 11, 12].map(nthPrime(tenToThe:))
  }

  /// `nthprime.1e<exponent>`: the 10^exponent-th prime.
  static func nthPrime(tenToThe exponent: Int) -> Benchmark {
    Benchmark("nthprime.1e\(exponent)") {
      let n = (0..<exponent).reduce(1) { product, _ in product * 10 }
      return { iterations in
        var total = 0
        for _ in 0..<iterations {
          do {
            total &+= try Primes.nthPrime(n)
          } catch {
            BenchmarkFiles.fail("the \(n)th prime: \(error)")
          }
        }
        blackHole(total)
      }
    }
  }
}
