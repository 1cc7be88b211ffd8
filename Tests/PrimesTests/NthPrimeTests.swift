import Primes
import Testing

/// The nth-prime engine, counting 2 as the 1st (expected values from §5 of the reference).
@Suite(.timeLimit(.minutes(2)))
struct NthPrimeTests {
  /// The 1st to the 30th prime, as §5 of the reference lists them.
  static let first30 = [
    2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71,
    73, 79, 83, 89, 97, 101, 103, 107, 109, 113,
  ]

  @Test func theFirst30PrimesMatchTheReferenceList() throws {
    for (index, prime) in Self.first30.enumerated() {
      #expect(try nthPrime(index + 1) == prime, "the \(ordinal(index + 1)) prime")
    }
  }

  @Test(arguments: [
    (100, 541), (1000, 7919), (10_000, 104_729), (100_000, 1_299_709), (1_000_000, 15_485_863),
  ])
  func largerIndicesMatchTheReferenceValues(_ n: Int, _ prime: Int) throws {
    #expect(try nthPrime(n) == prime)
  }

  /// Beyond the reference: 10^7, 10^8 and 10^9 (OEIS A006988), found by counting, then sieving.
  @Test(arguments: [(10_000_000, 179_424_673), (100_000_000, 2_038_074_743), (1_000_000_000, 22_801_763_489)])
  func largeIndicesMatchKnownValues(_ n: Int, _ prime: Int) async throws {
    #expect(try await offThePool { try nthPrime(n) } == prime)
  }

  /// The old limit, 10^10, computed in full (NthPrimeUpToTenToTheTwelfthTests has the present one).
  @Test func theTenBillionthPrimeIsComputedExactly() async throws {
    #expect(try await offThePool { try nthPrime(10_000_000_000) } == 252_097_800_623)
  }

  /// Small n are sieved from 2 in segments of 262,144 numbers: the primes on each side of the first
  /// boundaries, and on each side of where sieving gives way to counting.
  @Test(arguments: [
    (23_000, 262_139), (23_001, 262_147), (43_390, 524_287), (43_391, 524_309), (82_025, 1_048_573),
    (82_026, 1_048_583), (200_000, 2_750_159), (200_001, 2_750_161),
  ])
  func primesOnEitherSideOfABoundaryAreFound(_ n: Int, _ prime: Int) throws {
    #expect(try nthPrime(n) == prime)
  }

  /// Every n up to 150, then every 11th up to 2000, by sieving; then seeded random n up to π(10^7), by
  /// counting to an estimate and sieving forward or back from it.
  @Test func agreesWithASieve() async throws {
    let mismatches = try await offThePool {
      let primes = PrimeTable.belowTenMillion.primes
      var generator = SeededGenerator(seed: 10)
      let checked = Array(1...150) + Array(stride(from: 151, through: 2000, by: 11))
        + (0..<150).map { _ in Int.random(in: 200_001...primes.count, using: &generator) } + [primes.count]
      return try checked.compactMap { n in
        let prime = try nthPrime(n)
        return prime == primes[n - 1] ? nil : "the \(ordinal(n)) prime is \(primes[n - 1]), not \(prime)"
      }
    }
    #expect(mismatches == [])
  }

  @Test(arguments: [0, -5, -1, Int.min])
  func nZeroOrNegativeIsNotPositive(_ n: Int) {
    #expect(throws: NthPrimeError.notPositive(n)) { try nthPrime(n) }
  }

  @Test(arguments: [nthPrimeLimit + 1, nthPrimeLimit * 10, Int.max])
  func nBeyondTheLimitIsRefusedWithoutComputing(_ n: Int) {
    var asked = 0
    #expect(throws: NthPrimeError.beyondLimit(n: n, limit: nthPrimeLimit)) {
      try nthPrime(n, isCancelled: {
        asked += 1
        return false
      })
    }
    #expect(asked == 0)
  }

  /// The limit is accepted: the computation starts (the test cancels it at the first check; a refusal would
  /// throw `beyondLimit` before asking).
  @Test func nAtTheLimitIsAccepted() {
    #expect(throws: CancellationError.self) { try nthPrime(nthPrimeLimit, isCancelled: { true }) }
  }

  @Test func refusalsDoNotAskWhetherCancelled() {
    var asked = 0
    #expect(throws: NthPrimeError.notPositive(0)) {
      try nthPrime(0, isCancelled: {
        asked += 1
        return true
      })
    }
    #expect(asked == 0)
  }

  @Test func cancelledBeforeStartingThrowsCancellationError() {
    #expect(throws: CancellationError.self) { try nthPrime(100_000, isCancelled: { true }) }
  }

  @Test func cancelledMidwayThrowsCancellationErrorAtTheNextCheck() {
    var asked = 0
    #expect(throws: CancellationError.self) {
      try nthPrime(1_000_000, isCancelled: {
        asked += 1
        return asked == 3
      })
    }
    #expect(asked == 3)
  }

  /// Cancelling at the kth check throws there, whichever phase the computation is in.
  @Test(arguments: [2, 10, 40, 80])
  func cancelledAtAnyCheckThrowsThere(_ k: Int) async throws {
    let (cancelled, asked) = try await offThePool {
      var asked = 0
      do {
        _ = try nthPrime(1_000_000_000, isCancelled: {
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

  /// The checks come often: well over a hundred while finding the 10^9th prime (25 ms in a release build),
  /// and the progress reports rise from 0 to 100, each once.
  @Test func aLongComputationKeepsAskingWhetherCancelledAndReportsIncreasingPercents() async throws {
    let (prime, asked, percents) = try await offThePool {
      var asked = 0
      var percents: [Int] = []
      let prime = try nthPrime(
        1_000_000_000,
        isCancelled: {
          asked += 1
          return false
        },
        progress: { percents.append($0) }
      )
      return (prime, asked, percents)
    }
    #expect(prime == 22_801_763_489)
    #expect(asked >= 100)
    #expect(percents.first == 0)
    #expect(percents.last == 100)
    #expect(percents.count >= 5, "\(percents)")
    #expect(zip(percents, percents.dropFirst()).allSatisfy { $0 < $1 }, "\(percents)")
  }

  // MARK: Progress

  @Test(arguments: [1, 7, 1000])
  func aQuickComputationReportsOnlyTheStartAndTheEnd(_ n: Int) throws {
    var percents: [Int] = []
    _ = try nthPrime(n, progress: { percents.append($0) })
    #expect(percents == [0, 100])
  }

  @Test func aCancelledComputationNeverReports100() async throws {
    let (cancelled, percents) = try await offThePool {
      var percents: [Int] = []
      var asked = 0
      do {
        _ = try nthPrime(
          1_000_000_000,
          isCancelled: {
            asked += 1
            return asked == 50
          },
          progress: { percents.append($0) }
        )
        return (false, percents)
      } catch is CancellationError {
        return (true, percents)
      }
    }
    #expect(cancelled)
    #expect(percents.first == 0)
    #expect(!percents.contains(100))
  }

  @Test(arguments: [0, nthPrimeLimit + 1])
  func aRefusalReportsNothing(_ n: Int) {
    var percents: [Int] = []
    #expect(throws: NthPrimeError.self) { try nthPrime(n, progress: { percents.append($0) }) }
    #expect(percents.isEmpty)
  }

  @Test func descriptionsAreExact() {
    #expect(
      NthPrimeError.notPositive(0).description == "There is no 0th prime: primes are counted from the 1st."
    )
    #expect(
      NthPrimeError.notPositive(-5).description == "There is no -5th prime: primes are counted from the 1st."
    )
    #expect(
      NthPrimeError.beyondLimit(n: 10_000_000_001, limit: 10_000_000_000).description
        == "The 10000000001st prime is beyond what PrimeTime computes; ask for the 10000000000th or earlier."
    )
    #expect(
      NthPrimeError.searchFailed(n: 42).description
        == "The search for the 42nd prime ended without it; this is a bug in PrimeTime, please report it."
    )
  }
}
