import ComposableArchitectureTestSupport
import Counter
import Testing

/// `NthPrimeClient.answering`: the stand-in a demo swaps in (`--answer N`, `--fail`).
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct NthPrimeClientAnsweringTests {
  @Test func everyQuestionGetsTheGivenAnswer() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: .answering(5, after: .zero),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeResponse(n: 7, prime: 5))) {
        $0.counter.alertNthPrime = PrimeAlert(n: 7, prime: 5)
        $0.counter.isNthPrimeButtonDisabled = false
      }
    )
  }

  @Test func noAnswerFailsAsAFailedComputationDoes() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: .answering(nil, after: .zero),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeResponse(n: 7, prime: nil))) {
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.problem = .nthPrimeFailed(n: 7)
      }
    )
  }

  /// The delay is the effect's: withdrawing the question cancels it (assert fails on an effect left running).
  @Test func theDelayEndsWhenTheQuestionIsWithdrawn() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: .answering(5, after: .seconds(3600)),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.send, .counter(.nthPrimeCancelButtonTapped)) {
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.withdrawnNthPrime = 7
      }
    )
  }
}
