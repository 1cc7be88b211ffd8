public import ComposableArchitecture
public import FavoriteList
public import PrimeModal

/// The counter screen's state: the counter's own, plus the favourite primes its modal edits.
///
/// `Codable` as Swift synthesizes it, for counter-demo's recordings: a field's name is part of their format.
public struct CounterViewState: Equatable, Sendable, Codable {
  /// The answer to the last nth-prime question, until dismissed.
  public var alertNthPrime: PrimeAlert?
  /// The count.
  public var count: Int
  /// The favourite primes, with the changes the modal made that no save has stored yet.
  public var favoritePrimes: FavoriteList
  /// Whether an nth-prime question is being answered.
  public var isNthPrimeButtonDisabled: Bool
  /// Whether the is-this-prime modal is shown.
  public var isPrimeModalShown: Bool
  /// How far the nth-prime question in flight is answered, in percent; `nil` when none is in flight.
  public var nthPrimeProgress: Int?
  /// Why the counter's last action did not do what was asked, if it did not.
  public var problem: CounterProblem?
  /// Why the modal's last button did not change the favourites, until the next modal action.
  public var primeModalProblem: PrimeModalProblem?
  /// The n of the nth-prime question the user withdrew, until the next counter action.
  public var withdrawnNthPrime: Int?

  /// Creates the screen's state; every field has the value of a fresh screen by default.
  public init(
    alertNthPrime: PrimeAlert? = nil,
    count: Int = 0,
    favoritePrimes: FavoriteList = [],
    isNthPrimeButtonDisabled: Bool = false,
    isPrimeModalShown: Bool = false,
    nthPrimeProgress: Int? = nil,
    problem: CounterProblem? = nil,
    primeModalProblem: PrimeModalProblem? = nil,
    withdrawnNthPrime: Int? = nil
  ) {
    self.alertNthPrime = alertNthPrime
    self.count = count
    self.favoritePrimes = favoritePrimes
    self.isNthPrimeButtonDisabled = isNthPrimeButtonDisabled
    self.isPrimeModalShown = isPrimeModalShown
    self.nthPrimeProgress = nthPrimeProgress
    self.problem = problem
    self.primeModalProblem = primeModalProblem
    self.withdrawnNthPrime = withdrawnNthPrime
  }

  /// The counter's own part.
  public var counter: CounterState {
    get {
      CounterState(
        alertNthPrime: alertNthPrime,
        count: count,
        isNthPrimeButtonDisabled: isNthPrimeButtonDisabled,
        isPrimeModalShown: isPrimeModalShown,
        nthPrimeProgress: nthPrimeProgress,
        problem: problem,
        withdrawnNthPrime: withdrawnNthPrime
      )
    }
    set {
      alertNthPrime = newValue.alertNthPrime
      count = newValue.count
      isNthPrimeButtonDisabled = newValue.isNthPrimeButtonDisabled
      isPrimeModalShown = newValue.isPrimeModalShown
      nthPrimeProgress = newValue.nthPrimeProgress
      problem = newValue.problem
      withdrawnNthPrime = newValue.withdrawnNthPrime
    }
  }

  /// The modal's part: the count, the favourites, and the modal's problem. A front end scopes its store to
  /// it to run the modal's commands.
  public var primeModal: PrimeModalState {
    get { PrimeModalState(count: count, favoritePrimes: favoritePrimes, problem: primeModalProblem) }
    set {
      count = newValue.count
      favoritePrimes = newValue.favoritePrimes
      primeModalProblem = newValue.problem
    }
  }
}

/// What the user did on the counter screen: on the counter itself, or in its is-this-prime modal.
public enum CounterViewAction: Equatable, Sendable, Codable {
  /// An action of the counter.
  case counter(CounterAction)
  /// An action of the modal.
  case primeModal(PrimeModalAction)

  static let counterCase = CasePath(Self.counter) { if case let .counter(action) = $0 { action } else { nil } }
  static let primeModalCase = CasePath(Self.primeModal) {
    if case let .primeModal(action) = $0 { action } else { nil }
  }
}

/// The counter screen's logic: the counter's reducer and the modal's, each on its part of the state.
///
/// The modal needs no dependencies, so it gets `()` from the counter's environment.
public let counterViewReducer: Reducer<CounterViewState, CounterViewAction, NthPrimeClient> = combine(
  pullback(
    counterReducer,
    value: \CounterViewState.counter,
    action: CounterViewAction.counterCase,
    environment: { $0 }
  ),
  pullback(
    primeModalReducer,
    value: \.primeModal,
    action: CounterViewAction.primeModalCase,
    environment: { _ in () }
  )
)
