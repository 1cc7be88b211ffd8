public import ComposableArchitecture

/// The counter's logic.
///
/// Every action clears the last ``CounterState/problem`` and may set a new one: the count never wraps
/// around at the ends of `Int`, a question for the nth prime of a count below 1 is answered with a problem
/// without computing anything, and a failed answer becomes a problem instead of being dropped.
public let counterReducer: Reducer<CounterState, CounterAction, CounterEnvironment> = { state, action, environment in
  state.problem = nil
  switch action {
  case .decrTapped:
    let (count, overflow) = state.count.subtractingReportingOverflow(1)
    if overflow {
      state.problem = .countAtMinimum
    } else {
      state.count = count
    }
    return []

  case .incrTapped:
    let (count, overflow) = state.count.addingReportingOverflow(1)
    if overflow {
      state.problem = .countAtMaximum
    } else {
      state.count = count
    }
    return []

  case let .countEntered(count):
    state.count = count
    return []

  case .nthPrimeButtonTapped:
    let n = state.count
    guard n >= 1 else {
      state.problem = .noSuchPrime(n: n)
      return []
    }
    guard !state.isNthPrimeButtonDisabled else { return [] }
    state.isNthPrimeButtonDisabled = true
    return [environment.nthPrime(n).map { CounterAction.nthPrimeResponse(n: n, prime: $0) }]

  case let .nthPrimeResponse(n, prime):
    state.isNthPrimeButtonDisabled = false
    if let prime {
      state.alertNthPrime = PrimeAlert(n: n, prime: prime)
    } else {
      state.problem = .nthPrimeFailed(n: n)
    }
    return []

  case .alertDismissButtonTapped:
    state.alertNthPrime = nil
    return []

  case .isPrimeButtonTapped:
    state.isPrimeModalShown = true
    return []

  case .primeModalDismissed:
    state.isPrimeModalShown = false
    return []
  }
}
