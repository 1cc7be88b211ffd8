import ComposableArchitecture
import ComposableArchitectureTestSupport
import Counter
import CounterTerminal
import ExecutableTestSupport
import Testing

/// The counter screen as text, for every state it can be in, with the exact strings of §6 of the reference.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct CounterRendererTests {
  @Test func theCounterShowsTheCountBetweenItsButtonsAndBothQuestions() {
    #expect(
      renderCounter(CounterViewState(counter: CounterState(count: 7))) == [
        "- 7 +",
        "Is this prime?",
        "What is the 7th prime?",
      ]
    )
  }

  @Test(arguments: [(0, "0th"), (1, "1st"), (2, "2nd"), (3, "3rd"), (11, "11th"), (22, "22nd"), (-1, "-1st")])
  func theNthPrimeQuestionUsesTheOrdinalOfTheCount(_ count: Int, _ ordinal: String) {
    #expect(
      renderCounter(CounterViewState(counter: CounterState(count: count))) == [
        "- \(count) +",
        "Is this prime?",
        "What is the \(ordinal) prime?",
      ]
    )
  }

  @Test func whileAskingTheQuestionIsMarkedAsBeingAnswered() {
    #expect(
      renderCounter(CounterViewState(counter: CounterState(count: 7, isNthPrimeButtonDisabled: true))) == [
        "- 7 +",
        "Is this prime?",
        "What is the 7th prime? (finding it…)",
      ]
    )
  }

  @Test func whileAskingTheProgressIsShownOnceReported() {
    #expect(
      renderCounter(CounterViewState(counter: CounterState(count: 7, isNthPrimeButtonDisabled: true, nthPrimeProgress: 42))) == [
        "- 7 +",
        "Is this prime?",
        "What is the 7th prime? (finding it… 42%)",
      ]
    )
    #expect(
      renderCounter(CounterViewState(counter: CounterState(count: 7, isNthPrimeButtonDisabled: true, nthPrimeProgress: 0)))[2]
        == "What is the 7th prime? (finding it… 0%)"
    )
  }

  @Test func theAlertShowsTheAnswer() {
    #expect(
      renderCounter(CounterViewState(counter: CounterState(alertNthPrime: PrimeAlert(n: 7, prime: 17), count: 7)))
        == ["The 7th prime is 17"]
    )
  }

  /// As in the reference's 0093 version: the alert names the n that was asked, not the count now.
  @Test func theAlertNamesTheNAskedForEvenIfTheCountChanged() {
    #expect(
      renderCounter(CounterViewState(counter: CounterState(alertNthPrime: PrimeAlert(n: 7, prime: 17), count: 9)))
        == ["The 7th prime is 17"]
    )
  }

  @Test func theModalShowsAPrimeWithItsSaveButton() {
    #expect(
      renderCounter(CounterViewState(counter: CounterState(count: 7, isPrimeModalShown: true), favoritePrimes: [3])) == [
        "7 is prime 🎉",
        "Save to favorite primes [fav]",
      ]
    )
  }

  @Test func theModalShowsAFavoriteWithItsRemoveButton() {
    #expect(
      renderCounter(CounterViewState(counter: CounterState(count: 7, isPrimeModalShown: true), favoritePrimes: [3, 7])) == [
        "7 is prime 🎉",
        "Remove from favorite primes [unfav]",
      ]
    )
  }

  @Test func theModalShowsANumberThatIsNotPrime() {
    #expect(
      renderCounter(CounterViewState(counter: CounterState(count: 8, isPrimeModalShown: true), favoritePrimes: [3]))
        == ["8 is not prime :("]
    )
  }

  @Test func theModalIsDrawnOverTheAlert() {
    let state = CounterViewState(counter: CounterState(alertNthPrime: PrimeAlert(n: 7, prime: 17), count: 7, isPrimeModalShown: true))
    #expect(renderCounter(state) == ["7 is prime 🎉", "Save to favorite primes [fav]"])
  }

  /// Problems are reported by the front end, not drawn over the counter.
  @Test func aProblemDoesNotChangeTheScreen() {
    #expect(
      renderCounter(CounterViewState(counter: CounterState(count: Int.max, problem: .countAtMaximum))) == [
        "- 9223372036854775807 +",
        "Is this prime?",
        "What is the 9223372036854775807th prime?",
      ]
    )
  }

  /// Reference: testSnapshots (commented out in 0092 and 0093, active in 0094). Its nine PNG snapshots become
  /// text, taken at the same points of the same script. The reference used a store and waited half a second
  /// for the answer; here `assert` checks every state exhaustively and each step draws the state it checked,
  /// including the screen while the question is being answered, which the reference's snapshot also showed.
  @Test func aSessionDrawsTheSameScreensAsTheReferenceSnapshots() async {
    var screens = [renderCounter(CounterViewState())]
    await assert(
      initialValue: CounterViewState(),
      reducer: counterViewReducer,
      environment: NthPrimeClient(nthPrime: { _ in .sync { .answer(17) } }),
      steps: Step(.send, .counter(.incrTapped)) {
        $0.counter.count = 1
        screens.append(renderCounter($0))
      },
      Step(.send, .counter(.incrTapped)) {
        $0.counter.count = 2
        screens.append(renderCounter($0))
      },
      Step(.send, .counter(.nthPrimeButtonTapped)) {
        $0.counter.isNthPrimeButtonDisabled = true
        screens.append(renderCounter($0))
      },
      Step(.receive, .counter(.nthPrimeResponse(n: 2, prime: 17))) {
        $0.counter.alertNthPrime = PrimeAlert(n: 2, prime: 17)
        $0.counter.isNthPrimeButtonDisabled = false
        screens.append(renderCounter($0))
      },
      Step(.send, .counter(.alertNthPrime(.dismiss))) {
        $0.counter.alertNthPrime = nil
        screens.append(renderCounter($0))
      },
      Step(.send, .counter(.isPrimeButtonTapped)) {
        $0.counter.isPrimeModalShown = true
        screens.append(renderCounter($0))
      },
      Step(.send, .primeModal(.presented(.saveFavoritePrimeTapped))) {
        $0.favoritePrimes.add(2)
        screens.append(renderCounter($0))
      },
      Step(.send, .primeModal(.dismiss)) {
        $0.counter.isPrimeModalShown = false
        screens.append(renderCounter($0))
      }
    )
    #expect(
      screens == [
        ["- 0 +", "Is this prime?", "What is the 0th prime?"],
        ["- 1 +", "Is this prime?", "What is the 1st prime?"],
        ["- 2 +", "Is this prime?", "What is the 2nd prime?"],
        ["- 2 +", "Is this prime?", "What is the 2nd prime? (finding it…)"],
        ["The 2nd prime is 17"],
        ["- 2 +", "Is this prime?", "What is the 2nd prime?"],
        ["2 is prime 🎉", "Save to favorite primes [fav]"],
        ["2 is prime 🎉", "Remove from favorite primes [unfav]"],
        ["- 2 +", "Is this prime?", "What is the 2nd prime?"],
      ]
    )
  }

  /// The same session through a real store, whose answer comes asynchronously: what a front end draws.
  @Test func aStoreSessionDrawsTheSameScreens() async {
    let store = Store(
      initialValue: CounterViewState(),
      reducer: counterViewReducer,
      environment: NthPrimeClient(nthPrime: { _ in .run { send in await send(.answer(17)) } })
    )
    var screens = [renderCounter(store.value)]
    store.send(.counter(.incrTapped))
    store.send(.counter(.incrTapped))
    screens.append(renderCounter(store.value))
    let request = store.send(.counter(.nthPrimeButtonTapped))
    screens.append(renderCounter(store.value))
    await awaiting("the nth-prime request's effects to finish") { await request.finish() }
    screens.append(renderCounter(store.value))
    store.send(.counter(.alertNthPrime(.dismiss)))
    store.send(.counter(.isPrimeButtonTapped))
    store.send(.primeModal(.presented(.saveFavoritePrimeTapped)))
    screens.append(renderCounter(store.value))
    store.send(.primeModal(.dismiss))
    screens.append(renderCounter(store.value))

    #expect(
      screens == [
        ["- 0 +", "Is this prime?", "What is the 0th prime?"],
        ["- 2 +", "Is this prime?", "What is the 2nd prime?"],
        ["- 2 +", "Is this prime?", "What is the 2nd prime? (finding it…)"],
        ["The 2nd prime is 17"],
        ["2 is prime 🎉", "Remove from favorite primes [unfav]"],
        ["- 2 +", "Is this prime?", "What is the 2nd prime?"],
      ]
    )
  }

  /// The count may change while the question is being answered; the alert still names the n that was asked.
  @Test func anAnswerThatArrivesAfterTheCountChangedNamesTheNAskedFor() async {
    let store = Store(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: NthPrimeClient(nthPrime: { _ in .run { send in await send(.answer(17)) } })
    )
    let request = store.send(.counter(.nthPrimeButtonTapped))
    store.send(.counter(.incrTapped))
    store.send(.counter(.incrTapped))
    await awaiting("the nth-prime request's effects to finish") { await request.finish() }
    #expect(store.value.counter.alertNthPrime == PrimeAlert(n: 7, prime: 17))
    #expect(renderCounter(store.value) == ["The 7th prime is 17"])
  }
}
