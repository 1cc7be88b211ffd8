import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// A feature that writes down the dependencies each reduce sees, and whose effect sends actions back from
/// inside a `withDependencies` scope of its own, which must not reach those reduces.
struct DependencyWitness: ReducerProtocol {
  struct State: Equatable {
    /// One `label/number` entry per reduce, in order.
    var seen: [String] = []
  }

  enum Action: Equatable, Sendable {
    case start
    case sentFromOverriddenScope
    case queuedBySyncEffect
    case sentByLaterEffect
  }

  @Dependency(\.depLabel) var label
  @Dependency(\.depNumber) var number

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.seen.append("\(action): \(label)/\(number)")
    switch action {
    case .start:
      return .run { send in
        await withDependencies {
          $0.depLabel = "leaked"
          $0.depNumber = -99
        } operation: {
          await send(.sentFromOverriddenScope)
        }
      }
    case .sentFromOverriddenScope:
      return .merge(
        .send(.queuedBySyncEffect),
        .run { send in await send(.sentByLaterEffect) }
      )
    case .queuedBySyncEffect, .sentByLaterEffect:
      return .none
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct StoreDependencyTests {
  /// The states the script must produce, under `Store` and `TestStore` alike, for a store whose label is
  /// `label` and whose reducer overrides the number with 7.
  static func expectedStates(label: String) -> [DependencyWitness.State] {
    let entries = [
      "start: \(label)/7",
      "sentFromOverriddenScope: \(label)/7",
      "queuedBySyncEffect: \(label)/7",
      "sentByLaterEffect: \(label)/7",
    ]
    return [DependencyWitness.State(seen: Array(entries.prefix(1))), DependencyWitness.State(seen: entries)]
  }

  /// Runs the script on a `Store` and returns the state after the send, and after its effects finished.
  func statesUnderStore(
    withDependencies prepare: ((inout DependencyValues) -> Void)?
  ) async -> [DependencyWitness.State] {
    let store = Store(
      initialState: DependencyWitness.State(),
      reducer: DependencyWitness().dependency(\.depNumber, 7),
      withDependencies: prepare
    )
    let task = store.send(.start)
    let afterSend = store.value
    await task.finish()
    return [afterSend, store.value]
  }

  /// Runs the script on a `TestStore`, asserting every step, and returns the state after the send and at the
  /// end.
  func statesUnderTestStore(
    withDependencies prepare: @escaping (inout DependencyValues) -> Void
  ) async -> [DependencyWitness.State] {
    var states: [DependencyWitness.State] = []
    let failures = await collectTestFailures {
      let store = TestStore(
        initialState: DependencyWitness.State(),
        reducer: DependencyWitness().dependency(\.depNumber, 7),
        withDependencies: prepare
      )
      store.exhaustivity = .off
      await store.send(.start)
      states.append(store.state)
      await store.receive(.sentByLaterEffect)
      await store.finish()
      states.append(store.state)
    }
    #expect(failures.map(\.message) == [])
    return states
  }

  @Test func storeWithoutOverridesReducesAnEffectsSendWithItsOwnDependencies() async {
    let states = await statesUnderStore(withDependencies: nil)
    #expect(states == Self.expectedStates(label: "default"))
  }

  @Test func storeWithOverridesReducesAnEffectsSendWithItsOwnDependencies() async {
    let states = await statesUnderStore { $0.depLabel = "store" }
    #expect(states == Self.expectedStates(label: "store"))
  }

  @Test func storeAndTestStoreGiveTheSameStatesForTheSameScript() async {
    let underStore = await statesUnderStore { $0.depLabel = "store" }
    let underTestStore = await statesUnderTestStore { $0.depLabel = "store" }
    #expect(underStore == underTestStore)
    #expect(underTestStore == Self.expectedStates(label: "store"))
  }

  @Test func dependenciesOverriddenAroundASendDoNotReachTheReduce() async {
    let store = Store(
      initialState: DependencyWitness.State(),
      reducer: DependencyWitness().dependency(\.depNumber, 7)
    ) { $0.depLabel = "store" }
    withDependencies {
      $0.depLabel = "around the send"
    } operation: {
      _ = store.send(.queuedBySyncEffect)
    }
    #expect(store.value.seen == ["queuedBySyncEffect: store/7"])
  }
}
