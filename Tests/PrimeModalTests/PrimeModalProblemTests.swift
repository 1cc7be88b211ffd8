import ComposableArchitectureTestSupport
import PrimeModal
import Testing

/// The modal's refusals are state: the list stays as it was and a ``PrimeModalProblem`` says why, until the
/// next modal action.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct PrimeModalProblemTests {
  @Test func savingAFavoriteAgainIsRefusedWithAProblem() async {
    await assert(
      initialValue: PrimeModalState(count: 7, favoritePrimes: [3, 7]),
      reducer: primeModalReducer,
      environment: (),
      steps: Step(.send, .saveFavoritePrimeTapped) { $0.problem = .alreadyFavorite(7) }
    )
  }

  @Test(arguments: [8, 1, 0, -7, Int.min])
  func savingANumberThatIsNotPrimeIsRefusedWithAProblem(_ count: Int) async {
    await assert(
      initialValue: PrimeModalState(count: count, favoritePrimes: [3]),
      reducer: primeModalReducer,
      environment: (),
      steps: Step(.send, .saveFavoritePrimeTapped) { $0.problem = .notPrime(count) }
    )
  }

  @Test func removingANumberThatIsNotAFavoriteIsRefusedWithAProblem() async {
    await assert(
      initialValue: PrimeModalState(count: 8, favoritePrimes: [3]),
      reducer: primeModalReducer,
      environment: (),
      steps: Step(.send, .removeFavoritePrimeTapped) { $0.problem = .notFavorite(8) }
    )
  }

  @Test func theNextModalActionClearsTheProblem() async {
    await assert(
      initialValue: PrimeModalState(count: 7, favoritePrimes: [7]),
      reducer: primeModalReducer,
      environment: (),
      steps: Step(.send, .saveFavoritePrimeTapped) { $0.problem = .alreadyFavorite(7) },
      Step(.send, .removeFavoritePrimeTapped) {
        $0.favoritePrimes.remove(7)
        $0.problem = nil
      },
      Step(.send, .removeFavoritePrimeTapped) { $0.problem = .notFavorite(7) },
      Step(.send, .saveFavoritePrimeTapped) {
        $0.favoritePrimes.add(7)
        $0.problem = nil
      }
    )
  }

  @Test func theProblemsReadAsSentences() {
    #expect(PrimeModalProblem.alreadyFavorite(7).description == "7 is already a favorite prime.")
    #expect(PrimeModalProblem.notPrime(8).description == "8 is not prime, so it can't be a favorite prime.")
    #expect(PrimeModalProblem.notFavorite(8).description == "8 is not a favorite prime.")
  }

  @Test func theModalSaysWhetherTheCountIsPrimeAndAFavorite() {
    #expect(PrimeModalState(count: 7, favoritePrimes: [7]).isCountPrime)
    #expect(PrimeModalState(count: 7, favoritePrimes: [7]).isCountFavorite)
    #expect(!PrimeModalState(count: 9, favoritePrimes: [7]).isCountPrime)
    #expect(!PrimeModalState(count: 11, favoritePrimes: [7]).isCountFavorite)
  }

  /// Favourites given up front (prime-modal-demo's `--favorites`) follow the button's rules.
  @Test func favoritesGivenUpFrontAreSavedOneByOneByTheButtonsRules() {
    #expect(PrimeModalState.favorites(savingEachOf: [3, 5]) == .success([3, 5]))
    #expect(PrimeModalState.favorites(savingEachOf: []) == .success([]))
    #expect(PrimeModalState.favorites(savingEachOf: [3, 4, 5]) == .failure(.notPrime(4)))
    #expect(PrimeModalState.favorites(savingEachOf: [3, 5, 3]) == .failure(.alreadyFavorite(3)))
  }
}
