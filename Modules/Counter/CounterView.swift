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

  /// The is-this-prime modal, presented while ``CounterState/isPrimeModalShown``: what it shows
  /// (``primeModalContents``), or `nil` while it is closed.
  ///
  /// It is joined from where its parts live, so that the favourites keep one owner: setting `nil` closes the
  /// modal, setting a state writes its parts back.
  public var primeModal: PresentationState<PrimeModalState> {
    get { PresentationState(wrappedValue: counter.isPrimeModalShown ? primeModalContents : nil) }
    set {
      counter.isPrimeModalShown = newValue.wrappedValue != nil
      if let modal = newValue.wrappedValue {
        primeModalContents = modal
      }
    }
  }

  /// What the modal shows, open or not: the count, the favourites, and the modal's problem. The modal's
  /// front end runs on it.
  public var primeModalContents: PrimeModalState {
    get { PrimeModalState(count: counter.count, favoritePrimes: favoritePrimes, problem: primeModalProblem) }
    set {
      counter.count = newValue.count
      favoritePrimes = newValue.favoritePrimes
      primeModalProblem = newValue.problem
    }
  }
}

/// What the user did on the counter screen: on the counter itself, or in the modal it presents.
///
/// Recordings made before the modal was a presentation held its actions bare
/// (`{"primeModal":{"_0":{"saveFavoritePrimeTapped":{}}}}`); they are read as ``PresentationAction/presented(_:)``.
public enum CounterViewAction: Equatable, Sendable, Codable {
  /// An action of the counter.
  case counter(CounterAction)
  /// An action of the modal, or its dismissal.
  case primeModal(PresentationAction<PrimeModalAction>)

  static let counterCase = CasePath(Self.counter) { if case let .counter(action) = $0 { action } else { nil } }
  static let primeModalCase = CasePath(Self.primeModal) {
    if case let .primeModal(action) = $0 { action } else { nil }
  }

  /// Decodes a recorded action, the modal's bare actions of older recordings included.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let counter = try container.decodeIfPresent(Payload<CounterAction>.self, forKey: .counter) {
      self = .counter(counter._0)
    } else if let modal = try? container.decode(Payload<PresentationAction<PrimeModalAction>>.self, forKey: .primeModal) {
      self = .primeModal(modal._0)
    } else {
      self = .primeModal(.presented(try container.decode(Payload<PrimeModalAction>.self, forKey: .primeModal)._0))
    }
  }

  /// The object Swift's synthesized coding wraps a case's payload in: `{"_0": …}`.
  private struct Payload<Wrapped: Decodable>: Decodable {
    let _0: Wrapped
  }
}

/// The counter screen's logic: the counter's reducer on its part of the state, presenting the modal.
///
/// The modal is a presentation of the counter (``CounterViewState/primeModal``): its actions run while it is
/// shown, and `.primeModal(.dismiss)` closes it. Two rules join them, so that one action does what the taps
/// of the original app did:
/// - a modal button pressed while the modal is closed (`fav` typed at the counter) opens the modal first, as
///   asking whether the count is prime would;
/// - OK with the modal on top is the modal's dismissal; below it, OK is the counter's.
///
/// The modal needs no dependencies, so it gets `()` from the counter's environment.
public let counterViewReducer: Reducer<CounterViewState, CounterViewAction, NthPrimeClient> = {
  state, action, environment in
  switch action {
  case .primeModal(.presented) where !state.counter.isPrimeModalShown:
    return theCounter(&state, .counter(.isPrimeButtonTapped), environment)
      + presentingTheModal(&state, action, environment)
  case .counter(.okTapped) where state.counter.isPrimeModalShown:
    state.counter.beginAction()
    return presentingTheModal(&state, .primeModal(.dismiss), environment)
  case .counter where !state.counter.isPrimeModalShown:
    // With the modal closed, `ifLet` runs the counter alone; so does this, without first reading the computed
    // `primeModal` through its key path at run time, which took a tenth of a `+` in PrimeTime.
    return theCounter(&state, action, environment)
  default:
    return presentingTheModal(&state, action, environment)
  }
}

/// The counter's reducer on its part of the screen, its effects' actions embedded in the screen's: what
/// `pullback(counterReducer, value: \.counter, action: CounterViewAction.counterCase, environment: { $0 })`
/// does, written out because that costs a `+` in PrimeTime a sixth more (the action and the client copied
/// through closures).
private func theCounter(
  _ state: inout CounterViewState, _ action: CounterViewAction, _ environment: NthPrimeClient
) -> [Effect<CounterViewAction>] {
  guard case let .counter(action) = action else { return [] }
  return counterReducer(&state.counter, action, environment).map { $0.map(CounterViewAction.counter) }
}

/// The counter presenting the modal.
private let presentingTheModal: Reducer<CounterViewState, CounterViewAction, NthPrimeClient> = ifLet(
  theCounter,
  value: \.primeModal,
  action: CounterViewAction.primeModalCase,
  environment: { _ in () },
  then: primeModalReducer
)
