// The feature of the README's "The library", compiled as the README shows it: a counter that says whether its
// count is prime. Its test is in ReadmeExampleTests.swift.

import ComposableArchitecture

struct PrimeCounter: ReducerProtocol {
  struct State: Equatable {
    var count = 0
    var isPrime = false
  }

  enum Action: Equatable, Sendable {
    case incrTapped
    case primalityChecked(Bool)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrTapped:
      state.count += 1
      let n = state.count
      return .run { send in
        await send(.primalityChecked(n > 1 && (2..<n).allSatisfy { n % $0 != 0 }))
      }
    case let .primalityChecked(isPrime):
      state.isPrime = isPrime
      return .none
    }
  }
}
