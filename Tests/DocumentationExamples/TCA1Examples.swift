import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Testing

/// The doc comments' examples of the TCA 1.x shapes: body-only reducers, `Scope`, `IdentifiedAction`,
/// `onChange`, `_printChanges` and the builder-taking stores, compiled and run.
enum TCA1Examples {
  // MARK: ReducerProtocol.body

  struct Tally: ReducerProtocol {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable, Sendable { case incrTapped }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        state.count += 1
        return .none
      }
    }
  }

  // MARK: Scope

  struct Shelf: ReducerProtocol {
    struct State: Equatable { var tally = Tally.State() }
    enum Action: Equatable, Sendable {
      case tally(Tally.Action)
      static let tallyCase = CasePath(Action.tally) { if case .tally(let action) = $0 { action } else { nil } }
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.tally, action: Action.tallyCase) {
        Tally()
      }
    }
  }

  // MARK: IdentifiedAction

  struct Row: ReducerProtocol {
    struct State: Equatable, Identifiable {
      let id: Int
      var count = 0
    }
    enum Action: Equatable, Sendable { case incrTapped }

    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.count += 1
        return .none
      }
    }
  }

  struct Rows: ReducerProtocol {
    struct State: Equatable { var rows: IdentifiedArrayOf<Row.State> = [] }

    enum Action: Equatable, Sendable {
      case rows(IdentifiedActionOf<Row>)
      static let rowsCase = CasePath(Action.rows) { if case .rows(let action) = $0 { action } else { nil } }
    }

    var body: some ReducerOf<Self> {
      EmptyReducer()
        .forEach(\.rows, action: Action.rowsCase) { Row() }
    }
  }

  // MARK: onChange

  struct Parity: ReducerProtocol {
    struct State: Equatable {
      var count = 0
      var isEven = true
    }
    enum Action: Equatable, Sendable { case incrTapped }

    var body: some ReducerOf<Self> {
      Reduce<Parity.State, Parity.Action> { state, action in
        state.count += 1
        return .none
      }
      .onChange(of: \.count) { oldValue, newValue in
        Reduce { state, action in
          state.isEven = newValue.isMultiple(of: 2)
          return .none
        }
      }
    }
  }
}

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct TCA1ExamplesTests {
  typealias Tally = TCA1Examples.Tally

  @Test func aBodyOnlyTallyCounts() async {
    let store = Store(initialState: Tally.State()) {
      Tally()
    }
    store.send(.incrTapped)
    #expect(store.value.count == 1)
  }

  @Test func aTestStoreTakesTheReducerAndThenTheDependencies() async {
    let clock = TestClock()
    let store = TestStore(initialState: Tally.State()) {
      Tally()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.incrTapped) { $0.count = 1 }
    await store.finish()
  }

  @Test func printChangesKeepsTheReducersBehaviour() {
    let store = Store(initialState: Tally.State()) {
      Tally()._printChanges()
    }
    store.send(.incrTapped)
    #expect(store.value.count == 1)
  }

  @Test func parityFollowsTheCount() async {
    let store = TestStore(initialState: TCA1Examples.Parity.State()) { TCA1Examples.Parity() }
    await store.send(.incrTapped) {
      $0.count = 1
      $0.isEven = false
    }
    await store.finish()
  }

  @Test func theShelfScopesItsTally() async {
    let store = TestStore(initialState: TCA1Examples.Shelf.State()) { TCA1Examples.Shelf() }
    await store.send(.tally(.incrTapped)) { $0.tally.count = 1 }
    await store.finish()
  }

  @Test func theRowsRunTheirElements() async {
    let store = TestStore(initialState: TCA1Examples.Rows.State(rows: [.init(id: 1)])) { TCA1Examples.Rows() }
    await store.send(.rows(.element(id: 1, action: .incrTapped))) { $0.rows[id: 1]?.count = 1 }
    await store.finish()
  }
}

extension TCA1Examples {
  // MARK: CombineReducers

  struct Logged: ReducerProtocol {
    struct State: Equatable {
      var tally = Tally.State()
      var log: [UUID] = []
    }
    enum Action: Equatable, Sendable {
      case tally(Tally.Action)
      static let tallyCase = CasePath(Action.tally) { if case .tally(let action) = $0 { action } else { nil } }
    }
    @Dependency(\.uuid) var uuid

    var body: some ReducerOf<Self> {
      CombineReducers {
        Scope(state: \.tally, action: Action.tallyCase) {
          Tally()
        }
        Reduce { state, action in
          state.log.append(uuid())
          return .none
        }
      }
      .dependency(\.uuid, .incrementing)
    }
  }
}

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct TCA1CombineReducersExampleTests {
  @Test func theGroupsDependencyReachesEveryReducerInIt() async {
    let store = TestStore(initialState: TCA1Examples.Logged.State()) { TCA1Examples.Logged() }
    await store.send(.tally(.incrTapped)) {
      $0.tally.count = 1
      $0.log = [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))]
    }
    await store.finish()
  }
}
