import Foundation
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

extension BodyOnlyReducerTests {
  struct Tally: ReducerProtocol {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable, Sendable { case incrTapped, decrTapped }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .incrTapped: state.count += 1
        case .decrTapped: state.count -= 1
        }
        return .none
      }
    }
  }

  /// A reducer with both: its own `reduce` wins over the body's.
  struct Both: ReducerProtocol {
    struct State: Equatable { var by = "" }
    enum Action: Equatable, Sendable { case tapped }

    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.by = "body"
        return .none
      }
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.by = "reduce"
      return .none
    }
  }

  /// A body that lists two reducers, an `if` and an empty reducer.
  struct Listed: ReducerProtocol {
    struct State: Equatable { var log: [String] = [] }
    enum Action: Equatable, Sendable { case tapped }
    var loud = false

    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.log.append("first")
        return .none
      }
      if loud {
        Reduce { state, _ in
          state.log.append("loud")
          return .none
        }
      }
      EmptyReducer()
      Reduce { state, _ in
        state.log.append("last")
        return .none
      }
    }
  }
}

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct BodyOnlyReducerTests {
  @Test func aReducerWithOnlyABodyReducesWithIt() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    await store.send(.incrTapped) { $0.count = 1 }
    await store.send(.decrTapped) { $0.count = 0 }
    await store.finish()
  }

  @Test func aReducerWithBothReducesWithItsOwnReduce() async {
    let store = TestStore(initialState: Both.State()) { Both() }
    await store.send(.tapped) { $0.by = "reduce" }
    await store.finish()
  }

  @Test func aBodyRunsItsReducersInTheOrderWritten() async {
    let quiet = TestStore(initialState: Listed.State()) { Listed() }
    await quiet.send(.tapped) { $0.log = ["first", "last"] }
    await quiet.finish()

    let loud = TestStore(initialState: Listed.State()) { Listed(loud: true) }
    await loud.send(.tapped) { $0.log = ["first", "loud", "last"] }
    await loud.finish()
  }

  @Test func reducerOfNamesTheFeaturesDomain() {
    let reducer: any ReducerOf<Tally> = Tally()
    var state = Tally.State()
    _ = reducer.reduce(into: &state, action: .incrTapped)
    #expect(state.count == 1)
  }
}

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct StoreShapeTests {
  struct Stamp: ReducerProtocol {
    struct State: Equatable { var id: UUID? }
    enum Action: Equatable, Sendable { case stampTapped }
    /// Read when the reducer is made, as a `@Dependency` property is.
    let made = DependencyValues.current.uuid

    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.id = made()
        return .none
      }
    }
  }

  nonisolated static let stamp = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7))

  @Test func aTestStoreMakesItsReducerWithItsDependencies() async {
    let store = TestStore(initialState: Stamp.State()) {
      Stamp()
    } withDependencies: {
      $0.uuid = UUIDGenerator { Self.stamp }
    }
    await store.send(.stampTapped) { $0.id = Self.stamp }
    await store.finish()
  }

  @Test func aStoreMakesItsReducerWithItsDependencies() {
    let store = Store(initialState: Stamp.State()) {
      Stamp()
    } withDependencies: {
      $0.uuid = UUIDGenerator { Self.stamp }
    }
    store.send(.stampTapped)
    #expect(store.value.id == Self.stamp)
  }
}
