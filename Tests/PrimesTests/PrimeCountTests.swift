import Primes
import Testing

/// π(x), the prime-counting function: a sieve below 2^20, the Lagarias–Miller–Odlyzko method above.
@Suite(.timeLimit(.minutes(2)))
struct PrimeCountTests {
  @Test(arguments: [(Int.min, 0), (-1, 0), (0, 0), (1, 0), (2, 1), (3, 2), (10, 4), (100, 25), (1000, 168)])
  func smallValuesAreExact(_ x: Int, _ count: Int) throws {
    #expect(try primeCount(x) == count)
  }

  /// Seeded random points up to 10^7, on both sides of the switch from sieving to counting at 2^20, and the
  /// points where the method's parameters change: cubes and squares of primes, and the numbers next to them.
  @Test func agreesWithASieveAtManyPoints() async throws {
    var generator = SeededGenerator(seed: 7)
    var points = (0..<150).map { _ in Int.random(in: 0..<10_000_000, using: &generator) }
    points += (0..<50).map { _ in Int.random(in: 1_000_000..<1_100_000, using: &generator) }
    points += [(1 << 20) - 1, 1 << 20, (1 << 20) + 1, 9_999_999]
    for p in [101, 103, 149, 211] {
      let cube = p * p * p
      points += [cube - 1, cube, cube + 1]
    }
    for p in [1009, 2003, 3001] {
      let square = p * p
      points += [square - 1, square, square + 1]
    }
    let checked = points
    let mismatches = try await offThePool {
      let table = PrimeTable.belowTenMillion
      return try checked.compactMap { x in
        let count = try primeCount(x)
        return count == table.count(upTo: x) ? nil : "π(\(x)) = \(count), not \(table.count(upTo: x))"
      }
    }
    #expect(mismatches == [])
  }

  /// Where the method's parameters are those of the largest counts: seeded random points just above 10^10,
  /// checked against π(10^10) plus the primes found one by one with `isPrime`.
  @Test func agreesWithPrimalityTestingJustAbove10To10() async throws {
    let base = 10_000_000_000
    var generator = SeededGenerator(seed: 11)
    let points = (0..<6).map { _ in base + Int.random(in: 1...100_000, using: &generator) } + [base + 100_000]
    let mismatches = try await offThePool {
      let primesAbove = stride(from: base + 1, through: base + 100_000, by: 2).filter(isPrime)
      return try points.compactMap { x in
        let expected = 455_052_511 + primesAbove.prefix { $0 <= x }.count
        let count = try primeCount(x)
        return count == expected ? nil : "π(\(x)) = \(count), not \(expected)"
      }
    }
    #expect(mismatches == [])
  }

  /// Known values (OEIS A006880 and π(2^32)); the largest takes a second or two in a debug build.
  @Test(arguments: [
    (100_000_000, 5_761_455), (1_000_000_000, 50_847_534), (1 << 32, 203_280_221),
    (10_000_000_000, 455_052_511), (100_000_000_000, 4_118_054_813),
  ])
  func largeValuesAreExact(_ x: Int, _ count: Int) async throws {
    #expect(try await offThePool { try primeCount(x) } == count)
  }

  /// At a prime the count goes up by one: the 252,097,800,623 is the 10^10th prime.
  @Test func theCountStepsAtAPrime() async throws {
    #expect(try await offThePool { try primeCount(252_097_800_622) } == 9_999_999_999)
    #expect(try await offThePool { try primeCount(252_097_800_623) } == 10_000_000_000)
  }

  @Test(arguments: [primeCountLimit + 1, Int.max])
  func xBeyondTheLimitIsRefusedWithoutComputing(_ x: Int) {
    var asked = 0
    #expect(throws: PrimeCountError.beyondLimit(x: x, limit: primeCountLimit)) {
      try primeCount(x, isCancelled: {
        asked += 1
        return false
      })
    }
    #expect(asked == 0)
  }

  /// The limit itself is counted (it takes many seconds in a debug build, so the test cancels at the first
  /// check: a refusal would throw before asking).
  @Test func xAtTheLimitIsAccepted() {
    #expect(throws: CancellationError.self) { try primeCount(primeCountLimit, isCancelled: { true }) }
  }

  /// Every check is a chance to stop: cancelling at the kth check throws there, in every phase.
  @Test(arguments: [1, 2, 5, 20, 60])
  func cancelledAtAnyCheckThrowsThere(_ k: Int) async throws {
    let (cancelled, asked) = try await offThePool {
      var asked = 0
      do {
        _ = try primeCount(100_000_000_000, isCancelled: {
          asked += 1
          return asked == k
        })
        return (false, asked)
      } catch is CancellationError {
        return (true, asked)
      }
    }
    #expect(cancelled)
    #expect(asked == k)
  }

  @Test func descriptionIsExact() {
    #expect(
      PrimeCountError.beyondLimit(x: 1_000_000_000_001, limit: 1_000_000_000_000).description
        == "Counting the primes up to 1000000000001 is beyond what PrimeTime computes; ask for 1000000000000 or less."
    )
  }
}
