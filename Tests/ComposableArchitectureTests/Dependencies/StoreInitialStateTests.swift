import ComposableArchitecture
import Foundation
import Testing

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct StoreInitialStateTests {
  @Test func initialStateIsBuiltWithTheStoresDependencies() async {
    let pinned = Date(timeIntervalSince1970: 2_000_000)
    var store: Store<StampedFeature.State, StampedFeature.Action>?
    let warnings = RuntimeWarning.collecting {
      store = Store(initialState: StampedFeature.State(), reducer: StampedFeature()) {
        $0.uuid = .incrementing
        $0.date = .constant(pinned)
      }
    }
    #expect(warnings.map(\.message) == [])
    #expect(store?.value.id.uuidString == firstIncrementingUUID)
    #expect(store?.value.createdAt == pinned)
  }

  @Test func initialStateSeesTheDependenciesInEffectWhereTheStoreIsMade() async {
    let pinned = Date(timeIntervalSince1970: 3_000_000)
    let store = withDependencies {
      $0.uuid = .incrementing
      $0.date = .constant(pinned)
    } operation: {
      Store(initialState: StampedFeature.State(), reducer: StampedFeature())
    }
    #expect(store.value.id.uuidString == firstIncrementingUUID)
    #expect(store.value.createdAt == pinned)
  }
}
