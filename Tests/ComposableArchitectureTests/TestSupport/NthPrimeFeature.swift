import ComposableArchitecture

/// A small feature in the shape of the original Counter, used to exercise the test helpers.
struct NthPrimeState: Equatable {
  var count = 0
  var alert: Alert?
  var isRequestInFlight = false

  struct Alert: Equatable {
    let n: Int
    let prime: Int
  }
}

enum NthPrimeAction: Equatable, Sendable {
  case incrTapped
  case nthPrimeButtonTapped
  case nthPrimeResponse(n: Int, prime: Int?)
  case alertDismissed
  case logTapped
  case cancelTapped
}

struct NthPrimeEnvironment {
  var nthPrime: @Sendable (Int) -> Effect<Int?>
  var log: @Sendable (String) -> Void = { _ in }
}

enum NthPrimeRequest: Hashable, Sendable { case id }

let nthPrimeReducer: Reducer<NthPrimeState, NthPrimeAction, NthPrimeEnvironment> = { state, action, environment in
  switch action {
  case .incrTapped:
    state.count += 1
    return []
  case .nthPrimeButtonTapped:
    state.isRequestInFlight = true
    let n = state.count
    return [
      environment.nthPrime(n)
        .map { NthPrimeAction.nthPrimeResponse(n: n, prime: $0) }
        .cancellable(id: NthPrimeRequest.id)
    ]
  case let .nthPrimeResponse(n, prime):
    state.isRequestInFlight = false
    state.alert = prime.map { NthPrimeState.Alert(n: n, prime: $0) }
    return []
  case .alertDismissed:
    state.alert = nil
    return []
  case .logTapped:
    let count = state.count
    return [.fireAndForget { environment.log("count \(count)") }]
  case .cancelTapped:
    state.isRequestInFlight = false
    return [.cancel(id: NthPrimeRequest.id)]
  }
}

extension NthPrimeEnvironment {
  /// Answers at once, synchronously, like the original tests' mocks.
  static func answering(_ prime: Int?) -> Self {
    Self(nthPrime: { _ in .sync { prime } })
  }

  /// Answers asynchronously, from another task, after yielding.
  static func answeringLater(_ prime: Int?) -> Self {
    Self(nthPrime: { _ in
      .run { send in
        await Task.yield()
        await send(prime)
      }
    })
  }

  /// Never answers until cancelled.
  static let hanging = Self(nthPrime: { _ in
    .run { _ in
      try await Task.sleep(for: .seconds(3600))
    }
  })
}
