import Counter
import Testing

/// The sentences the counter screen shows: its problems and the alert.
@Suite(.timeLimit(.minutes(2)))
struct CounterTextTests {
  @Test func problemDescriptionsAreExact() {
    #expect(CounterProblem.countAtMaximum.description == "The count is already 9223372036854775807, the largest it can be.")
    #expect(
      CounterProblem.countAtMinimum.description == "The count is already -9223372036854775808, the smallest it can be."
    )
    #expect(
      CounterProblem.noSuchPrime(n: 0).description
        == "There is no 0th prime: primes are counted from the 1st. Count up to 1 or more first."
    )
    #expect(
      CounterProblem.noSuchPrime(n: -1).description
        == "There is no -1st prime: primes are counted from the 1st. Count up to 1 or more first."
    )
    #expect(
      CounterProblem.nthPrimeFailed(n: 7).description
        == "Couldn't find the 7th prime. Try again, or ask for a smaller one."
    )
    #expect(
      CounterProblem.nthPrimeFailed(n: 12).description
        == "Couldn't find the 12th prime. Try again, or ask for a smaller one."
    )
  }

  @Test func alertTitleNamesTheNthPrime() {
    #expect(PrimeAlert(n: 7, prime: 17).title == "The 7th prime is 17")
    #expect(PrimeAlert(n: 2, prime: 3).title == "The 2nd prime is 3")
    #expect(PrimeAlert(n: 1_000_000, prime: 15_485_863).title == "The 1000000th prime is 15485863")
  }

  /// As in the reference, an alert is identified by its prime.
  @Test func alertIsIdentifiedByItsPrime() {
    #expect(PrimeAlert(n: 7, prime: 17).id == 17)
  }
}
