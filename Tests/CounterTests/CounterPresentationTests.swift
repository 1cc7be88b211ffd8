import ComposableArchitecture
import ComposableArchitectureTestSupport
import Counter
import Foundation
import PrimeModal
import Testing

/// The modal and the nth-prime answer are presentations of the counter: the library's `ifLet` runs the modal
/// while it shows and closes either with `.dismiss`; the screen a front end draws is read from them.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct CounterPresentationTests {
  @Test func okOnTheModalIsTheModalsDismissalAndLeavesTheAnswerBelowIt() async {
    await assert(
      initialValue: CounterViewState(
        counter: CounterState(
          alertNthPrime: PrimeAlert(n: 4, prime: 7), count: 4, isPrimeModalShown: true, withdrawnNthPrime: 3
        ),
        primeModalProblem: .notPrime(4)
      ),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.okTapped)) {
        $0.counter.isPrimeModalShown = false
        $0.counter.withdrawnNthPrime = nil
      },
      Step(.send, .counter(.okTapped)) { $0.counter.alertNthPrime = nil },
      Step(.send, .counter(.okTapped)) { $0.counter.problem = .nothingToDismiss }
    )
  }

  @Test func theModalsDismissalClosesIt() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7, isPrimeModalShown: true), favoritePrimes: [7]),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .primeModal(.dismiss)) { $0.counter.isPrimeModalShown = false }
    )
  }

  @Test func theAnswersDismissalTakesItDown() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(alertNthPrime: PrimeAlert(n: 4, prime: 7), count: 4)),
      reducer: counterViewReducer,
      environment: .failing,
      steps: Step(.send, .counter(.alertNthPrime(.dismiss))) { $0.counter.alertNthPrime = nil }
    )
  }

  @Test func theModalIsPresentedWhileItShowsWithTheCountAndTheFavorites() {
    var screen = CounterViewState(counter: CounterState(count: 7), favoritePrimes: [2])
    #expect(screen.primeModal.wrappedValue == nil)
    screen.counter.isPrimeModalShown = true
    #expect(screen.primeModal.wrappedValue == PrimeModalState(count: 7, favoritePrimes: [2]))
    screen.primeModal.wrappedValue?.favoritePrimes.add(7)
    #expect(screen.favoritePrimes.primes == [2, 7], "the favourites keep one owner: the screen's")
    screen.primeModal.wrappedValue = nil
    #expect(!screen.counter.isPrimeModalShown)
    #expect(screen.favoritePrimes.primes == [2, 7])
  }

  @Test func theModalsBareActionsOfOlderRecordingsAreReadAsPresented() throws {
    let decoder = JSONDecoder()
    let bare = #"{"primeModal":{"_0":{"saveFavoritePrimeTapped":{}}}}"#
    #expect(try decoder.decode(CounterViewAction.self, from: Data(bare.utf8)) == .primeModal(.presented(.saveFavoritePrimeTapped)))
    let today = try JSONEncoder().encode(CounterViewAction.primeModal(.presented(.removeFavoritePrimeTapped)))
    #expect(try decoder.decode(CounterViewAction.self, from: today) == .primeModal(.presented(.removeFavoritePrimeTapped)))
    let dismissal = #"{"primeModal":{"_0":{"dismiss":{}}}}"#
    #expect(try decoder.decode(CounterViewAction.self, from: Data(dismissal.utf8)) == .primeModal(.dismiss))
    #expect(throws: DecodingError.self) {
      try decoder.decode(CounterViewAction.self, from: Data(#"{"primeModal":{"_0":{"shrug":{}}}}"#.utf8))
    }
  }

  @Test func anAnswerAbsentFromARecordedStateIsNone() throws {
    let state = try JSONDecoder().decode(
      CounterState.self, from: Data(#"{"count":3,"isNthPrimeButtonDisabled":false,"isPrimeModalShown":false}"#.utf8)
    )
    #expect(state == CounterState(count: 3))
    let encoded = String(decoding: try JSONEncoder().encode(CounterState(count: 3)), as: UTF8.self)
    #expect(!encoded.contains("alertNthPrime"))
  }
}
