import ComposableArchitectureTestSupport
import Counter
import PrimeModal
import Testing

/// The modal covers the counter: its buttons (`+`, `-`, a typed count, "What is the nth prime?") are behind
/// it, so using one closes the modal first, as a person must. Before, `prime 4` then `nth 3` showed the 3rd
/// prime's answer with the modal still open, silently about 3, and the prompt saying so.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct CounterModalCoversTheCounterTests {
  @Test(arguments: [CounterAction.incrTapped, .decrTapped, .countEntered(3)])
  func aCounterButtonClosesTheModal(action: CounterAction) async {
    await assert(
      initialValue: CounterViewState(count: 4, isPrimeModalShown: true),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(action)) {
        $0.count = action == .incrTapped ? 5 : 3
        $0.isPrimeModalShown = false
      }
    )
  }

  @Test func askingForTheNthPrimeClosesTheModalAndShowsTheAnswer() async {
    await assert(
      initialValue: CounterViewState(count: 3, isPrimeModalShown: true),
      reducer: counterViewReducer,
      environment: .init(nthPrime: { _ in .sync { .answer(5) } }),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) {
        $0.isPrimeModalShown = false
        $0.isNthPrimeButtonDisabled = true
      },
      Step(.receive, .counter(.nthPrimeResponse(n: 3, prime: 5))) {
        $0.alertNthPrime = PrimeAlert(n: 3, prime: 5)
        $0.isNthPrimeButtonDisabled = false
      }
    )
  }

  /// A tap that is refused still had to reach the button behind the modal.
  @Test func aRefusedQuestionClosesTheModalToo() async {
    await assert(
      initialValue: CounterViewState(count: 0, isPrimeModalShown: true),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) {
        $0.isPrimeModalShown = false
        $0.problem = .noSuchPrime(n: 0)
      }
    )
  }
}
