import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

extension ReducerProtocolTests {
  struct State: Equatable {
    var count = 0
    /// Which reducer saw which action, in order: `"A go"`.
    var trace: [String] = []
    var received: [Action] = []
    var label = ""
  }

  enum Action: Equatable, Sendable {
    case increment
    case go
    case fromA, fromB, fromC, fromD
    case load
    case loaded(Int)
    case readLabel
    case labelRead(String)
  }

  /// A counter with a synchronous and an asynchronous effect.
  struct Counter: ReducerProtocol {
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.received.append(action)
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .go:
        state.count += 1
        return .send(.increment)
      case .load:
        return .run { send in
          for n in 1...3 {
            await send(.loaded(n))
          }
        }
      case .loaded(let n):
        state.count += n
        return .none
      case .fromA, .fromB, .fromC, .fromD, .readLabel, .labelRead:
        return .none
      }
    }
  }

  /// Records that it saw `.go`, then returns a fire-and-forget and an action named after it.
  struct Tracer: ReducerProtocol {
    let name: String
    let answer: Action
    let effects: Probe.Log<String>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      guard action == .go else { return .none }
      state.trace.append("\(name) go, count \(state.count)")
      state.count = state.count * 10 + 1
      return .merge(
        .fireAndForget { [effects, name] in effects.append("\(name) effect") },
        .send(answer)
      )
    }
  }

  /// Records every action it receives.
  static let recorder = Reduce<State, Action> { state, action in
    state.received.append(action)
    return .none
  }

  enum LabelKey: DependencyKey {
    static let liveValue = "default"
    static let testValue = "default"
  }

  /// Reads the label dependency while reducing, and again in an asynchronous effect.
  struct LabelReader: ReducerProtocol {
    @Dependency(\.reducerProtocolTestsLabel) var label

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .readLabel:
        state.label = label
        return .run { send in
          @Dependency(\.reducerProtocolTestsLabel) var labelInEffect
          await send(.labelRead(labelInEffect))
        }
      case .labelRead(let label):
        state.trace.append("effect saw \(label)")
        return .none
      default:
        return .none
      }
    }
  }
}

extension DependencyValues {
  var reducerProtocolTestsLabel: String {
    get { self[ReducerProtocolTests.LabelKey.self] }
    set { self[ReducerProtocolTests.LabelKey.self] = newValue }
  }
}

@Suite(.timeLimit(.minutes(1)))
struct ReducerProtocolTests {
  // MARK: EmptyReducer

  @Test func emptyReducerLeavesTheStateAloneAndReturnsNoEffect() {
    var state = State(count: 3, trace: ["before"])
    let effects = EmptyReducer<State, Action>().asReducer()(&state, .go, ())
    #expect(state == State(count: 3, trace: ["before"]))
    #expect(effects.isEmpty)
  }

  @Test @MainActor func emptyReducerInAStoreHandlesActionsWithoutChangingAnything() async {
    await assert(
      initialValue: State(count: 3),
      reducer: EmptyReducer<State, Action>().asReducer(),
      environment: (),
      steps:
        Step(.send, .go),
      Step(.send, .load)
    )
  }

  @Test func anEmptyCombineReducersBodyIsTheEmptyReducer() {
    let reducer = CombineReducers<State, Action, _> {}
    // Compile-time: the builder's empty block is `EmptyReducer`.
    let _: CombineReducers<State, Action, EmptyReducer<State, Action>> = reducer
    var state = State(count: 5)
    let effects = reducer.asReducer()(&state, .go, ())
    #expect(state == State(count: 5))
    #expect(effects.isEmpty)
  }

  // MARK: Reduce

  @Test @MainActor func reduceRunsItsClosureForEveryActionAndItsEffectIsFedBack() async {
    let reducer = Reduce<State, Action> { state, action in
      state.received.append(action)
      switch action {
      case .go:
        state.count += 2
        return .send(.fromA)
      case .fromA:
        state.count *= 10
        return .none
      default:
        return .none
      }
    }
    await assert(
      initialValue: State(),
      reducer: reducer.asReducer(),
      environment: (),
      steps:
        Step(.send, .go) {
          $0.count = 2
          $0.received = [.go]
        },
      Step(.receive, .fromA) {
        $0.count = 20
        $0.received = [.go, .fromA]
      },
      Step(.send, .increment) { $0.received.append(.increment) }
    )
  }

  // MARK: combine(with:)

  @Test @MainActor func combineWithRunsSelfThenOtherOnTheStateSelfLeft() {
    let effects = Probe.Log<String>()
    let combined = Tracer(name: "A", answer: .fromA, effects: effects)
      .combine(with: Tracer(name: "B", answer: .fromB, effects: effects))
    var state = State()
    _ = combined.reduce(into: &state, action: .go)
    // 0 -> 1 by A, then B saw A's 1 and made it 11.
    #expect(state.trace == ["A go, count 0", "B go, count 1"])
    #expect(state.count == 11)
  }

  @Test @MainActor func combineWithRunsBothEffectsInOrder() {
    let effects = Probe.Log<String>()
    let store = Store(
      initialState: State(),
      reducer: Tracer(name: "A", answer: .fromA, effects: effects)
        .combine(with: Tracer(name: "B", answer: .fromB, effects: effects))
        .combine(with: ReducerProtocolTests.recorder)
    )
    store.send(.go)
    #expect(effects.values == ["A effect", "B effect"])
    #expect(store.value.received == [.go, .fromA, .fromB])
  }

  // MARK: CombineReducers

  @Test @MainActor func combineReducersRunsItsReducersInTheOrderWritten() {
    let effects = Probe.Log<String>()
    let store = Store(
      initialState: State(),
      reducer: CombineReducers {
        Tracer(name: "A", answer: .fromA, effects: effects)
        Tracer(name: "B", answer: .fromB, effects: effects)
        Tracer(name: "C", answer: .fromC, effects: effects)
        Tracer(name: "D", answer: .fromD, effects: effects)
        ReducerProtocolTests.recorder
      }
    )
    store.send(.go)

    // Each reducer saw the state the previous one left.
    #expect(store.value.trace == ["A go, count 0", "B go, count 1", "C go, count 11", "D go, count 111"])
    #expect(store.value.count == 1111)
    // The effects ran in the same order, and the actions they sent were reduced in that order.
    #expect(effects.values == ["A effect", "B effect", "C effect", "D effect"])
    #expect(store.value.received == [.go, .fromA, .fromB, .fromC, .fromD])
  }

  @Test @MainActor func combineReducersKeepsTheAsynchronousEffectsOfEveryReducer() async {
    func answerLater(_ answer: Action) -> Reduce<State, Action> {
      Reduce { _, action in
        guard action == .go else { return .none }
        return .run { send in await send(answer) }
      }
    }
    let store = Store(
      initialState: State(),
      reducer: CombineReducers {
        answerLater(.fromA)
        answerLater(.fromB)
        answerLater(.fromC)
        ReducerProtocolTests.recorder
      }
    )
    await store.send(.go).finish()
    // Asynchronous effects run concurrently, so only the set of actions is deterministic.
    #expect(store.value.received.first == .go)
    #expect(store.value.received.count == 4)
    #expect(Set(store.value.received.map { "\($0)" }) == ["go", "fromA", "fromB", "fromC"])
  }

  @Test @MainActor func dependencyOnCombineReducersReachesEveryReducerInTheGroup() {
    let store = Store(
      initialState: State(),
      reducer: CombineReducers {
        Reduce<State, Action> { state, _ in
          state.trace.append("first saw \(DependencyValues.current.reducerProtocolTestsLabel)")
          return .none
        }
        Reduce<State, Action> { state, _ in
          state.trace.append("second saw \(DependencyValues.current.reducerProtocolTestsLabel)")
          return .none
        }
        Reduce<State, Action> { state, _ in
          state.trace.append("third saw \(DependencyValues.current.reducerProtocolTestsLabel)")
          return .none
        }
      }
      .dependency(\.reducerProtocolTestsLabel, "group")
    )
    store.send(.go)
    #expect(store.value.trace == ["first saw group", "second saw group", "third saw group"])
  }

  // MARK: Store

  @Test @MainActor func storeOfRunsAProtocolReducerAndItsSynchronousEffectsWithinSend() {
    let store: StoreOf<Counter> = Store(initialState: State(), reducer: Counter())
    #expect(store.value.count == 0)

    store.send(.increment)
    #expect(store.value.count == 1)

    store.send(.go)
    // `.go` adds one and sends `.increment`, which was reduced before `send` returned.
    #expect(store.value.count == 3)
    #expect(store.value.received == [.increment, .go, .increment])
  }

  @Test @MainActor func storeRunsTheAsynchronousEffectsOfAProtocolReducer() async {
    let store = StoreOf<Counter>(initialState: State(count: 10), reducer: Counter())
    let task = store.send(.load)
    #expect(store.value.received == [.load])

    await task.finish()

    #expect(store.value.received == [.load, .loaded(1), .loaded(2), .loaded(3)])
    #expect(store.value.count == 16)
  }

  @Test @MainActor func storeRunsAProtocolReducerAndItsEffectsWithThePreparedDependencies() async {
    let store = Store(initialState: State(), reducer: LabelReader()) {
      $0.reducerProtocolTestsLabel = "prepared"
    }
    await store.send(.readLabel).finish()
    #expect(store.value.label == "prepared")
    #expect(store.value.trace == ["effect saw prepared"])
  }

  @Test @MainActor func storeWithoutPreparedDependenciesUsesTheDefaults() async {
    let store = Store(initialState: State(), reducer: LabelReader())
    await store.send(.readLabel).finish()
    #expect(store.value.label == "default")
    #expect(store.value.trace == ["effect saw default"])
  }
}
