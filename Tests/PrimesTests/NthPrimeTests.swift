import Primes
import Testing

/// The nth-prime engine, counting 2 as the 1st (expected values from §5 of the reference).
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

  @Test(arguments: [(100, 541), (1000, 7919), (10_000, 104_729), (100_000, 1_299_709)])
  func largerIndicesMatchTheReferenceValues(_ n: Int, _ prime: Int) throws {
    #expect(try nthPrime(n) == prime)
  }

  /// The slowest case in this suite: about a million primes sieved, up to 15,485,863.
  @Test func theMillionthPrimeIs15485863() throws {
    #expect(try nthPrime(1_000_000) == 15_485_863)
  }

  /// The engine sieves 65,536 odd numbers at a time: the primes on each side of the first two boundaries.
  @Test(arguments: [(12_251, 131_071), (12_252, 131_101), (23_000, 262_139), (23_001, 262_147)])
  func primesOnEitherSideOfASegmentBoundaryAreFound(_ n: Int, _ prime: Int) throws {
    #expect(try nthPrime(n) == prime)
  }

  /// Each call sieves at least one whole segment (about 2 ms in a debug build), so the n checked are every n up
  /// to 150, then every 11th up to 2000, then the n on each side of the first two segment boundaries. The test
  /// yields between calls so that it does not hold a thread of the shared pool for long.
  @Test func agreesWithCountingPrimesOneByOneWithIsPrime() async throws {
    var primes: [Int] = []
    var candidate = 2
    while primes.count < 23_010 {
      if isPrime(candidate) { primes.append(candidate) }
      candidate += 1
    }
    let checked = Array(1...150) + Array(stride(from: 151, through: 2000, by: 11)) + [2000]
      + Array(12_246...12_257) + Array(22_995...23_006)
    for n in checked {
      #expect(try nthPrime(n) == primes[n - 1], "the \(ordinal(n)) prime")
      await Task.yield()
    }
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

  /// The limit itself is computed (it takes seconds in a debug build, so the test cancels at the first check:
  /// a refusal would throw `beyondLimit` before asking).
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

  @Test func aLongComputationKeepsAskingWhetherCancelled() throws {
    var asked = 0
    let prime = try nthPrime(1_000_000, isCancelled: {
      asked += 1
      return false
    })
    #expect(prime == 15_485_863)
    // It sieves about 15.5 million numbers; it must not go more than a few hundred thousand without asking.
    #expect(asked >= 15_485_863 / 500_000)
  }

  @Test func descriptionsAreExact() {
    #expect(
      NthPrimeError.notPositive(0).description == "There is no 0th prime: primes are counted from the 1st."
    )
    #expect(
      NthPrimeError.notPositive(-5).description == "There is no -5th prime: primes are counted from the 1st."
    )
    #expect(
      NthPrimeError.beyondLimit(n: 10_000_001, limit: 10_000_000).description
        == "The 10000001st prime is beyond what PrimeTime computes; ask for the 10000000th or earlier."
    )
  }
}
