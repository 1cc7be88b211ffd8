import ComposableArchitecture

/// A feature with a long-living effect: once started, it sends a tick for every value of `ticks`, like a
/// timer, until its stream ends or the effect is cancelled. `relayTapped` starts the timer two actions
/// later: its effect sends `relayed`, which sends `startTapped` at once.
struct Ticker: ReducerProtocol {
  struct State: Equatable {
    var count = 0
    var isTicking = false
  }

  enum Action: Equatable, Sendable {
    case startTapped
    case tick(Int)
    case stopTapped
    case relayTapped
    case relayed
  }

  /// The values the timer delivers; a test drives it through the stream's continuation.
  let ticks: AsyncStream<Int>

  /// The line of `Effect.run` in `reduce`, for messages that name the effect.
  static let effectLine = 31

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTapped:
      state.isTicking = true
      let ticks = ticks
      return .run { send in
        for await tick in ticks { await send(.tick(tick)) }
      }
    case let .tick(value):
      state.count = value
      return .none
    case .stopTapped:
      state.isTicking = false
      return .none
    case .relayTapped:
      return .run { send in await send(.relayed) }
    case .relayed:
      return .send(.startTapped)
    }
  }
}
