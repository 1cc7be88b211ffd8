import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

extension OnChangeTests {
  struct Tally: ReducerProtocol {
    struct State: Equatable {
      var count = 0
      var label = ""
      var changes: [String] = []
    }
    enum Action: Equatable, Sendable { case incrTapped, relabelTapped(String), changeSeen(Int) }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .incrTapped: state.count += 1
        case .relabelTapped(let label): state.label = label
        case .changeSeen: return .none
        }
        return .send(.changeSeen(-1))
      }
      .onChange(of: \.count) { oldValue, newValue in
        Reduce { state, _ in
          state.changes.append("\(oldValue)->\(newValue)")
          // A change the onChange reducer makes is not watched again.
          state.count += 100
          return .send(.changeSeen(newValue))
        }
      }
    }
  }
}

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct OnChangeTests {
  @Test func aChangeRunsTheReducerWithTheOldAndNewValuesAfterTheBase() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    await store.send(.incrTapped) {
      $0.count = 101
      $0.changes = ["0->1"]
    }
    // The base's effect first, then the onChange reducer's.
    await store.receive(.changeSeen(-1))
    await store.receive(.changeSeen(1))
    await store.finish()
  }

  @Test func anActionThatLeavesTheValueAloneDoesNotRunIt() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    await store.send(.relabelTapped("a")) { $0.label = "a" }
    await store.receive(.changeSeen(-1))
    await store.finish()
  }
}
