import ComposableArchitectureTestSupport
import PrimeModal
import Testing

/// The is-this-prime modal's reducer: the reference's PrimeModalTests (§4.3), and the fixes to saving.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct PrimeModalReducerTests {
  /// Reference: testSaveFavoritesPrimesTapped. Still appends 2 to [3, 5]: 2 is prime and not a favourite yet.
  /// The reference called the reducer directly and checked that no effect came back; `assert` checks that too.
  @Test func savingAPrimeAppendsItToTheFavorites() async {
    await assert(
      initialValue: PrimeModalState(count: 2, favoritePrimes: [3, 5]),
      reducer: primeModalReducer,
      environment: (),
      steps: Step(.send, .saveFavoritePrimeTapped) { $0.favoritePrimes.add(2) }
    )
  }

  /// Reference: testRemoveFavoritesPrimesTapped.
  @Test func removingAFavoriteTakesItOutOfTheFavorites() async {
    await assert(
      initialValue: PrimeModalState(count: 3, favoritePrimes: [3, 5]),
      reducer: primeModalReducer,
      environment: (),
      steps: Step(.send, .removeFavoritePrimeTapped) { $0.favoritePrimes.remove(3) }
    )
  }

  /// Fixed defect: the reference appended the count again, so one prime could be a favourite twice. The
  /// refusal is a problem in state (PrimeModalProblemTests).
  @Test func savingAPrimeThatIsAlreadyAFavoriteDoesNotDuplicateIt() async {
    await assert(
      initialValue: PrimeModalState(count: 3, favoritePrimes: [3, 5]),
      reducer: primeModalReducer,
      environment: (),
      steps: Step(.send, .saveFavoritePrimeTapped) { $0.problem = .alreadyFavorite(3) },
      Step(.send, .saveFavoritePrimeTapped)
    )
  }

  /// Fixed defect: the reference saved whatever the count was, leaving the check to the view.
  @Test(arguments: [4, 1, 0, -3, -7, 9, 561, Int.max, Int.min])
  func savingANumberThatIsNotPrimeIsRefused(_ count: Int) async {
    await assert(
      initialValue: PrimeModalState(count: count, favoritePrimes: [3, 5]),
      reducer: primeModalReducer,
      environment: (),
      steps: Step(.send, .saveFavoritePrimeTapped) { $0.problem = .notPrime(count) }
    )
  }

  @Test func savingThenRemovingThenSavingAgainKeepsTheOrderOfAdding() async {
    await assert(
      initialValue: PrimeModalState(count: 7, favoritePrimes: [3, 5]),
      reducer: primeModalReducer,
      environment: (),
      steps: Step(.send, .saveFavoritePrimeTapped) { $0.favoritePrimes.add(7) },
      Step(.send, .removeFavoritePrimeTapped) { $0.favoritePrimes.remove(7) },
      Step(.send, .saveFavoritePrimeTapped) { $0.favoritePrimes.add(7) }
    )
  }

  @Test func removingANumberThatIsNotAFavoriteChangesNothing() async {
    await assert(
      initialValue: PrimeModalState(count: 7, favoritePrimes: [3, 5]),
      reducer: primeModalReducer,
      environment: (),
      steps: Step(.send, .removeFavoritePrimeTapped) { $0.problem = .notFavorite(7) }
    )
  }

  /// A list saved before the fix may hold a prime twice: removing it takes out every copy, as the reference did.
  @Test func removingAFavoriteTakesOutEveryCopyOfIt() async {
    await assert(
      initialValue: PrimeModalState(count: 3, favoritePrimes: [3, 5, 3, 7]),
      reducer: primeModalReducer,
      environment: (),
      steps: Step(.send, .removeFavoritePrimeTapped) { $0.favoritePrimes.remove(3) }
    )
  }

  @Test func theLargestPrimeBelow2To63CanBeSaved() async {
    await assert(
      initialValue: PrimeModalState(count: 9_223_372_036_854_775_783, favoritePrimes: []),
      reducer: primeModalReducer,
      environment: (),
      steps: Step(.send, .saveFavoritePrimeTapped) { $0.favoritePrimes.add(9_223_372_036_854_775_783) }
    )
  }
}
