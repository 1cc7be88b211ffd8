import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// Failures that match what the test wrote: a closure that changes nothing, the state seen inside a closure,
/// and received actions a `send` came too early for.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct TestStoreFailureTests {
  @Test func anUpdateThatChangesNothingFailsSayingToDropTheClosure() async {
    let sendLine = #line + 3
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally())
      await store.send(.resetTapped) { $0.count = 0 }
    }
    #expect(
      failures.map(\.message) == [
        "step 1 (send .resetTapped) expected the state to change, but it did not; the update closure only sets "
          + "what the state already held. If the step changes nothing, drop the trailing closure."
      ]
    )
    #expect(failures.first?.line == UInt(sendLine))
  }

  @Test func anUpdateThatChangesNothingWhileTheStateChangedShowsTheDiff() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally())
      await store.send(.incrTapped) { $0.count = 0 }
    }
    #expect(
      failures.map(\.message) == [
        """
        State after step 1 (send .incrTapped) does not match the expectation: (− expected, + actual)
          State(
        −   count: 0,
        +   count: 1,
            prime: nil,
            isLoading: false,
          …
        """
      ]
    )
  }

  @Test func aStepWithoutAClosureThatChangesNothingPasses() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally())
      await store.send(.resetTapped)
      await store.finish()
    }
    #expect(failures == [])
  }

  @Test func anAssertStepThatChangesNothingFailsAndOneWithoutAClosurePasses() async {
    let failures = await collectTestFailures {
      await assert(
        initialValue: NthPrimeState(),
        reducer: nthPrimeReducer,
        environment: .answering(17),
        steps: Step(.send, .alertDismissed),
        Step(.send, .alertDismissed) { $0.alert = nil }
      )
    }
    #expect(
      failures.map(\.message) == [
        "step 2 (send .alertDismissed) expected the state to change, but it did not; the update closure only "
          + "sets what the state already held. If the step changes nothing, drop the trailing closure."
      ]
    )
  }

  @Test func theStoreStateInsideAnUpdateClosureIsTheStateBeforeTheStep() async {
    var seen: [Int] = []
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(count: 4), reducer: Tally())
      await store.send(.incrTapped) {
        seen.append(store.state.count)
        $0.count = store.state.count + 1
      }
      #expect(store.state.count == 5)
    }
    #expect(failures == [])
    #expect(seen == [4])
  }

  @Test func actionsASendCameTooEarlyForStayReceivableAndFailOnce() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally())
      await store.send(.bumpTwiceTapped)
      await store.receive(.incrTapped) { $0.count = 1 }
      await store.send(.resetTapped) { $0.count = 0 }
      await store.receive(.incrTapped) { $0.count = 1 }
      await store.finish()
    }
    #expect(
      failures.map(\.message) == [
        """
        step 3 (send .resetTapped) was sent before 1 received action had been asserted; add a receive step for each:
          • .incrTapped
        """
      ]
    )
  }

  @Test func receivedActionsASendCameTooEarlyForComeBeforeItsOwnResponses() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally()) {
        $0.primeClient.nthPrime = { n in n + 2 }
      }
      await store.send(.bumpTwiceTapped)
      await store.send(.primeTapped) { $0.isLoading = true }
      await store.receive(.incrTapped) { $0.count = 1 }
      await store.receive(.incrTapped) { $0.count = 2 }
      await store.receive(.primeResponse(2)) {
        $0.isLoading = false
        $0.prime = 2
      }
      await store.finish()
    }
    #expect(
      failures.map(\.message) == [
        """
        step 2 (send .primeTapped) was sent before 2 received actions had been asserted; add a receive step for each:
          • .incrTapped
          • .incrTapped
        """
      ]
    )
  }

  @Test func actionsASendCameTooEarlyForAndNeverReceivedFailOnlyOnce() async {
    let finishLine = #line + 7
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally())
      await store.send(.bumpTwiceTapped)
      await store.send(.resetTapped)
      await store.send(.bumpTwiceTapped)
      await store.receive(.incrTapped) { $0.count = 1 }
      await store.finish()
    }
    #expect(
      failures.map(\.message) == [
        """
        step 2 (send .resetTapped) was sent before 2 received actions had been asserted; add a receive step for each:
          • .incrTapped
          • .incrTapped
        """,
        """
        2 received actions left unasserted after the last step; add a receive step for each:
          • .incrTapped
          • .incrTapped
        """,
      ]
    )
    #expect(failures.last?.line == UInt(finishLine))
  }

  @Test func actionsASendCameTooEarlyForAreNotReportedAgainWhenTheStoreGoesAway() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally())
      await store.send(.bumpTwiceTapped)
      await store.send(.resetTapped)
    }
    #expect(failures.count == 1)
    #expect(failures.first?.message.hasPrefix("step 2 (send .resetTapped) was sent before 2 received actions") == true)
  }
}
