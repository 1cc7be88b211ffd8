import Primes
import Testing

/// `PrimalityLookup` answers exactly what `isPrime` answers, whether it sieved or not; `SeenPrimes` says
/// whether a prime came before, with or without its bitset.
@Suite(.timeLimit(.minutes(2)))
struct PrimalityLookupTests {
  /// Carmichael numbers fool Fermat's test to every base coprime to them; Miller–Rabin and a sieve must not be.
  static let carmichaelNumbers = [
    561, 1105, 1729, 2465, 2821, 6601, 8911, 10585, 15841, 29341, 41041, 46657, 52633, 62745, 63973, 75361,
    101_101, 115_921, 126_217, 162_401, 172_081, 188_461, 252_601, 278_545, 294_409, 314_821, 334_153,
    340_561, 399_001, 410_041, 449_065, 488_881, 512_461, 3_215_031_751, 3_825_123_056_546_413_051,
  ]

  static let largeValues = [
    4_294_967_291, 4_294_967_295, 4_294_967_296, 4_294_967_297, 4_294_967_311, 4_759_123_141,
    1_000_000_007, 2_305_843_009_213_693_951, 999_999_999_999_999_989, 9_223_372_036_854_775_783,
    3_037_000_493 * 3_037_000_453, Int.max, Int.max - 1,
  ]

  @Test func everyValueUpTo100000IsAnsweredAsIsPrimeAnswersWithTheSieve() {
    let values = Array(0...100_000)
    let lookup = PrimalityLookup(for: values)
    #expect(lookup.sieveLimit == 100_000)
    #expect(values.filter { lookup.isPrime($0) } == values.filter(isPrime))
  }

  @Test func everyValueUpTo100000IsAnsweredAsIsPrimeAnsweredWithoutTheSieve() {
    let values = Array(0...100_000)
    let lookup = PrimalityLookup(for: [Int.max])
    #expect(lookup.sieveLimit == nil)
    #expect(values.filter { lookup.isPrime($0) } == values.filter(isPrime))
  }

  @Test func negativeNumbersIntMinAndIntMaxAreNotPrime() {
    let values = [Int.min, Int.min + 1, -Int.max, -97, -7, -2, -1, 0, 1, Int.max] + Array(2...64)
    let lookup = PrimalityLookup(for: values)
    for value in values {
      #expect(lookup.isPrime(value) == isPrime(value), "\(value)")
    }
    #expect(!lookup.isPrime(Int.min) && !lookup.isPrime(Int.max) && !lookup.isPrime(-7))
  }

  @Test func largePrimesAndCarmichaelNumbersAreAnsweredAsIsPrimeAnswers() {
    let values = Self.largeValues + Self.carmichaelNumbers
    let lookup = PrimalityLookup(for: values)
    for value in values {
      #expect(lookup.isPrime(value) == isPrime(value), "\(value)")
    }
    #expect(Self.carmichaelNumbers.allSatisfy { !lookup.isPrime($0) })
    #expect(lookup.isPrime(4_294_967_291) && lookup.isPrime(9_223_372_036_854_775_783))
  }

  /// Many small values and a few beyond the sieve: the small ones are looked up, the others tested.
  @Test func aMixedListIsAnsweredValueByValueAsIsPrimeAnswers() {
    let values = Array(0...20_000) + Self.largeValues + Self.carmichaelNumbers + [-5, Int.min]
    let lookup = PrimalityLookup(for: values)
    #expect(lookup.sieveLimit != nil)
    for value in values {
      #expect(lookup.isPrime(value) == isPrime(value), "\(value)")
    }
  }

  /// Asking about a value that was not in the list is allowed: it is answered exactly too.
  @Test func valuesOutsideTheListAreAnsweredToo() {
    let lookup = PrimalityLookup(for: Array(0...1000))
    #expect((0...3000).filter { lookup.isPrime($0) } == (0...3000).filter(isPrime))
    #expect(!lookup.isPrime(Int.max) && lookup.isPrime(1_000_000_007))
  }

  @Test func anEmptyListNeedsNoSieve() {
    let lookup = PrimalityLookup(for: [])
    #expect(lookup.sieveLimit == nil)
    #expect(lookup.isPrime(2) && !lookup.isPrime(1) && lookup.isPrime(97))
  }

  /// The sieve reaches only values small next to the list's length, and never past the cap; larger values
  /// are tested one by one.
  @Test func theSieveReachesOnlyAsFarAsPaysAndNeverBeyondItsCap() {
    #expect(PrimalityLookup(for: [2, 3, 5]).sieveLimit == 5)  // tiny values: a tiny sieve
    #expect(PrimalityLookup(for: [97, 1_000_003]).sieveLimit == nil)  // 2 values: a sieve to 64 at most
    #expect(PrimalityLookup(for: [2, 1_000_003, 61]).sieveLimit == 61)
    let cap = PrimalityLookup.sieveCap
    let many = [cap + 1, cap - 1, Int.max] + Array(repeating: 3, count: 5_000_000)
    #expect(PrimalityLookup(for: many).sieveLimit == cap - 1)
  }

  @Test func isPrimeIsExactAroundTheEdgeOfItsFastPath() {
    // 2^32 ± small: the 64-bit path below, the full-width one from 2^32 on.
    let edge = 1 << 32
    let primes = ((edge - 100)...(edge + 100)).filter(isPrime)
    #expect(
      primes == [
        4_294_967_197, 4_294_967_231, 4_294_967_279, 4_294_967_291, 4_294_967_311, 4_294_967_357, 4_294_967_371,
        4_294_967_377, 4_294_967_387, 4_294_967_389,
      ]
    )
    // Strong pseudoprimes to the first bases (2, 3, 5, 7 and more): composite, and answered so.
    #expect(!isPrime(3_215_031_751))
    #expect(!isPrime(2_152_302_898_747) && !isPrime(3_474_749_660_383))
  }

  @Test func seenPrimesSaysWhichPrimesCameBeforeWithAndWithoutItsBitset() {
    for limit in [nil, 100] as [Int?] {
      var seen = SeenPrimes(upTo: limit)
      let firsts = [2, 3, 2, 97, 101, 3, 101, 1_000_000_007, 97, 1_000_000_007, 2].map { seen.insert($0) }
      #expect(firsts == [true, true, false, true, true, false, false, true, false, false, false], "\(limit ?? -1)")
    }
  }
}
