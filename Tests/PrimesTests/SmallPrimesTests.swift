import Testing

@testable import Primes

/// The sieve behind the engine's sieving primes and tables: plain below 2^16, segmented from there.
@Suite(.timeLimit(.minutes(2)))
struct SmallPrimesTests {
  @Test(arguments: [0, 1, 2, 3, 4, 100, 65_535, 65_536, 65_537, 131_072, 1_000_003, 3_000_017])
  func thePrimesUpToALimitMatchAReferenceSieve(_ limit: Int) {
    let reference = PrimeTable(below: limit + 3)  // PrimeTable needs a bound of 2 or more
    #expect(primes(upTo: limit) == reference.primes.filter { $0 <= limit })
  }

  /// `check` comes every 2^16 odd numbers (65,536 bits of the sieve), and what it throws ends the sieve.
  @Test func theCheckComesEvery65536OddNumbersAndItsErrorStopsTheSieve() {
    var calls = 0
    let found = primes(upTo: 1_000_000, check: { calls += 1 })
    #expect(found.count == 78_498)
    #expect(calls == 7)
    struct Stop: Error {}
    #expect(throws: Stop.self) { try primes(upTo: 1_000_000, check: { throw Stop() }) }
  }
}
