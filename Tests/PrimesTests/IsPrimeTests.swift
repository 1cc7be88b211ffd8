import Primes
import Testing

/// `isPrime` is exact for every `Int`: the reference's Float square root and its overflow are gone (§5 of the
/// reference lists the values).
@Suite(.timeLimit(.minutes(2)))
struct IsPrimeTests {
  /// The primes up to 40, as §5 of the reference lists them.
  static let primesUpTo40 = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]

  @Test func numbersFrom1To40AreClassifiedExactlyAsThePrimesList() {
    #expect((1...40).filter(isPrime) == Self.primesUpTo40)
  }

  @Test(arguments: [0, 1, -1, -2, -3, -5, -7, -97, Int.min, Int.min + 1, -Int.max])
  func zeroOneAndNegativeNumbersAreNotPrime(_ n: Int) {
    #expect(!isPrime(n))
  }

  @Test func intMaxIsNotPrime() {
    // 2^63 − 1 = 7² × 73 × 127 × 337 × 92737 × 649657: check the data before trusting it.
    #expect(7 * 7 * 73 * 127 * 337 * 92737 * 649657 == Int.max)
    #expect(!isPrime(Int.max))
  }

  @Test func theLargestPrimeBelow2To63IsPrime() {
    #expect(isPrime(9_223_372_036_854_775_783))
    // Everything between it and Int.max is composite.
    #expect((9_223_372_036_854_775_784...Int.max).allSatisfy { !isPrime($0) })
  }

  @Test(
    arguments: [
      1_000_000_007,  // 10^9 + 7
      998_244_353,
      4_294_967_291,  // the largest prime below 2^32
      3_037_000_493,  // the largest prime below √(2^63)
      2_305_843_009_213_693_951,  // 2^61 − 1, a Mersenne prime
      999_999_999_999_999_989,  // the largest prime below 10^18
    ]
  )
  func largePrimesArePrime(_ p: Int) {
    #expect(isPrime(p))
  }

  @Test(
    arguments: [
      (1_000_000_007, 998_244_353),
      (3_037_000_493, 3_037_000_453),  // the two largest primes below √(2^63): the product is just below Int.max
      (3_037_000_493, 3_037_000_493),  // a square, 9223371994482243049
      (4_294_967_291, 2_147_483_647),
      (65_521, 65_537),
    ]
  )
  func productsOfTwoLargePrimesAreNotPrime(_ p: Int, _ q: Int) {
    let (product, overflow) = p.multipliedReportingOverflow(by: q)
    #expect(!overflow)
    #expect(isPrime(p) && isPrime(q))
    #expect(!isPrime(product))
  }

  @Test(arguments: [561, 1105, 1729, 2465, 2821, 6601, 8911, 10585, 15841, 29341, 41041, 46657, 52633])
  func carmichaelNumbersAreNotPrime(_ n: Int) {
    #expect(!isPrime(n))
  }

  /// Strong pseudoprimes to the first few prime bases: each defeats a Miller–Rabin test with too few bases.
  @Test(
    arguments: [
      3_215_031_751,  // 151 × 751 × 28351: passes bases 2, 3, 5, 7
      2_152_302_898_747,  // 6763 × 10627 × 29947: passes bases 2 to 11
      3_474_749_660_383,  // 1303 × 16927 × 157543: passes bases 2 to 13
      341_550_071_728_321,  // 10670053 × 32010157: passes bases 2 to 19
      3_825_123_056_546_413_051,  // 149491 × 747451 × 34233211: passes every prime base from 2 to 31
    ]
  )
  func strongPseudoprimesToManyBasesAreNotPrime(_ n: Int) {
    #expect(!isPrime(n))
  }

  @Test func theStrongPseudoprimeFactorsAsDocumented() {
    #expect(149_491 * 747_451 * 34_233_211 == 3_825_123_056_546_413_051)
  }

  @Test func agreesWithASieveBelow100000() {
    let bound = 100_000
    var isComposite = [Bool](repeating: false, count: bound)
    var sieved: [Int] = []
    for candidate in 2..<bound where !isComposite[candidate] {
      sieved.append(candidate)
      for multiple in stride(from: candidate * candidate, to: bound, by: candidate) {
        isComposite[multiple] = true
      }
    }
    #expect((0..<bound).filter(isPrime) == sieved)
  }

  @Test func agreesWithTrialDivisionAroundATrillion() {
    let window = 1_000_000_000_000..<1_000_000_000_100
    #expect(window.filter(isPrime) == window.filter(isPrimeByTrialDivision))
    #expect(window.filter(isPrime).count == 4)
  }

  @Test(arguments: [4, 9, 25, 49, 121, 169, 289, 361, 529, 841, 961, 1681, 1849, 65_521 * 65_521])
  func squaresOfPrimesAreNotPrime(_ n: Int) {
    #expect(!isPrime(n))
  }
}

/// The obvious definition, without floating point: for small checks and cross-checks only.
func isPrimeByTrialDivision(_ n: Int) -> Bool {
  guard n >= 2 else { return false }
  var divisor = 2
  while divisor <= n / divisor {
    if n % divisor == 0 { return false }
    divisor += 1
  }
  return true
}
