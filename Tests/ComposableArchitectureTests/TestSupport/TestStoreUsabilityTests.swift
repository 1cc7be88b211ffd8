import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Testing

/// What a newcomer's first tests met: a context chosen by a trait, a warning while the initial state is
/// built, a one-line relaxed block, and a non-exhaustive closure asserting a value that stayed.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct TestStoreUsabilityTests {
  @Test(.dependency(\.context, .preview)) func aContextChosenByATraitIsTheStoresToo() async {
    let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature())
    #expect(store.dependencies.context == .preview)
  }

  @Test func withoutATraitTheStoreRunsInTheTestContext() async {
    let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature())
    #expect(store.dependencies.context == .test)
  }

  @Test func aWarningWhileTheInitialStateIsBuiltPointsAtTheStore() async {
    let line = #line + 2
    let failures = await collectTestFailures {
      _ = TestStore(initialState: Session.State(), reducer: Session())
    }
    #expect(failures.map(\.line) == [UInt(line), UInt(line)])
    #expect(failures.allSatisfy { $0.fileID == "ComposableArchitectureTests/TestStoreUsabilityTests.swift" })
  }

  @Test func aRelaxedBlockOfOneStepNeedsNoResultHandling() async {
    let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature())
    await store.withExhaustivity(.off) { await store.send(.incrTapped) }
    #expect(store.state.count == 1)
  }

  @Test func aNonExhaustiveClosureMayAssertAValueThatStayed() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: CounterFeature.State(count: 1), reducer: CounterFeature())
      store.exhaustivity = .off
      await store.send(.nthPrimeResponse(nil)) { $0.count = 1 }
    }
    #expect(failures.isEmpty)
  }
}

extension TestStoreUsabilityTests {
  @Test func aReceiveForAnActionASendAlreadyReducedSaysWhichStepDid() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature()) {
        $0.primeService = .answering(5)
      }
      store.exhaustivity = .off
      await store.send(.nthPrimeButtonTapped).finish()
      await store.send(.incrTapped)
      await store.receive(\.nthPrimeResponseCase)
    }
    #expect(failures.map(\.message) == [
      """
      step 3 (receive an action of the given case) expected an action, but none was received; no effect is \
      running.
      .nthPrimeResponse(5) came back earlier, and step 2 (send .incrTapped) reduced it before its own action, \
      as a non-exhaustive send does with the actions waiting; receive it before that step.
      """
    ])
  }
}
