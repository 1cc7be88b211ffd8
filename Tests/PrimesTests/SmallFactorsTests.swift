import Testing

@testable import Primes

/// The Möbius function and least prime factor the leaves read, in one signed number.
@Suite(.timeLimit(.minutes(2)))
struct SmallFactorsTests {
  @Test func everyNumberUpToTheBoundHasItsMobiusAndLeastPrimeFactor() {
    let bound = 20_000
    let factors = SmallFactors(upTo: bound, primes: primes(upTo: bound))
    let wrong = (2...bound).filter { n in
      var rest = n
      var least = 0
      var mobius = 1
      var d = 2
      while d * d <= rest {
        if rest % d == 0 {
          if least == 0 { least = d }
          rest /= d
          if rest % d == 0 { mobius = 0 }
          while rest % d == 0 { rest /= d }
          mobius = -mobius
        }
        d += 1
      }
      if rest > 1 {
        if least == 0 { least = rest }
        mobius = -mobius
      }
      let value = factors.signedLeastPrimeFactor[n]
      return SmallFactors.mobius(value) != mobius || (mobius != 0 && SmallFactors.leastPrimeFactor(value) != least)
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    #expect(SmallFactors.mobius(factors.signedLeastPrimeFactor[1]) == 1)
    #expect(SmallFactors.leastPrimeFactor(factors.signedLeastPrimeFactor[1]) > bound)
  }
}
