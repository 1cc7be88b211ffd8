import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// Once a test has failed, the test tools stop spending their whole timeout on each remaining step: a broken
/// feature (a dropped state write, say) fails in seconds instead of minutes. A passing test keeps the full
/// timeout, so a loaded machine never makes it fail.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct FailFastTests {
  @Test func afterAFailureFinishWaitsOnlyASecondForAnEffectThatRunsOn() async {
    let (ticks, _) = AsyncStream.makeStream(of: Int.self)
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks), timeout: .seconds(3600))
      await store.send(.startTapped) { $0.isTicking = false }
      await store.finish()
    }
    #expect(failures.map(\.message).last == """
      1 effect still running 1.0 seconds after the last step (cut short: the test had already failed); \
      make it finish or cancel it in a step:
        • an effect created at ComposableArchitectureTests/TickerFeature.swift:\(Ticker.effectLine), \
      returned for .startTapped
      """)
  }

  @Test func afterAFailureReceiveWaitsOnlyASecond() async {
    let (ticks, _) = AsyncStream.makeStream(of: Int.self)
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks), timeout: .seconds(3600))
      await store.send(.startTapped) { $0.count = 1 }
      await store.receive(.tick(1))
    }
    // The step's failure, the receive's, and the effect left when the store went away.
    #expect(failures.count == 3)
    #expect(failures.dropFirst().first?.message == """
      step 2 (receive .tick(1)) expected an action, but none was received within 1.0 seconds (cut short: the \
      test had already failed); still running:
        • an effect created at ComposableArchitectureTests/TickerFeature.swift:\(Ticker.effectLine), \
      returned for .startTapped
      """)
  }

  @Test func aPassingTestWaitsAsLongAsItMust() async {
    let (ticks, ticker) = AsyncStream.makeStream(of: Int.self)
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks))
      let task = await store.send(.startTapped) { $0.isTicking = true }
      Task {
        try await Task.sleep(for: .milliseconds(1500))
        ticker.yield(1)
      }
      await store.receive(.tick(1)) { $0.count = 1 }
      task.cancel()
      await store.finish()
    }
    #expect(failures.isEmpty)
  }

  @Test func aWaitEndsAsSoonAsTheTestIsCancelled() async {
    let (ticks, _) = AsyncStream.makeStream(of: Int.self)
    let started = AsyncStream.makeStream(of: Void.self)
    let waiting = Task { @MainActor in
      await collectTestFailures {
        let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks), timeout: .seconds(3600))
        await store.send(.startTapped) { $0.isTicking = true }
        started.continuation.yield()
        await store.finish()
      }
    }
    for await _ in started.stream { break }
    waiting.cancel()
    let failures = await waiting.value
    #expect(failures.first?.message.hasPrefix("1 effect still running 3600.0 seconds after the last step;") == true)
  }
}
