public import ComposableArchitecture
public import FavoriteList
public import PrimeModal

/// The counter screen's state: the counter's own, the favourite primes its modal edits, and the modal's problem.
///
/// This is the view state of the original app: the parent that owns the favourites (PrimeTime's `AppState`, or
/// counter-demo) hands them in with the counter, and takes back what the modal changed.
///
/// `Codable` as Swift synthesizes it, for counter-demo's recordings: a field's name is part of their format.
/// Recordings made before the counter's state was nested here held its fields beside ``favoritePrimes``; they
/// are read too.
public struct CounterViewState: Equatable, Sendable, Codable {
  /// The counter's own state.
  public var counter: CounterState
  /// The favourite primes, with the changes the modal made that no save has stored yet.
  public var favoritePrimes: FavoriteList
  /// Why the modal's last button did not change the favourites, until the next modal action.
  public var primeModalProblem: PrimeModalProblem?

  /// Creates the screen's state; every field has the value of a fresh screen by default.
  public init(
    counter: CounterState = CounterState(),
    favoritePrimes: FavoriteList = [],
    primeModalProblem: PrimeModalProblem? = nil
  ) {
    self.counter = counter
    self.favoritePrimes = favoritePrimes
    self.primeModalProblem = primeModalProblem
  }

  /// Decodes a recorded screen: nested, or with the counter's fields beside the favourites, as before.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    counter =
      try container.decodeIfPresent(CounterState.self, forKey: .counter) ?? CounterState(from: decoder)
    favoritePrimes = try container.decode(FavoriteList.self, forKey: .favoritePrimes)
    primeModalProblem = try container.decodeIfPresent(PrimeModalProblem.self, forKey: .primeModalProblem)
  }

  /// The modal's part: the count, the favourites, and the modal's problem. A front end scopes its store to
  /// it to run the modal's commands.
  public var primeModal: PrimeModalState {
    get { PrimeModalState(count: counter.count, favoritePrimes: favoritePrimes, problem: primeModalProblem) }
    set {
      counter.count = newValue.count
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
/// A modal button pressed while the modal is closed (`fav` typed at the counter) opens the modal first, as
/// asking whether the count is prime would, so one action does what the two taps of the original app did.
/// The modal needs no dependencies, so it gets `()` from the counter's environment.
public let counterViewReducer: Reducer<CounterViewState, CounterViewAction, NthPrimeClient> = combine(
  { state, action, environment in
    guard case .primeModal = action, !state.counter.isPrimeModalShown else { return [] }
    return counterReducer(&state.counter, .isPrimeButtonTapped, environment).map { $0.map(CounterViewAction.counter) }
  },
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
