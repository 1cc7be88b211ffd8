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
      initialValue: CounterViewState(counter: CounterState(count: 4, isPrimeModalShown: true)),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(action)) {
        $0.counter.count = action == .incrTapped ? 5 : 3
        $0.counter.isPrimeModalShown = false
      }
    )
  }

  @Test func askingForTheNthPrimeClosesTheModalAndShowsTheAnswer() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 3, isPrimeModalShown: true)),
      reducer: counterViewReducer,
      environment: .init(nthPrime: { _ in .sync { .answer(5) } }),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) {
        $0.counter.isPrimeModalShown = false
        $0.counter.isNthPrimeButtonDisabled = true
      },
      Step(.receive, .counter(.nthPrimeResponse(n: 3, prime: 5))) {
        $0.counter.alertNthPrime = PrimeAlert(n: 3, prime: 5)
        $0.counter.isNthPrimeButtonDisabled = false
      }
    )
  }

  /// A tap that is refused still had to reach the button behind the modal.
  @Test func aRefusedQuestionClosesTheModalToo() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 0, isPrimeModalShown: true)),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) {
        $0.counter.isPrimeModalShown = false
        $0.counter.problem = .noSuchPrime(n: 0)
      }
    )
  }
}

/// A modal button pressed at the counter (`fav` typed at `count 7>`) opens the modal first, as asking whether the
/// count is prime does, so one action does what took two: the counter's problem and withdrawn question clear.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct CounterModalButtonOpensTheModalTests {
  @Test func aModalButtonAtTheCounterOpensTheModalAndDoesItsWork() async {
    await assert(
      initialValue: CounterViewState(
        counter: CounterState(count: 7, problem: .nothingToDismiss, withdrawnNthPrime: 3),
        favoritePrimes: [2]
      ),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .primeModal(.presented(.saveFavoritePrimeTapped))) {
        $0.counter.isPrimeModalShown = true
        $0.counter.problem = nil
        $0.counter.withdrawnNthPrime = nil
        $0.favoritePrimes.add(7)
      }
    )
  }

  @Test func aModalButtonWithTheModalOpenLeavesTheCounterAlone() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 4, isPrimeModalShown: true), favoritePrimes: [2]),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .primeModal(.presented(.saveFavoritePrimeTapped))) { $0.primeModalProblem = .notPrime(4) }
    )
  }
}
