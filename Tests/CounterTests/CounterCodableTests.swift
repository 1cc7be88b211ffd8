import Counter
import Foundation
import PrimeModal
import Testing

/// The counter's actions and state survive a recording: encoded to JSON and decoded back, each is unchanged.
@Suite(.timeLimit(.minutes(2)))
struct CounterCodableTests {
  private func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
    try JSONDecoder().decode(T.self, from: try JSONEncoder().encode(value))
  }

  private let failures: [NthPrimeServiceFailure] = [
    .unreachable, .timedOut, .errorStatus(503), .noPrimeInAnswer, .notTheNthPrime(answered: 18),
    .clientMissing(path: "/usr/libexec/helper"),
    .clientCouldNotRun(path: "/usr/libexec/helper", exitStatus: 127), .clientKilled(path: "/usr/libexec/helper", signal: 9),
  ]

  @Test func everyActionDecodesAsItWasEncoded() throws {
    var actions: [CounterViewAction] = [
      .counter(.decrTapped), .counter(.incrTapped), .counter(.countEntered(-12)), .counter(.nthPrimeButtonTapped),
      .counter(.nthPrimeCancelButtonTapped), .counter(.nthPrimeResponse(n: 7, prime: 17)),
      .counter(.nthPrimeResponse(n: 7, prime: nil)), .counter(.nthPrimeProgress(n: 7, percent: 40)),
      .counter(.alertNthPrime(.dismiss)), .counter(.okTapped), .counter(.isPrimeButtonTapped),
      .primeModal(.dismiss), .primeModal(.presented(.saveFavoritePrimeTapped)), .primeModal(.presented(.removeFavoritePrimeTapped)),
    ]
    actions += failures.map { .counter(.nthPrimeComputedHere(n: 3, prime: 5, because: $0)) }
    for action in actions {
      #expect(try roundTrip(action) == action)
    }
  }

  @Test func theStateWithEveryFieldSetDecodesAsItWasEncoded() throws {
    let problems: [CounterProblem] = [
      .countAtMaximum, .countAtMinimum, .noSuchPrime(n: 0), .nthPrimeBeyondLimit(n: 9, limit: 8),
      .nthPrimeFailed(n: 4), .nothingToDismiss,
    ]
    for (problem, failure) in zip(problems, failures + [.timedOut]) {
      let state = CounterState(
        alertNthPrime: PrimeAlert(n: 7, prime: 17, computedHereBecause: failure), count: 7,
        isNthPrimeButtonDisabled: true, isPrimeModalShown: true, nthPrimeProgress: 50, problem: problem,
        withdrawnNthPrime: 6
      )
      #expect(try roundTrip(state) == state)
    }
    #expect(try roundTrip(CounterState()) == CounterState())
  }

  /// counter-demo's recordings made before the screen's state nested the counter's held its fields beside the
  /// favourites; they are read, and today's nested form round-trips.
  @Test func theScreenRecordedFlatOrNestedIsRead() throws {
    let json = #"""
      {"alertNthPrime":{"n":4,"prime":7},"count":4,"favoritePrimes":{"primes":[2,7]},\#
      "isNthPrimeButtonDisabled":true,"isPrimeModalShown":true,"problem":{"nothingToDismiss":{}},\#
      "primeModalProblem":{"notPrime":{"_0":4}},"withdrawnNthPrime":3}
      """#
    let screen = CounterViewState(
      counter: CounterState(
        alertNthPrime: PrimeAlert(n: 4, prime: 7), count: 4, isNthPrimeButtonDisabled: true, isPrimeModalShown: true,
        problem: .nothingToDismiss, withdrawnNthPrime: 3
      ),
      favoritePrimes: [2, 7],
      primeModalProblem: .notPrime(4)
    )
    #expect(try JSONDecoder().decode(CounterViewState.self, from: Data(json.utf8)) == screen)
    #expect(try roundTrip(screen) == screen)
  }
}
