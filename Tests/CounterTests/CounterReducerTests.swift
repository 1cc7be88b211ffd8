import ComposableArchitectureTestSupport
import Counter
import Testing

/// The counter screen's reducer: the reference's CounterTests (§4.2), and the fixes to the count's ends and to
/// nth-prime requests.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct CounterReducerTests {
  // MARK: The reference's scenarios

  /// Reference: testIncrDecrButtonTapped. The reference's environment answered 17; nothing here may ask it.
  @Test func incrAndDecrButtonsChangeTheCount() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 2)),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.incrTapped)) { $0.counter.count = 3 },
      Step(.send, .counter(.incrTapped)) { $0.counter.count = 4 },
      Step(.send, .counter(.decrTapped)) { $0.counter.count = 3 }
    )
  }

  /// Reference: testNthPrimeButtonHappyFlow.
  @Test func nthPrimeAnswerIsShownInAnAlertUntilDismissed() async {
    let asked = CallLog<Int>()
    await assert(
      initialValue: CounterViewState(counter: CounterState(alertNthPrime: nil, count: 7, isNthPrimeButtonDisabled: false)),
      reducer: counterViewReducer,
      environment: NthPrimeClient(nthPrime: { n in
        asked.append(n)
        return .sync { .answer(17) }
      }),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeResponse(n: 7, prime: 17))) {
        $0.counter.alertNthPrime = PrimeAlert(n: 7, prime: 17)
        $0.counter.isNthPrimeButtonDisabled = false
      },
      Step(.send, .counter(.alertNthPrime(.dismiss))) { $0.counter.alertNthPrime = nil }
    )
    #expect(asked.values == [7])
  }

  /// Reference: testNthPrimeButtonUnhappyFlow. Changed by a fix: the reference dropped the failure silently
  /// (no alert, nothing else); now the state says the nth prime could not be found.
  @Test func nthPrimeFailureIsShownAsAProblemNotDropped() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(alertNthPrime: nil, count: 7, isNthPrimeButtonDisabled: false)),
      reducer: counterViewReducer,
      environment: NthPrimeClient(nthPrime: { _ in .sync { .answer(nil) } }),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeResponse(n: 7, prime: nil))) {
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.problem = .nthPrimeFailed(n: 7)
      }
    )
  }

  /// A service that gives no answer says why, in state; a late failure after withdrawing is ignored.
  /// Reference: testPrimeModal: 2 is prime and not yet a favourite, so it is appended. The first button also
  /// opens the modal (``counterViewReducer``), which the original's test never opened.
  @Test func primeModalSavesAndRemovesTheCountAsAFavorite() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 1), favoritePrimes: [3, 5]),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.incrTapped)) { $0.counter.count = 2 },
      Step(.send, .primeModal(.presented(.saveFavoritePrimeTapped))) {
        $0.counter.isPrimeModalShown = true
        $0.favoritePrimes.add(2)
      },
      Step(.send, .primeModal(.presented(.removeFavoritePrimeTapped))) { $0.favoritePrimes.remove(2) }
    )
  }

  // MARK: Setting the count

  @Test func enteringACountReplacesItAndClearsTheLastProblem() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: Int.max)),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.incrTapped)) { $0.counter.problem = .countAtMaximum },
      Step(.send, .counter(.countEntered(-41))) {
        $0.counter.count = -41
        $0.counter.problem = nil
      },
      Step(.send, .counter(.countEntered(Int.min))) { $0.counter.count = Int.min },
      Step(.send, .counter(.countEntered(Int.min)))
    )
  }

  // MARK: Asking again, and beyond the limit

  @Test func askingAgainTakesDownTheLastAnswer() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(alertNthPrime: PrimeAlert(n: 7, prime: 17), count: 8)),
      reducer: counterViewReducer,
      environment: NthPrimeClient(nthPrime: { _ in .sync { .answer(19) } }),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) {
        $0.counter.alertNthPrime = nil
        $0.counter.isNthPrimeButtonDisabled = true
      },
      Step(.receive, .counter(.nthPrimeResponse(n: 8, prime: 19))) {
        $0.counter.alertNthPrime = PrimeAlert(n: 8, prime: 19)
        $0.counter.isNthPrimeButtonDisabled = false
      }
    )
  }

  @Test func askingBeyondTheEnvironmentsLimitIsAProblemWithoutAsking() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(alertNthPrime: PrimeAlert(n: 7, prime: 17), count: 11)),
      reducer: counterViewReducer,
      environment: NthPrimeClient(limit: 10, nthPrime: NthPrimeClient.failing.nthPrime),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) {
        $0.counter.problem = .nthPrimeBeyondLimit(n: 11, limit: 10)
      },
      Step(.send, .counter(.decrTapped)) {
        $0.counter.alertNthPrime = nil
        $0.counter.count = 10
        $0.counter.problem = nil
      }
    )
    #expect(
      CounterProblem.nthPrimeBeyondLimit(n: 10_000_000_001, limit: 10_000_000_000).description
        == "The 10000000001st prime is beyond what PrimeTime computes; ask for the 10000000000th or earlier."
    )
  }

  // MARK: The ends of Int (fixed: the reference trapped on overflow)

  @Test func incrementingAtIntMaxKeepsTheCountAndSaysWhy() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: Int.max)),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.incrTapped)) { $0.counter.problem = .countAtMaximum },
      Step(.send, .counter(.incrTapped)),
      Step(.send, .counter(.decrTapped)) {
        $0.counter.count = Int.max - 1
        $0.counter.problem = nil
      },
      Step(.send, .counter(.incrTapped)) { $0.counter.count = Int.max }
    )
  }

  @Test func decrementingAtIntMinKeepsTheCountAndSaysWhy() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: Int.min)),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.decrTapped)) { $0.counter.problem = .countAtMinimum },
      Step(.send, .counter(.decrTapped)),
      Step(.send, .counter(.incrTapped)) {
        $0.counter.count = Int.min + 1
        $0.counter.problem = nil
      },
      Step(.send, .counter(.decrTapped)) { $0.counter.count = Int.min }
    )
  }

  /// The reference had no lower bound, and neither does the port: only `Int.min` stops the count.
  @Test func theCountGoesNegative() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 0)),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.decrTapped)) { $0.counter.count = -1 },
      Step(.send, .counter(.decrTapped)) { $0.counter.count = -2 }
    )
  }

  // MARK: Asking for the nth prime

  /// Fixed: the reference asked its service for the 0th or a negative prime; now nothing is computed.
  @Test(arguments: [0, -1, -5, Int.min])
  func nthPrimeOfACountBelow1IsAnsweredWithoutComputing(_ count: Int) async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: count)),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.problem = .noSuchPrime(n: count) }
    )
  }

  @Test func countingDownTo0ThenAskingSaysThereIsNo0thPrime() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 1)),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.decrTapped)) { $0.counter.count = 0 },
      Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.problem = .noSuchPrime(n: 0) },
      Step(.send, .counter(.incrTapped)) {
        $0.counter.count = 1
        $0.counter.problem = nil
      }
    )
  }

  @Test func askingAgainWhileARequestIsInFlightIsIgnored() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7, isNthPrimeButtonDisabled: true)),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.nthPrimeButtonTapped))
    )
  }

  @Test func tappingTwiceAsksOnce() async {
    let asked = CallLog<Int>()
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: NthPrimeClient(nthPrime: { n in
        asked.append(n)
        return .none  // an answer that never comes: the request stays in flight
      }),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.send, .counter(.nthPrimeButtonTapped)),
      Step(.send, .counter(.incrTapped)) { $0.counter.count = 8 },
      Step(.send, .counter(.nthPrimeButtonTapped))
    )
    #expect(asked.values == [7])
  }

  @Test func aNewQuestionCanBeAskedOnceTheAnswerCame() async {
    let asked = CallLog<Int>()
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: NthPrimeClient(nthPrime: { n in
        asked.append(n)
        return .sync { .answer(n == 7 ? 17 : nil) }
      }),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeResponse(n: 7, prime: 17))) {
        $0.counter.alertNthPrime = PrimeAlert(n: 7, prime: 17)
        $0.counter.isNthPrimeButtonDisabled = false
      },
      Step(.send, .counter(.alertNthPrime(.dismiss))) { $0.counter.alertNthPrime = nil },
      Step(.send, .counter(.incrTapped)) { $0.counter.count = 8 },
      Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeResponse(n: 8, prime: nil))) {
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.problem = .nthPrimeFailed(n: 8)
      },
      Step(.send, .counter(.nthPrimeButtonTapped)) {
        $0.counter.isNthPrimeButtonDisabled = true
        $0.counter.problem = nil
      },
      Step(.receive, .counter(.nthPrimeResponse(n: 8, prime: nil))) {
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.problem = .nthPrimeFailed(n: 8)
      }
    )
    #expect(asked.values == [7, 8, 8])
  }

  // MARK: Progress and withdrawing the question

  @Test func progressIsShownWhileTheQuestionIsAnsweredAndClearedByTheAnswer() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: NthPrimeClient(nthPrime: { _ in
        .merge(.send(.progress(0)), .send(.progress(42)), .send(.progress(100)), .send(.answer(17)))
      }),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeProgress(n: 7, percent: 0))) { $0.counter.nthPrimeProgress = 0 },
      Step(.receive, .counter(.nthPrimeProgress(n: 7, percent: 42))) { $0.counter.nthPrimeProgress = 42 },
      Step(.receive, .counter(.nthPrimeProgress(n: 7, percent: 100))) { $0.counter.nthPrimeProgress = 100 },
      Step(.receive, .counter(.nthPrimeResponse(n: 7, prime: 17))) {
        $0.counter.alertNthPrime = PrimeAlert(n: 7, prime: 17)
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.nthPrimeProgress = nil
      }
    )
  }

  @Test func aFailedAnswerAlsoClearsTheProgress() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: NthPrimeClient(nthPrime: { _ in .merge(.send(.progress(30)), .send(.answer(nil))) }),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeProgress(n: 7, percent: 30))) { $0.counter.nthPrimeProgress = 30 },
      Step(.receive, .counter(.nthPrimeResponse(n: 7, prime: nil))) {
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.nthPrimeProgress = nil
        $0.counter.problem = .nthPrimeFailed(n: 7)
      }
    )
  }

  /// A progress report is not something the user did: it leaves the last problem on screen.
  @Test func progressLeavesTheLastProblem() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: Int.max)),
      reducer: counterViewReducer,
      environment: NthPrimeClient(nthPrime: { _ in .none }),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.send, .counter(.incrTapped)) { $0.counter.problem = .countAtMaximum },
      Step(.send, .counter(.nthPrimeProgress(n: Int.max, percent: 5))) { $0.counter.nthPrimeProgress = 5 }
    )
  }

  /// Withdrawing cancels the request's effect: `assert` fails if an effect is still running at the end, and
  /// this one would sleep for an hour before answering.
  @Test func withdrawingTheQuestionCancelsItsEffectAndClearsTheRequest() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: NthPrimeClient(nthPrime: { _ in
        .run { send in
          await send(.progress(3))
          try await Task.sleep(for: .seconds(3600))
          await send(.answer(17))
        }
      }),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeProgress(n: 7, percent: 3))) { $0.counter.nthPrimeProgress = 3 },
      Step(.send, .counter(.nthPrimeCancelButtonTapped)) {
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.nthPrimeProgress = nil
        $0.counter.withdrawnNthPrime = 7
      }
    )
  }

  /// An answer or a progress report that was already on its way when the question was withdrawn is ignored:
  /// no alert, and the problem on screen stays.
  @Test func aLateAnswerAfterWithdrawingShowsNoAlert() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: Int.max)),
      reducer: counterViewReducer,
      environment: NthPrimeClient(nthPrime: { _ in .none }),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.send, .counter(.nthPrimeCancelButtonTapped)) {
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.withdrawnNthPrime = Int.max
      },
      Step(.send, .counter(.incrTapped)) {
        $0.counter.problem = .countAtMaximum
        $0.counter.withdrawnNthPrime = nil
      },
      Step(.send, .counter(.nthPrimeProgress(n: Int.max, percent: 99))),
      Step(.send, .counter(.nthPrimeResponse(n: Int.max, prime: 17))),
      Step(.send, .counter(.nthPrimeResponse(n: Int.max, prime: nil)))
    )
  }

  @Test func withdrawingWhenNothingIsAskedDoesNothing() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(alertNthPrime: PrimeAlert(n: 7, prime: 17), count: 7)),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.nthPrimeCancelButtonTapped))
    )
  }

  @Test func theQuestionCanBeAskedAgainAfterWithdrawingIt() async {
    let asked = CallLog<Int>()
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: NthPrimeClient(nthPrime: { n in
        asked.append(n)
        return asked.values.count == 1 ? .none : .sync { .answer(17) }
      }),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.send, .counter(.nthPrimeCancelButtonTapped)) {
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.withdrawnNthPrime = 7
      },
      Step(.send, .counter(.nthPrimeButtonTapped)) {
        $0.counter.isNthPrimeButtonDisabled = true
        $0.counter.withdrawnNthPrime = nil
      },
      Step(.receive, .counter(.nthPrimeResponse(n: 7, prime: 17))) {
        $0.counter.alertNthPrime = PrimeAlert(n: 7, prime: 17)
        $0.counter.isNthPrimeButtonDisabled = false
      }
    )
    #expect(asked.values == [7, 7])
  }

  /// Every counter action clears the last problem, whether or not it sets a new one.
  @Test func theNextCounterActionClearsTheProblem() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7, problem: .nthPrimeFailed(n: 7))),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.isPrimeButtonTapped)) {
        $0.counter.isPrimeModalShown = true
        $0.counter.problem = nil
      }
    )
  }

  @Test func isPrimeButtonOpensTheModalAndDismissingClosesIt() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.isPrimeButtonTapped)) { $0.counter.isPrimeModalShown = true },
      Step(.send, .primeModal(.presented(.saveFavoritePrimeTapped))) { $0.favoritePrimes.add(7) },
      Step(.send, .primeModal(.dismiss)) { $0.counter.isPrimeModalShown = false }
    )
  }

  /// Fixed defects of the modal, seen through the counter screen; each refusal is the modal's problem.
  @Test func theModalRefusesToSaveANonPrimeOrADuplicate() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 4, isPrimeModalShown: true), favoritePrimes: [5]),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .primeModal(.presented(.saveFavoritePrimeTapped))) { $0.primeModalProblem = .notPrime(4) },
      Step(.send, .counter(.incrTapped)) {
        $0.counter.count = 5
        $0.counter.isPrimeModalShown = false
      },
      Step(.send, .primeModal(.presented(.saveFavoritePrimeTapped))) {
        $0.counter.isPrimeModalShown = true
        $0.primeModalProblem = .alreadyFavorite(5)
      }
    )
  }

  /// The counter's own reducer, without the modal, behaves the same on its own state.
  @Test func counterReducerAloneAnswersTheNthPrime() async {
    await assert(
      initialValue: CounterState(count: 3),
      reducer: counterReducer,
      environment: NthPrimeClient(nthPrime: { _ in .sync { .answer(5) } }),
      steps: Step(.send, .nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true },
      Step(.receive, .nthPrimeResponse(n: 3, prime: 5)) {
        $0.alertNthPrime = PrimeAlert(n: 3, prime: 5)
        $0.isNthPrimeButtonDisabled = false
      }
    )
  }
}
