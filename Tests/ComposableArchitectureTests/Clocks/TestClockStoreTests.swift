import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// A timer: started, it ticks every second of `\.clock` until stopped.
private struct Metronome: ReducerProtocol {
  struct State: Equatable {
    var isTicking = false
    var ticks = 0
  }

  enum Action: Equatable, Sendable {
    case startButtonTapped
    case stopButtonTapped
    case tick
  }

  enum CancelID: Hashable, Sendable {
    case timer
  }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startButtonTapped:
      state.isTicking = true
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)

    case .stopButtonTapped:
      state.isTicking = false
      return .cancel(id: CancelID.timer)

    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// `TestClock` driving a feature's timer through a `TestStore`.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TestClockStoreTests {
  @Test func aTimerFeatureTicksOnceAfterOneSecond() async {
    let clock = TestClock()
    let store = TestStore(initialState: Metronome.State(), reducer: Metronome()) {
      $0.clock = clock
    }

    await store.send(.startButtonTapped) { $0.isTicking = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.send(.stopButtonTapped) { $0.isTicking = false }
    // Exhaustive: a second tick, received or still to come, would fail here.
    await store.finish()
  }

  @Test func aTimerFeatureTicksThreeTimesInThreeSeconds() async {
    let clock = TestClock()
    let store = TestStore(initialState: Metronome.State(), reducer: Metronome()) {
      $0.clock = clock
    }

    await store.send(.startButtonTapped) { $0.isTicking = true }
    await clock.advance(by: .seconds(3))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    await store.receive(.tick) { $0.ticks = 3 }
    await clock.advance(by: .milliseconds(999))
    await store.send(.stopButtonTapped) { $0.isTicking = false }
    await store.finish()
  }
}
