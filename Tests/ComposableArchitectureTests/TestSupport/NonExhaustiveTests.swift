import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing
import XCTest

/// Non-exhaustive testing: `exhaustivity = .off`, `withExhaustivity`, `skipReceivedActions` and
/// `skipInFlightEffects`, on a parent feature with a child and effects.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct NonExhaustiveTests {
  private func appStore() -> TestStore<TallyApp.State, TallyApp.Action> {
    TestStore(initialState: TallyApp.State(), reducer: TallyApp()) {
      $0.primeClient.nthPrime = { _ in 2 }
    }
  }

  @Test func theWholeFeatureExhaustively() async {
    let failures = await collectTestFailures {
      let store = appStore()
      await store.send(.onAppear)
      await store.receive(.tally(.incrTapped)) { $0.tally.count = 1 }
      await store.receive(.tally(.primeTapped)) { $0.tally.isLoading = true }
      await store.receive(.tally(.primeResponse(2))) {
        $0.tally.isLoading = false
        $0.tally.prime = 2
        $0.log = ["prime 2"]
      }
      await store.finish()
    }
    #expect(failures == [])
  }

  @Test func theWholeFeatureNonExhaustivelyAssertsOnlyWhatItSets() async {
    let failures = await collectTestFailures {
      let store = appStore()
      store.exhaustivity = .off
      await store.send(.onAppear)
      await store.receive(TallyApp.Action.tallyCase .. Tally.Action.primeResponseCase) { $0.log = ["prime 2"] }
      await store.send(.tally(.incrTapped)) { $0.tally.count = 2 }
      await store.finish()
      #expect(store.state == TallyApp.State(tally: Tally.State(count: 2, prime: 2), log: ["prime 2"]))
    }
    #expect(failures == [])
  }

  @Test func offStillFailsWhenWhatTheClosureSetsIsWrong() async {
    let failures = await collectTestFailures {
      let store = appStore()
      store.exhaustivity = .off
      await store.send(.tally(.incrTapped)) { $0.tally.count = 2 }
    }
    #expect(
      failures.map(\.message) == [
        """
        State after step 1 (send .tally(.incrTapped)) does not match the expectation: (− expected, + actual)
          State(
        −   tally: State(count: 2, prime: nil, isLoading: false, ticks: 0),
        +   tally: State(count: 1, prime: nil, isLoading: false, ticks: 0),
            log: []
          )
        """
      ]
    )
  }

  @Test func offSendReducesPendingReceivedActionsFirstInOrder() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally())
      store.exhaustivity = .off
      await store.send(.bumpTwiceTapped)
      #expect(store.state.count == 0)
      await store.send(.resetTapped) { $0.count = 0 }
      await store.send(.bumpTwiceTapped)
      await store.send(.incrTapped) { $0.count = 3 }
    }
    #expect(failures == [])
  }

  @Test func offReceiveThatFindsNoMatchFailsListingWhatItSkipped() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally())
      store.exhaustivity = .off
      await store.send(.bumpTwiceTapped)
      await store.receive(.primeResponse)
      #expect(store.state.count == 2)
    }
    #expect(
      failures.map(\.message) == [
        """
        step 2 (receive an action of the given case) expected an action, but none that matches was received; \
        no effect is running.
        It skipped 2 received actions on the way:
          • .incrTapped
          • .incrTapped
        """
      ]
    )
  }

  @Test func offReceiveTimesOutWhileATimerKeepsSendingOtherActions() async {
    // The message names the timeout in effect; how long the test takes is no measure of it, since the whole
    // suite shares two cores and every hop of this test waits its turn behind a thousand others.
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally())
      store.exhaustivity = .off
      await store.send(.timerStarted)
      await store.receive(.primeResponse, timeout: .milliseconds(50))
      await store.send(.timerStopped)
      // Lets the cancelled timer end while its store is alive, so that it sends nothing after teardown.
      await store.finish()
    }
    // Ticks skipped on the way, if the loaded machine let the timer run, are listed after the effect.
    #expect(failures.count == 1)
    #expect(failures.first?.message.hasPrefix("step 2 (receive an action of the given case) expected an action") == true)
    #expect(
      failures.first?.message.contains(
        "was received within 0.05 seconds; still running:\n"
          + "  • an effect created at Tally/Tally.swift:7, returned for .timerStarted"
      ) == true
    )
  }

  @Test func offLeftoversAtFinishAndTeardownAreNoFailures() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally(), timeout: .milliseconds(20))
      store.exhaustivity = .off
      await store.send(.timerStarted)
      await store.send(.bumpTwiceTapped)
      await store.finish()
      #expect(store.state.count == 2)
      // An effect that ends at its first cancellation check, so that it sends nothing after the store is gone.
      let unfinished = TestStore(initialState: Tally.State(), reducer: Tally()) {
        $0.primeClient.nthPrime = { _ in try await Task.sleep(for: .seconds(3600)); return 0 }
      }
      unfinished.exhaustivity = .off
      await unfinished.send(.primeTapped)
      await unfinished.send(.bumpTwiceTapped)
    }
    #expect(failures == [])
  }

  @Test func showSkippedAssertionsListsEachAsAKnownFailure() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally(), timeout: .milliseconds(20)) {
        $0.primeClient.nthPrime = { _ in try await Task.sleep(for: .seconds(3600)); return 0 }
      }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.bumpTwiceTapped)
      await store.send(.incrTapped) { $0.count = 3 }
      await store.send(.primeTapped)
      await store.finish()
    }
    #expect(failures.map(\.isKnown).allSatisfy { $0 })
    #expect(
      failures.map(\.message) == [
        """
        step 2 (send .incrTapped) skipped 2 received actions that no receive step asserted:
          • .incrTapped
          • .incrTapped
        """,
        """
        step 3 (send .primeTapped) left state changes unasserted: (− expected, + actual)
          State(
            count: 3,
            prime: nil,
        −   isLoading: false,
        +   isLoading: true,
            ticks: 0
          )
        """,
        """
        1 effect still running 0.02 seconds after the last step; exhaustivity is off, so it is cancelled:
          • an effect created at Tally/Tally.swift:40, returned for .primeTapped
        """,
      ]
    )
  }

  @Test func showSkippedAssertionsListsWhatTheStoreLeftWhenItWentAway() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally()) {
        $0.primeClient.nthPrime = { _ in try await Task.sleep(for: .seconds(3600)); return 0 }
      }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.primeTapped) { $0.isLoading = true }
      await store.send(.bumpTwiceTapped) { $0.count = 0 }
    }
    // Non-exhaustive, a closure that sets what the state still holds asserts it stayed: no failure.
    #expect(failures.map(\.isKnown) == [true, true])
    #expect(
      failures.map(\.message) == [
        """
        2 received actions left unasserted when the test store went away; exhaustivity is off, so they are \
        dropped:
          • .incrTapped
          • .incrTapped
        """,
        """
        1 effect still running when the test store went away; exhaustivity is off, so it is cancelled:
          • an effect created at Tally/Tally.swift:40, returned for .primeTapped
        """,
      ]
    )
  }

  @Test func offReceiveSkipsEarlierActionsAndShowsThemWhenAsked() async {
    let failures = await collectTestFailures {
      let store = appStore()
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.onAppear)
      await store.receive(.tally(.primeResponse(2))) {
        $0.tally.isLoading = false
        $0.tally.prime = 2
        $0.log = ["prime 2"]
      }
      await store.finish()
    }
    #expect(
      failures.map(\.message) == [
        """
        step 2 (receive .tally(.primeResponse(2))) skipped 2 received actions that no receive step asserted:
          • .tally(.incrTapped)
          • .tally(.primeTapped)
        """
      ]
    )
    #expect(failures.map(\.isKnown).allSatisfy { $0 })
  }

  @Test func skippedAssertionsAreKnownIssuesUnderSwiftTesting() async {
    let store = TestStore(initialState: Tally.State(), reducer: Tally())
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.bumpTwiceTapped)
    await store.send(.incrTapped)
    await store.finish()
    #expect(store.state.count == 3)
  }

  @Test func withExhaustivityRelaxesOnlyTheBlock() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally())
      await store.withExhaustivity(.off) {
        #expect(store.exhaustivity == .off)
        await store.send(.incrTapped)
      }
      #expect(store.exhaustivity == .on)
      await store.send(.incrTapped)
    }
    #expect(
      failures.map(\.message) == [
        """
        State after step 2 (send .incrTapped) does not match the expectation: (− expected, + actual)
          State(
        −   count: 1,
        +   count: 2,
            prime: nil,
            isLoading: false,
          …
        """
      ]
    )
  }

  @Test func skipReceivedActionsReducesThemInOrderWithoutAsserting() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally())
      await store.send(.bumpTwiceTapped)
      await store.skipReceivedActions()
      #expect(store.state.count == 2)
      await store.send(.resetTapped) { $0.count = 0 }
      await store.finish()
    }
    #expect(failures == [])
  }

  @Test func skipWithNothingToSkipFailsUnlessNotStrict() async {
    let line = #line + 3
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally())
      await store.skipReceivedActions()
      await store.skipInFlightEffects()
      await store.skipReceivedActions(strict: false)
      await store.skipInFlightEffects(strict: false)
    }
    #expect(
      failures.map(\.message) == [
        "skipReceivedActions() found no received action to skip; remove the call, or pass strict: false.",
        "skipInFlightEffects() found no running effect to skip; remove the call, or pass strict: false.",
      ]
    )
    #expect(failures.first?.line == UInt(line))
  }

  @Test func skipInFlightEffectsStopsCountingThemWithoutCancellingThem() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally(), timeout: .milliseconds(200)) {
        $0.primeClient.nthPrime = { n in
          try await Task.sleep(for: n == 0 ? .milliseconds(50) : .seconds(3600))
          return 7
        }
      }
      await store.send(.primeTapped) { $0.isLoading = true }
      await store.skipInFlightEffects()
      // Not cancelled: the skipped effect still answers, and its action must be received.
      await store.receive(.primeResponse(7), timeout: .seconds(60)) {
        $0.isLoading = false
        $0.prime = 7
      }
      await store.send(.incrTapped) { $0.count = 1 }
      await store.send(.primeTapped) { $0.isLoading = true }
      await store.skipInFlightEffects()
      // Not counted: finish neither waits for the effect nor fails; the store cancels it when it goes away.
      await store.finish()
    }
    #expect(failures == [])
  }

  @Test func aReducerThatAnswersItselfForeverFailsInsteadOfHanging() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally())
      store.exhaustivity = .off
      await store.send(.echoForever)
      await store.send(.incrTapped) { $0.count = 1 }
      await store.send(.echoForever)
      await store.receive(.incrTapped)
    }
    #expect(
      failures.map(\.message) == [
        "step 2 (send .incrTapped) skipped 10000 received actions and more keep coming; a reducer that answers "
          + "an action with another one, synchronously and without end, never settles.",
        "step 4 (receive .incrTapped) skipped 10000 received actions and more keep coming; a reducer that "
          + "answers an action with another one, synchronously and without end, never settles.",
      ]
    )
  }
}

/// Skipped assertions under XCTest, which has no expected failures on Linux: listed on standard error, the
/// test passes.
final class NonExhaustiveXCTests: XCTestCase {
  @MainActor
  func testSkippedAssertionsDoNotFailTheTest() async {
    let store = TestStore(initialState: Tally.State(), reducer: Tally())
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.bumpTwiceTapped)
    await store.send(.incrTapped)
    await store.finish()
    XCTAssertEqual(store.state.count, 3)
  }
}
