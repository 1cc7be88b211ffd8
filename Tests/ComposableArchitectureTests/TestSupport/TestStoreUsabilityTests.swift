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
