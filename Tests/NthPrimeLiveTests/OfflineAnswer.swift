import ComposableArchitectureTestSupport
import Counter

/// Asserts, exhaustively, that the counter screen asking `client` for the `n`th prime gets what the offline
/// engine gives for a small `n`: progress at 0 and 100 percent, then `prime` as the answer.
@MainActor
func assertAnswersOffline(_ client: NthPrimeClient, n: Int, prime: Int) async {
  await assert(
    initialValue: CounterViewState(count: n),
    reducer: counterViewReducer,
    environment: client,
    steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.isNthPrimeButtonDisabled = true },
    Step(.receive, .counter(.nthPrimeProgress(n: n, percent: 0))) { $0.nthPrimeProgress = 0 },
    Step(.receive, .counter(.nthPrimeProgress(n: n, percent: 100))) { $0.nthPrimeProgress = 100 },
    Step(.receive, .counter(.nthPrimeResponse(n: n, prime: prime))) {
      $0.alertNthPrime = PrimeAlert(n: n, prime: prime)
      $0.isNthPrimeButtonDisabled = false
      $0.nthPrimeProgress = nil
    }
  )
}
