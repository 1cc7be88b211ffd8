import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

// The examples of TestClock's and UnimplementedClock's doc comments, and the timer of
// EffectsAndCancellation.md, compiled and run.

// MARK: A timer that ticks every second until it is stopped

struct Stopwatch: ReducerProtocol {
  struct State: Equatable {
    var isRunning = false
    var secondsElapsed = 0
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
      state.isRunning = true
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)

    case .stopButtonTapped:
      state.isRunning = false
      return .cancel(id: CancelID.timer)

    case .tick:
      state.secondsElapsed += 1
      return .none
    }
  }
}

// MARK: Tests

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ClockExampleTests {
  @Test func theStopwatchTicksOnceASecondUntilStopped() async {
    let clock = TestClock()
    let store = TestStore(initialState: Stopwatch.State(), reducer: Stopwatch()) {
      $0.clock = clock
    }

    await store.send(.startButtonTapped) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.secondsElapsed = 1 }
    await store.send(.stopButtonTapped) { $0.isRunning = false }
    await store.finish()
  }

  @Test func threeSecondsOfTheStopwatchAreThreeTicks() async {
    let clock = TestClock()
    let store = TestStore(initialState: Stopwatch.State(), reducer: Stopwatch()) {
      $0.clock = clock
    }

    await store.send(.startButtonTapped) { $0.isRunning = true }
    await clock.advance(by: .seconds(3))
    await store.receive(.tick) { $0.secondsElapsed = 1 }
    await store.receive(.tick) { $0.secondsElapsed = 2 }
    await store.receive(.tick) { $0.secondsElapsed = 3 }
    await store.send(.stopButtonTapped) { $0.isRunning = false }
    await store.finish()
  }

  @Test func aSleepOnAnUnimplementedClockFailsTheTest() async throws {
    let failures = try await collectTestFailures {
      let clock = UnimplementedClock(name: "the retry delay")
      try await clock.sleep(for: .seconds(5))
    }

    #expect(failures.count == 1)
    #expect(
      failures.first?.message.hasPrefix(
        "Runtime warning: UnimplementedClock \"the retry delay\" was asked to sleep for 5.0 seconds"
      ) == true
    )
  }
}
