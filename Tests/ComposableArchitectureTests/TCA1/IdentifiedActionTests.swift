import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

extension IdentifiedActionTests {
  struct Row: ReducerProtocol {
    struct State: Equatable, Identifiable {
      let id: Int
      var count = 0
    }
    enum Action: Equatable, Sendable { case incrTapped, waitTapped, waited }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .incrTapped:
          state.count += 1
          return .none
        case .waitTapped:
          return .run { send in
            try await Task.sleep(for: .seconds(600))
            await send(.waited)
          }
        case .waited:
          return .none
        }
      }
    }
  }

  struct List: ReducerProtocol {
    struct State: Equatable { var rows: IdentifiedArrayOf<Row.State> = [] }
    enum Action: Equatable, Sendable {
      case rows(IdentifiedActionOf<Row>)
      case removeTapped(Int)
      static let rowsCase = CasePath(Action.rows) { if case .rows(let action) = $0 { action } else { nil } }
    }

    static let forEachLine: UInt = #line + 8
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .removeTapped(let id) = action {
          state.rows.remove(id: id)
        }
        return .none
      }
      .forEach(\.rows, action: Action.rowsCase) {
        Row()
      }
    }
  }
}

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct IdentifiedActionTests {
  @Test func anElementActionRunsTheRowWithThatID() async {
    let store = TestStore(initialState: List.State(rows: [Row.State(id: 1), Row.State(id: 2)])) { List() }
    await store.send(.rows(.element(id: 2, action: .incrTapped))) { $0.rows[id: 2]?.count = 1 }
    await store.finish()
  }

  @Test func removingARowEndsItsEffects() async {
    let store = TestStore(initialState: List.State(rows: [Row.State(id: 1)])) { List() }
    await store.send(.rows(.element(id: 1, action: .waitTapped)))
    await store.send(.removeTapped(1)) { $0.rows = [] }
    await store.finish()
  }

  @Test func anActionForAnIDNotInTheArrayIsReported() async {
    let store = TestStore(initialState: List.State()) { List() }
    await withKnownIssue {
      await store.send(.rows(.element(id: 7, action: .incrTapped)))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "Runtime warning at \(#fileID):\(List.forEachLine): "
          + "A forEach reducer received incrTapped for id 7, which is not in the collection; "
          + "the action was ignored. Stop sending actions for elements that were removed."
      ]
    }
    await store.finish()
  }

  @Test func anIdentifiedActionNamesItsIDAndAction() {
    let action = IdentifiedAction<Int, Row.Action>.element(id: 3, action: .incrTapped)
    #expect(action.id == 3)
    #expect(action.action == .incrTapped)
  }
}
