import ComposableArchitectureTestSupport
import Counter
import Foundation
@testable import NthPrimeLive
import Primes
import Testing

/// Wolfram|Alpha's answer is checked before it is shown: a number that is not the nth prime is not taken, and
/// the prime is computed on this machine instead, with a line naming the number.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct WolframAlphaAnswerCheckTests {
  /// A client whose service answers `text` as its primary result.
  private func client(answering text: String) -> WolframAlphaClient {
    WolframAlphaClient(appID: "TEST-ID") { _ in WolframAlphaFixtures.primaryResult(text) }
  }

  /// 18 and 1 are not primes, -5 is negative, 19 is the 8th prime, and 9223372036854775783 (the largest prime
  /// below 2^63) is a prime far from the 7th.
  @Test(arguments: [18, -5, 1, 19, 9_223_372_036_854_775_783])
  func aNumberThatIsNotTheSeventhPrimeIsNotTaken(answer: Int) async throws {
    #expect(try await client(answering: "\(answer)").answer(forPrime: 7) == .failure(.notTheNthPrime(answer)))
  }

  /// The offline engine answers in its place, and the alert names the number.
  @Test(arguments: [18, -5, 1, 19, 9_223_372_036_854_775_783])
  func aNumberThatIsNotTheSeventhPrimeIsReplacedByTheOfflineAnswer(answer: Int) async {
    let failure = NthPrimeServiceFailure.notTheNthPrime(answered: answer)
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: .wolframAlpha(client(answering: "\(answer)")),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeProgress(n: 7, percent: 0))) { $0.counter.nthPrimeProgress = 0 },
      Step(.receive, .counter(.nthPrimeProgress(n: 7, percent: 100))) { $0.counter.nthPrimeProgress = 100 },
      Step(.receive, .counter(.nthPrimeComputedHere(n: 7, prime: 17, because: failure))) {
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.nthPrimeProgress = nil
        $0.counter.alertNthPrime = PrimeAlert(n: 7, prime: 17, computedHereBecause: failure)
      },
      // The whole suite keeps the pool busy for half a minute at times: a bound for a hang, not a time.
      timeout: .seconds(120)
    )
    #expect(
      PrimeAlert(n: 7, prime: 17, computedHereBecause: failure).fallbackNotice
        == "Wolfram|Alpha answered \(answer), which is not the 7th prime; computed the 7th prime on this machine "
        + "instead. Unset WOLFRAM_ALPHA_APPID to always compute here."
    )
  }

  @Test func theRightAnswerIsTakenAsItIs() async throws {
    #expect(try await client(answering: "17").answer(forPrime: 7) == .success(17))
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: .wolframAlpha(client(answering: "17")),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeResponse(n: 7, prime: 17))) {
        $0.counter.alertNthPrime = PrimeAlert(n: 7, prime: 17)
        $0.counter.isNthPrimeButtonDisabled = false
      },
      timeout: .seconds(120)
    )
  }

  /// Up to the exact limit, a prime is taken only when it is the nth: the limit's own prime, and its neighbour.
  @Test func upToTheExactLimitOnlyTheNthPrimeIsTaken() {
    #expect(NthPrimeCheck.exactLimit == 1_000_000)
    #expect(NthPrimeCheck.accepts(15_485_863, asNthPrime: 1_000_000))
    #expect(!NthPrimeCheck.accepts(15_485_867, asNthPrime: 1_000_000))
    #expect(isPrime(15_485_867))
    #expect(NthPrimeCheck.accepts(2, asNthPrime: 1))
    #expect(!NthPrimeCheck.accepts(2, asNthPrime: 0))
  }

  /// Above it, a prime is taken when it lies within the bounds of the nth prime, and refused outside them; a
  /// wrong prime inside them passes, as docs/Manual.md says.
  @Test func aboveTheExactLimitAPrimeOutsideTheBoundsIsRefused() throws {
    let n = 1_000_000_000
    #expect(NthPrimeCheck.accepts(22_801_763_489, asNthPrime: n))
    let neighbour = try #require((22_801_763_490...).first(where: isPrime))
    #expect(NthPrimeCheck.accepts(neighbour, asNthPrime: n))
    #expect(!NthPrimeCheck.accepts(22_801_763_491, asNthPrime: n), "not a prime")
    #expect(!NthPrimeCheck.accepts(1_000_000_007, asNthPrime: n), "a prime below the bounds")
    #expect(!NthPrimeCheck.accepts(9_223_372_036_854_775_783, asNthPrime: n), "a prime above the bounds")
  }

  /// The bounds hold the known nth primes from 10^6 to the engine's limit, 10^12.
  @Test(arguments: [
    (1_000_000, 15_485_863), (10_000_000, 179_424_673), (100_000_000, 2_038_074_743),
    (1_000_000_000, 22_801_763_489), (10_000_000_000, 252_097_800_623), (1_000_000_000_000, 29_996_224_275_833),
  ])
  func theBoundsHoldTheKnownNthPrimes(n: Int, prime: Int) {
    let (lower, upper) = NthPrimeCheck.bounds(n)
    #expect(lower <= Double(prime) && Double(prime) <= upper)
    #expect(upper - lower < Double(n) + 1e6)
  }
}
