import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// `receive` by predicate, by case path (composed, by key path, or leading-dot) and by case path and payload.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct TestStoreReceiveTests {
  private func store(prime: Int = 2) -> TestStore<TallyApp.State, TallyApp.Action> {
    TestStore(initialState: TallyApp.State(), reducer: TallyApp()) {
      $0.primeClient.nthPrime = { _ in prime }
    }
  }

  @Test func everyFormReceivesTheMatchingAction() async {
    let failures = await collectTestFailures {
      let store = store()
      await store.send(.onAppear)
      await store.receive { $0 == .tally(.incrTapped) } _: { $0.tally.count = 1 }
      await store.receive(TallyApp.Action.tallyCase) { $0.tally.isLoading = true }
      await store.receive(TallyApp.Action.tallyCase .. Tally.Action.primeResponseCase, 2) {
        $0.tally.isLoading = false
        $0.tally.prime = 2
        $0.log = ["prime 2"]
      }
      await store.send(.tally(.primeTapped)) { $0.tally.isLoading = true }
      await store.receive({ if case .tally(.primeResponse) = $0 { true } else { false } }) {
        $0.tally.isLoading = false
        $0.log = ["prime 2", "prime 2"]
      }
      await store.finish()
    }
    #expect(failures == [])
  }

  @Test func keyPathAndLeadingDotFormsReceiveTheMatchingAction() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(count: 1), reducer: Tally()) {
        $0.primeClient.nthPrime = { _ in 3 }
      }
      await store.send(.primeTapped) { $0.isLoading = true }
      await store.receive(\.primeResponseCase) {
        $0.isLoading = false
        $0.prime = 3
      }
      await store.send(.primeTapped) { $0.isLoading = true }
      await store.receive(\.primeResponseCase, 3) { $0.isLoading = false }
      await store.send(.primeTapped) { $0.isLoading = true }
      await store.receive(.primeResponse) { $0.isLoading = false }
      await store.send(.primeTapped) { $0.isLoading = true }
      await store.receive(.primeResponse, 3) { $0.isLoading = false }
      await store.finish()
    }
    #expect(failures == [])
  }

  @Test func aPredicateThatRejectsTheNextActionFailsShowingIt() async {
    let receiveLine = #line + 4
    let failures = await collectTestFailures {
      let store = store()
      await store.send(.onAppear)
      await store.receive { $0 == .tally(.primeTapped) } _: { $0.tally.count = 1 }
      store.exhaustivity = .off
      await store.finish()
    }
    #expect(
      failures.map(\.message) == [
        """
        step 2 (receive an action matching the predicate) received an action the predicate does not match:
          • .tally(.incrTapped)
        """
      ]
    )
    #expect(failures.first?.line == UInt(receiveLine))
  }

  @Test func aCasePathOfAnotherCaseFailsShowingTheAction() async {
    let failures = await collectTestFailures {
      let store = store()
      await store.send(.onAppear)
      await store.receive(TallyApp.Action.tallyCase .. Tally.Action.primeResponseCase) { $0.tally.count = 1 }
      store.exhaustivity = .off
      await store.finish()
    }
    #expect(
      failures.map(\.message) == [
        """
        step 2 (receive an action of the given case) received an action of another case:
          • .tally(.incrTapped)
        """
      ]
    )
  }

  @Test func aPayloadThatDiffersFailsWithADiff() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally()) { $0.primeClient.nthPrime = { _ in 2 } }
      await store.send(.primeTapped) { $0.isLoading = true }
      await store.receive(\.primeResponseCase, 5) {
        $0.isLoading = false
        $0.prime = 2
      }
      await store.finish()
    }
    #expect(
      failures.map(\.message) == [
        """
        step 2 (receive .primeResponse(5)) received another action: (− expected, + received)
        − .primeResponse(5)
        + .primeResponse(2)
        """
      ]
    )
  }

  @Test func aCasePathReceiveWithNothingRunningFailsAtOnce() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally())
      await store.receive(.primeResponse, timeout: .seconds(30))
    }
    #expect(
      failures.map(\.message) == [
        "step 1 (receive an action of the given case) expected an action, but none was received; "
          + "no effect is running."
      ]
    )
  }

  @Test func aCasePathReceiveTimesOutNamingTheRunningEffect() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally(), timeout: .milliseconds(20)) {
        $0.primeClient.nthPrime = { _ in try await Task.sleep(for: .seconds(3600)); return 0 }
      }
      await store.send(.primeTapped) { $0.isLoading = true }
      await store.receive(\.primeResponseCase, 2)
      await store.skipInFlightEffects()
    }
    #expect(
      failures.map(\.message) == [
        """
        step 2 (receive .primeResponse(2)) expected an action, but none was received within 0.02 seconds; still \
        running:
          • an effect created at Tally/Tally.swift:40, returned for .primeTapped
        """
      ]
    )
  }
}
