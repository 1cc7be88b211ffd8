public import ComposableArchitecture

/// The counter's logic.
///
/// Every action but a progress report clears the last ``CounterState/problem`` and may set a new one: the
/// count never wraps around at the ends of `Int`, a question for the nth prime of a count below 1, or beyond
/// the client's limit, is answered with a problem without computing anything, and a failed answer becomes a
/// problem instead of being dropped. An answer computed on this machine because the service asked first
/// failed carries that failure in its alert (``PrimeAlert/fallbackNotice``), for the front end to say once.
/// A new question takes down the answer to the last one, and so does a new count: the answer is about the
/// old one. The modal covers the counter, so a count or a question (`+`, `-`, a typed count, the nth prime)
/// closes it first, refused or not. OK closes the modal, else the answer, else records
/// ``CounterProblem/nothingToDismiss``.
///
/// One nth-prime question is in flight at a time. Withdrawing it cancels its effect; progress or an answer
/// that still arrives when no question is in flight is ignored entirely, so a withdrawn question never shows
/// an alert; ``CounterState/withdrawnNthPrime`` remembers it until the next action, for the front end to say.
public let counterReducer: Reducer<CounterState, CounterAction, NthPrimeClient> = { state, action, environment in
  switch action {
  case .nthPrimeProgress, .nthPrimeResponse, .nthPrimeComputedHere:
    guard state.isNthPrimeButtonDisabled else { return [] }
  default:
    state.problem = nil
    state.withdrawnNthPrime = nil
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

  case .alertDismissButtonTapped:
    state.alertNthPrime = nil
    return []

  case .okTapped:
    if state.isPrimeModalShown {
      state.isPrimeModalShown = false
    } else if state.alertNthPrime != nil {
      state.alertNthPrime = nil
    } else {
      state.problem = .nothingToDismiss
    }
    return []

  case .isPrimeButtonTapped:
    state.isPrimeModalShown = true
    return []

  case .primeModalDismissed:
    state.isPrimeModalShown = false
    return []
  }
}

/// The identity of the nth-prime request's effect, by which withdrawing the question cancels it.
struct NthPrimeRequestID: Hashable, Sendable {}

extension CounterState {
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
