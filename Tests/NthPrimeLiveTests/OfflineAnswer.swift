import ComposableArchitectureTestSupport
import Counter

/// Asserts, exhaustively, that the counter screen asking `client` for the `n`th prime gets what the offline
/// engine gives for a small `n`: progress at 0 and 100 percent, then `prime` as the answer.
@MainActor
func assertAnswersOffline(_ client: NthPrimeClient, n: Int, prime: Int) async {
  await assert(
    initialValue: CounterViewState(counter: CounterState(count: n)),
    reducer: counterViewReducer,
    environment: client,
    steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
    Step(.receive, .counter(.nthPrimeProgress(n: n, percent: 0))) { $0.counter.nthPrimeProgress = 0 },
    Step(.receive, .counter(.nthPrimeProgress(n: n, percent: 100))) { $0.counter.nthPrimeProgress = 100 },
    Step(.receive, .counter(.nthPrimeResponse(n: n, prime: prime))) {
      $0.counter.alertNthPrime = PrimeAlert(n: n, prime: prime)
      $0.counter.isNthPrimeButtonDisabled = false
      $0.counter.nthPrimeProgress = nil
    }
  )
}
