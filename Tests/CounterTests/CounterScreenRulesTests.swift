import ComposableArchitectureTestSupport
import Counter
import PrimeModal
import Testing

/// The counter screen's rules that front ends used to keep: a new count takes down the answer about the old
/// one, OK closes what is on top or says nothing is, a withdrawn question is remembered for the renderer, and
/// the modal's refusals reach the screen's state.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct CounterScreenRulesTests {
  // MARK: A new count takes down the answer about the old one

  /// `printf 'set 7\nnth\n+\n' | counter-demo --delay 0` showed the 7th prime's answer again, the count 8.
  @Test func aNewCountTakesDownTheAnswerAboutTheOldOne() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: NthPrimeClient(nthPrime: { n in .sync { .answer(n == 7 ? 17 : 19) } }),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeResponse(n: 7, prime: 17))) {
        $0.counter.alertNthPrime = PrimeAlert(n: 7, prime: 17)
        $0.counter.isNthPrimeButtonDisabled = false
      },
      Step(.send, .counter(.incrTapped)) {
        $0.counter.count = 8
        $0.counter.alertNthPrime = nil
      },
      Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeResponse(n: 8, prime: 19))) {
        $0.counter.alertNthPrime = PrimeAlert(n: 8, prime: 19)
        $0.counter.isNthPrimeButtonDisabled = false
      },
      Step(.send, .counter(.decrTapped)) {
        $0.counter.count = 7
        $0.counter.alertNthPrime = nil
      }
    )
  }

  @Test func enteringANewCountTakesDownTheAnswer() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(alertNthPrime: PrimeAlert(n: 7, prime: 17), count: 7)),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.countEntered(2))) {
        $0.counter.count = 2
        $0.counter.alertNthPrime = nil
      }
    )
  }

  /// The same count again is no new count: the answer is still about it.
  @Test func enteringTheSameCountKeepsTheAnswer() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(alertNthPrime: PrimeAlert(n: 7, prime: 17), count: 7)),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.countEntered(7)))
    )
  }

  /// At the ends of Int the count stays, and so does the answer about it.
  @Test func aCountThatCannotMoveKeepsTheAnswer() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(alertNthPrime: PrimeAlert(n: Int.max, prime: 3), count: Int.max)),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.incrTapped)) { $0.counter.problem = .countAtMaximum }
    )
  }

  // MARK: OK closes what is on top

  @Test func okClosesTheModalThenTheAnswerThenSaysNothingIsShowing() async {
    await assert(
      initialValue: CounterViewState(
        counter: CounterState(alertNthPrime: PrimeAlert(n: 7, prime: 17), count: 7, isPrimeModalShown: true)
      ),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.okTapped)) { $0.counter.isPrimeModalShown = false },
      Step(.send, .counter(.okTapped)) { $0.counter.alertNthPrime = nil },
      Step(.send, .counter(.okTapped)) { $0.counter.problem = .nothingToDismiss },
      Step(.send, .counter(.incrTapped)) {
        $0.counter.count = 8
        $0.counter.problem = nil
      }
    )
    #expect(
      CounterProblem.nothingToDismiss.description == "Nothing to dismiss: no modal or nth-prime answer is showing."
    )
  }

  // MARK: A withdrawn question

  @Test func aWithdrawnQuestionIsRememberedUntilTheNextAction() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: NthPrimeClient(nthPrime: { _ in .none }),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.send, .counter(.nthPrimeCancelButtonTapped)) {
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.withdrawnNthPrime = 7
      },
      Step(.send, .counter(.nthPrimeResponse(n: 7, prime: 17))),
      Step(.send, .counter(.incrTapped)) {
        $0.counter.count = 8
        $0.counter.withdrawnNthPrime = nil
      }
    )
  }

  @Test func askingAgainAfterWithdrawingForgetsTheWithdrawal() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7, withdrawnNthPrime: 7)),
      reducer: counterViewReducer,
      environment: NthPrimeClient(nthPrime: { _ in .sync { .answer(17) } }),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) {
        $0.counter.isNthPrimeButtonDisabled = true
        $0.counter.withdrawnNthPrime = nil
      },
      Step(.receive, .counter(.nthPrimeResponse(n: 7, prime: 17))) {
        $0.counter.alertNthPrime = PrimeAlert(n: 7, prime: 17)
        $0.counter.isNthPrimeButtonDisabled = false
      }
    )
  }

  // MARK: The modal's refusals on the counter screen

  @Test func theModalsRefusalsAreTheScreensState() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 8), favoritePrimes: [7]),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.isPrimeButtonTapped)) { $0.counter.isPrimeModalShown = true },
      Step(.send, .primeModal(.presented(.saveFavoritePrimeTapped))) { $0.primeModalProblem = .notPrime(8) },
      Step(.send, .primeModal(.presented(.removeFavoritePrimeTapped))) { $0.primeModalProblem = .notFavorite(8) },
      Step(.send, .counter(.decrTapped)) {
        $0.counter.count = 7
        $0.counter.isPrimeModalShown = false
      },
      Step(.send, .primeModal(.presented(.saveFavoritePrimeTapped))) {
        $0.counter.isPrimeModalShown = true
        $0.primeModalProblem = .alreadyFavorite(7)
      },
      Step(.send, .primeModal(.presented(.removeFavoritePrimeTapped))) {
        $0.favoritePrimes.remove(7)
        $0.primeModalProblem = nil
      }
    )
  }
}
