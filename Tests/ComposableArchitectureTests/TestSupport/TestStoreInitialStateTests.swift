import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Testing

/// A feature whose state stamps itself, when made, with a UUID and a date read from the dependencies: the
/// shape of a `State()` that needs the test's overrides to be predictable.
struct StampedFeature: ReducerProtocol {
  struct State: Equatable {
    var id: UUID
    var createdAt: Date
    var count = 0

    init() {
      @Dependency(\.uuid) var uuid
      @Dependency(\.date) var date
      id = uuid()
      createdAt = date.now
    }
  }

  enum Action: Equatable, Sendable {
    case increment
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// The first UUID `.incrementing` gives, as text.
let firstIncrementingUUID = "00000000-0000-0000-0000-000000000000"

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct TestStoreInitialStateTests {
  @Test func initialStateIsBuiltWithTheStoresDependencies() async {
    let pinned = Date(timeIntervalSince1970: 1_000_000)
    var store: TestStore<StampedFeature.State, StampedFeature.Action>?
    let failures = await collectTestFailures {
      store = TestStore(initialState: StampedFeature.State(), reducer: StampedFeature()) {
        $0.uuid = .incrementing
        $0.date = .constant(pinned)
      }
    }
    #expect(failures == [])
    #expect(store?.state.id.uuidString == firstIncrementingUUID)
    #expect(store?.state.createdAt == pinned)
  }

  @Test func initialStateAndTheReducerShareTheStoresGenerator() async {
    let store = TestStore(initialState: StampedFeature.State(), reducer: StampedFeature()) {
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    }
    // The initial state took the first UUID, so the store's generator gives the second one next.
    let next = withDependencies({ $0 = store.dependencies }) { DependencyValues.current.uuid() }
    #expect(next.uuidString == "00000000-0000-0000-0000-000000000001")
    await store.send(.increment) { $0.count = 1 }
    await store.finish()
  }
}
