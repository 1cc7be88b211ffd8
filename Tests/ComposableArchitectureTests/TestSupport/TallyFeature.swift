import ComposableArchitecture

/// A child feature with effects: a counter that asks for a prime and runs a timer.
struct Tally: ReducerProtocol {
  struct State: Equatable {
    var count = 0
    var prime: Int?
    var isLoading = false
    var ticks = 0
  }

  enum Action: Equatable, Sendable {
    case incrTapped
    case resetTapped
    case bumpTwiceTapped
    case echoForever
    case primeTapped
    case primeResponse(Int)
    case timerStarted
    case timerTicked
    case timerStopped
  }

  enum TimerID: Hashable, Sendable { case timer }

  @Dependency(\.primeClient) var client

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrTapped:
      state.count += 1
      return .none
    case .resetTapped:
      state.count = 0
      return .none
    case .bumpTwiceTapped:
      return .merge(.send(.incrTapped), .send(.incrTapped))
    case .echoForever:
      return .send(.echoForever)
    case .primeTapped:
      state.isLoading = true
      let (n, client) = (state.count, client)
      return .run(
        operation: { send in await send(.primeResponse(try await client.nthPrime(n))) },
        fileID: "Tally/Tally.swift",
        line: 40
      )
    case let .primeResponse(prime):
      state.isLoading = false
      state.prime = prime
      return .none
    case .timerStarted:
      return .run(
        operation: { send in
          while true {
            try await Task.sleep(for: .milliseconds(5))
            await send(.timerTicked)
          }
        },
        fileID: "Tally/Tally.swift",
        line: 7
      )
      .cancellable(id: TimerID.timer)
    case .timerTicked:
      state.ticks += 1
      return .none
    case .timerStopped:
      return .cancel(id: TimerID.timer)
    }
  }
}

extension Tally.Action {
  static let primeResponseCase = CasePath(Self.primeResponse) {
    if case let .primeResponse(prime) = $0 { prime } else { nil }
  }
}

/// A leading-dot case path, as a feature may declare one for `receive(.primeResponse)`.
extension CasePath where Root == Tally.Action, Value == Int {
  static var primeResponse: Self { Tally.Action.primeResponseCase }
}

/// The parent: embeds `Tally`, starts it on appear, and logs each prime the child receives.
struct TallyApp: ReducerProtocol {
  struct State: Equatable {
    var tally = Tally.State()
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case onAppear
    case tally(Tally.Action)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let child = Tally().pullback(state: \State.tally, action: Action.tallyCase).reduce(into: &state, action: action)
    switch action {
    case .onAppear:
      return .run { send in
        await send(.tally(.incrTapped))
        await send(.tally(.primeTapped))
      }
    case let .tally(.primeResponse(prime)):
      state.log.append("prime \(prime)")
      return child
    case .tally:
      return child
    }
  }
}

extension TallyApp.Action {
  static let tallyCase = CasePath(Self.tally) { if case let .tally(action) = $0 { action } else { nil } }
}
