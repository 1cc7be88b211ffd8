import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct TestStoreTaskTests {
  @Test func cancellingTheTaskOfASendEndsItsLongLivingEffectSoTheTestFinishesCleanly() async {
    let (ticks, ticker) = AsyncStream.makeStream(of: Int.self)
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks), timeout: .seconds(10))
      let task = await store.send(.startTapped) { $0.isTicking = true }
      ticker.yield(1)
      await store.receive(.tick(1)) { $0.count = 1 }
      #expect(!task.isCancelled)
      task.cancel()
      #expect(task.isCancelled)
      await task.finish()
      await store.send(.stopTapped) { $0.isTicking = false }
      await store.finish()
    }
    #expect(failures == [])
  }

  /// The example of TestStoreTask's documentation, word for word.
  @Test func theDocumentedTimerExamplePasses() async {
    let failures = await collectTestFailures {
      let (ticks, ticker) = AsyncStream.makeStream(of: Int.self)
      let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks))
      let task = await store.send(.startTapped) { $0.isTicking = true }
      ticker.yield(1)
      await store.receive(.tick(1)) { $0.count = 1 }
      task.cancel()
      await store.finish()
    }
    #expect(failures == [])
  }

  @Test func theTaskCoversEffectsStartedByActionsItsEffectsSentBack() async {
    let (ticks, ticker) = AsyncStream.makeStream(of: Int.self)
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks), timeout: .seconds(10))
      let task = await store.send(.relayTapped)
      await store.receive(.relayed)
      await store.receive(.startTapped) { $0.isTicking = true }
      ticker.yield(7)
      await store.receive(.tick(7)) { $0.count = 7 }
      task.cancel()
      await task.finish()
      await store.finish()
    }
    #expect(failures == [])
  }

  @Test func finishingATaskWhoseEffectRunsOnFailsNamingItAndCancelsIt() async {
    let (ticks, _) = AsyncStream.makeStream(of: Int.self)
    let finishLine = #line + 4
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks), timeout: .seconds(10))
      let task = await store.send(.startTapped) { $0.isTicking = true }
      await task.finish(timeout: .milliseconds(50))
      #expect(task.isCancelled)
      await store.finish()
    }
    #expect(
      failures.map(\.message) == [
        """
        1 effect of send .startTapped still running 0.05 seconds after task.finish() began waiting; make it \
        finish, or cancel the task first (it is cancelled now):
          • an effect created at ComposableArchitectureTests/TickerFeature.swift:\(Ticker.effectLine), \
        returned for .startTapped
        """
      ]
    )
    #expect(failures.first?.line == UInt(finishLine))
  }

  @Test func finishWaitsTheStoresTimeoutByDefault() async {
    let (ticks, _) = AsyncStream.makeStream(of: Int.self)
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks), timeout: .milliseconds(30))
      let task = await store.send(.startTapped) { $0.isTicking = true }
      await task.finish()
      await store.finish()
    }
    #expect(failures.count == 1)
    #expect(failures.first?.message.hasPrefix("1 effect of send .startTapped still running 0.03 seconds after") == true)
  }

  @Test func theTaskOfASendWithoutAsynchronousEffectsIsFinishedAtOnce() async {
    let (ticks, _) = AsyncStream.makeStream(of: Int.self)
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks), timeout: .milliseconds(30))
      let task = await store.send(.stopTapped)
      await task.finish()
      #expect(!task.isCancelled)
      await store.finish()
    }
    #expect(failures == [])
  }

  @Test func aTaskWaitsOnlyForTheEffectsOfItsOwnSend() async {
    let (ticks, _) = AsyncStream.makeStream(of: Int.self)
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks))
      let ticking = await store.send(.startTapped) { $0.isTicking = true }
      let relay = await store.send(.relayTapped)
      await relay.finish()
      #expect(!ticking.isCancelled)
      ticking.cancel()
      await ticking.finish()
      await store.receive(.relayed)
      await store.receive(.startTapped)
      await store.finish()
    }
    #expect(failures == [])
  }
}
