public import ComposableArchitecture
import Primes

/// The counter's own state: the count, the nth-prime request and its answer, and whether the modal shows.
///
/// `Codable` as Swift synthesizes it: a field's name is part of the recordings' format.
public struct CounterState: Equatable, Sendable, Codable {
  /// The answer to the last nth-prime question, presented until dismissed (``CounterAction/alertNthPrime(_:)``).
  @Presents public var alertNthPrime: PrimeAlert?
  /// The count.
  public var count: Int
  /// Whether an nth-prime question is being answered; another cannot be asked meanwhile.
  public var isNthPrimeButtonDisabled: Bool
  /// Whether the is-this-prime modal is shown: the counter's own button presents it, and a count or a
  /// question closes it. The screen presents the modal while this holds (``CounterViewState/primeModal``).
  public var isPrimeModalShown: Bool
  /// How far the nth-prime question in flight is answered, in percent, once the answer reports it; `nil`
  /// when no question is in flight.
  public var nthPrimeProgress: Int?
  /// Why the last action did not do what was asked, if it did not.
  public var problem: CounterProblem?
  /// The n of the nth-prime question the user withdrew (the count when they did), until the next action:
  /// `Stopped looking for the 7th prime.`
  public var withdrawnNthPrime: Int?

  /// Creates the counter's state; every field has the value of a fresh counter by default.
  public init(
    alertNthPrime: PrimeAlert? = nil,
    count: Int = 0,
    isNthPrimeButtonDisabled: Bool = false,
    isPrimeModalShown: Bool = false,
    nthPrimeProgress: Int? = nil,
    problem: CounterProblem? = nil,
    withdrawnNthPrime: Int? = nil
  ) {
    self.alertNthPrime = alertNthPrime
    self.count = count
    self.isNthPrimeButtonDisabled = isNthPrimeButtonDisabled
    self.isPrimeModalShown = isPrimeModalShown
    self.nthPrimeProgress = nthPrimeProgress
    self.problem = problem
    self.withdrawnNthPrime = withdrawnNthPrime
  }
}

/// What the user did on the counter screen, or what came back from asking for the nth prime.
public enum CounterAction: Equatable, Sendable, Codable {
  /// The user tapped "-".
  case decrTapped
  /// The user tapped "+".
  case incrTapped
  /// The user typed a new count.
  case countEntered(Int)
  /// The user asked for the nth prime, where n is the count.
  case nthPrimeButtonTapped
  /// The user withdrew the nth-prime question (Ctrl-C in the REPL): the request stops and no answer shows.
  case nthPrimeCancelButtonTapped
  /// The nth prime came back: `nil` when it could not be computed.
  case nthPrimeResponse(n: Int, prime: Int?)
  /// The nth prime came back computed on this machine, because the service asked first gave no answer for
  /// this reason: `nil` when it could not be computed here either.
  case nthPrimeComputedHere(n: Int, prime: Int?, because: NthPrimeServiceFailure)
  /// Finding the nth prime is `percent` (0 to 100) done.
  case nthPrimeProgress(n: Int, percent: Int)
  /// The nth-prime answer's presentation: `.dismiss` takes it down. It has no actions of its own.
  case alertNthPrime(PresentationAction<Never>)
  /// The user tapped OK to close what is on top: the nth-prime answer; with none showing, the state records
  /// ``CounterProblem/nothingToDismiss``. On the counter screen, OK closes the modal first.
  case okTapped
  /// The user asked whether the count is prime, opening the modal.
  case isPrimeButtonTapped

  static let alertNthPrimeCase = CasePath(Self.alertNthPrime) {
    if case let .alertNthPrime(action) = $0 { action } else { nil }
  }
}

/// The counter's logic.
///
/// Every action but a progress report clears the last ``CounterState/problem`` and may set a new one: the
/// count never wraps around at the ends of `Int`, a question for the nth prime of a count below 1, or beyond
/// the client's limit, is answered with a problem without computing anything, and a failed answer becomes a
/// problem instead of being dropped. An answer computed on this machine because the service asked first
/// failed carries that failure in its alert (``PrimeAlert/fallbackNotice``), for the front end to say once.
/// A new question takes down the answer to the last one, and so does a new count: the answer is about the
/// old one. The answer is a presentation (``CounterState/alertNthPrime``): `.alertNthPrime(.dismiss)` takes
/// it down, and so does OK, which with no answer showing records ``CounterProblem/nothingToDismiss``. The
/// modal covers the counter, so a count or a question (`+`, `-`, a typed count, the nth prime) closes it
/// first, refused or not.
///
/// One nth-prime question is in flight at a time. Withdrawing it cancels its effect; progress or an answer
/// that still arrives when no question is in flight is ignored entirely, so a withdrawn question never shows
/// an alert; ``CounterState/withdrawnNthPrime`` remembers it until the next action, for the front end to say.
public let counterReducer: Reducer<CounterState, CounterAction, NthPrimeClient> = ifLet(
  counterCoreReducer,
  value: \.$alertNthPrime,
  action: CounterAction.alertNthPrimeCase
)

/// The counter's rules, around the answer it presents.
private let counterCoreReducer: Reducer<CounterState, CounterAction, NthPrimeClient> = { state, action, environment in
  switch action {
  case .nthPrimeProgress, .nthPrimeResponse, .nthPrimeComputedHere:
    guard state.isNthPrimeButtonDisabled else { return [] }
  default:
    state.beginAction()
  }
  switch action {
  case .decrTapped, .incrTapped, .countEntered, .nthPrimeButtonTapped:
    // The modal covers the counter: reaching one of its buttons closes the modal first.
    state.isPrimeModalShown = false
  default:
    break
  }
  switch action {
  case .decrTapped:
    let (count, overflow) = state.count.subtractingReportingOverflow(1)
    if overflow {
      state.problem = .countAtMinimum
    } else {
      state.changeCount(to: count)
    }
    return []

  case .incrTapped:
    let (count, overflow) = state.count.addingReportingOverflow(1)
    if overflow {
      state.problem = .countAtMaximum
    } else {
      state.changeCount(to: count)
    }
    return []

  case let .countEntered(count):
    state.changeCount(to: count)
    return []

  case .nthPrimeButtonTapped:
    let n = state.count
    guard n >= 1 else {
      state.problem = .noSuchPrime(n: n)
      return []
    }
    if let limit = environment.limit, n > limit {
      state.problem = .nthPrimeBeyondLimit(n: n, limit: limit)
      return []
    }
    guard !state.isNthPrimeButtonDisabled else { return [] }
    state.isNthPrimeButtonDisabled = true
    state.alertNthPrime = nil
    return [
      environment.nthPrime(n)
        .map { update in
          switch update {
          case let .progress(percent): CounterAction.nthPrimeProgress(n: n, percent: percent)
          case let .answer(prime): CounterAction.nthPrimeResponse(n: n, prime: prime)
          case let .computedHere(prime, failure):
            CounterAction.nthPrimeComputedHere(n: n, prime: prime, because: failure)
          }
        }
        .cancellable(id: NthPrimeRequestID(), cancelInFlight: true)
    ]

  case .nthPrimeCancelButtonTapped:
    guard state.isNthPrimeButtonDisabled else { return [] }
    state.isNthPrimeButtonDisabled = false
    state.nthPrimeProgress = nil
    state.withdrawnNthPrime = state.count
    return [.cancel(id: NthPrimeRequestID())]

  case let .nthPrimeProgress(_, percent):
    state.nthPrimeProgress = percent
    return []

  case let .nthPrimeResponse(n, prime):
    state.answer(n: n, prime: prime, computedHereBecause: nil)
    return []

  case let .nthPrimeComputedHere(n, prime, failure):
    state.answer(n: n, prime: prime, computedHereBecause: failure)
    return []

  case .alertNthPrime:
    return []

  case .okTapped:
    if state.alertNthPrime != nil {
      state.alertNthPrime = nil
    } else {
      state.problem = .nothingToDismiss
    }
    return []

  case .isPrimeButtonTapped:
    state.isPrimeModalShown = true
    return []
  }
}

/// The identity of the nth-prime request's effect, by which withdrawing the question cancels it.
struct NthPrimeRequestID: Hashable, Sendable {}

extension CounterState {
  /// What every action but a progress report does first: the last problem and the withdrawn question were
  /// about the action before, so they go.
  mutating func beginAction() {
    problem = nil
    withdrawnNthPrime = nil
  }

  /// Ends the question in flight with its answer: the alert, which says why it was computed here when a
  /// service failed, or the problem that it could not be found.
  fileprivate mutating func answer(n: Int, prime: Int?, computedHereBecause failure: NthPrimeServiceFailure?) {
    problem = nil
    isNthPrimeButtonDisabled = false
    nthPrimeProgress = nil
    if let prime {
      alertNthPrime = PrimeAlert(n: n, prime: prime, computedHereBecause: failure)
    } else {
      problem = .nthPrimeFailed(n: n)
    }
  }

  /// Sets a new count; an answer still showing is about the old one, so it goes.
  fileprivate mutating func changeCount(to newCount: Int) {
    if newCount != count {
      alertNthPrime = nil
    }
    count = newCount
  }
}

/// Why the counter's last action did not do what was asked, in words a person can act on.
public enum CounterProblem: Equatable, Sendable, CustomStringConvertible, Codable {
  /// Incrementing at `Int.max`: the count stayed.
  case countAtMaximum
  /// Decrementing at `Int.min`: the count stayed.
  case countAtMinimum
  /// The nth prime of a count below 1 was asked for: nothing was computed.
  case noSuchPrime(n: Int)
  /// The nth prime was asked beyond what the environment answers: nothing was computed.
  case nthPrimeBeyondLimit(n: Int, limit: Int)
  /// Computing the nth prime failed.
  case nthPrimeFailed(n: Int)
  /// OK was tapped with neither the modal nor an nth-prime answer showing.
  case nothingToDismiss

  /// The sentence to show.
  public var description: String {
    switch self {
    case .countAtMaximum:
      "The count is already \(Int.max), the largest it can be."
    case .countAtMinimum:
      "The count is already \(Int.min), the smallest it can be."
    case let .noSuchPrime(n):
      "There is no \(ordinal(n)) prime: primes are counted from the 1st. Count up to 1 or more first."
    case let .nthPrimeBeyondLimit(n, limit):
      NthPrimeError.beyondLimit(n: n, limit: limit).description
    case let .nthPrimeFailed(n):
      "Couldn't find the \(ordinal(n)) prime. Try again, or ask for a smaller one."
    case .nothingToDismiss:
      "Nothing to dismiss: no modal or nth-prime answer is showing."
    }
  }
}
