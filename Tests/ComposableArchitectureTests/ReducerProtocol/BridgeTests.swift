import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

extension BridgeTests {
  // MARK: A protocol-style feature inside an environment-style app

  struct Counter: ReducerProtocol {
    struct State: Equatable {
      var count = 0
    }

    enum Action: Equatable, Sendable {
      case increment
      case incrementTwiceLater
      case reset
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .incrementTwiceLater:
        return .run { send in
          await send(.increment)
          await send(.increment)
        }
      case .reset:
        state.count = 0
        return .send(.increment)
      }
    }
  }

  struct AppState: Equatable {
    var counter = Counter.State()
    var log: [String] = []
  }

  enum AppAction: Equatable, Sendable {
    case counter(Counter.Action)
    case note(String)

    static let counterCase = CasePath(AppAction.counter) { if case .counter(let a) = $0 { a } else { nil } }
  }

  struct AppEnvironment: Sendable {
    let prefix: String
  }

  /// An environment-style app: the protocol-style counter pulled back and combined with an
  /// environment-style reducer that reads the environment.
  static let appReducer: Reducer<AppState, AppAction, AppEnvironment> = combine(
    pullback(
      Counter().asReducer(),
      value: \AppState.counter,
      action: AppAction.counterCase,
      environment: { _ in () }
    ),
    { state, action, environment in
      switch action {
      case .counter(let counterAction):
        state.log.append("\(environment.prefix) saw \(counterAction), count \(state.counter.count)")
        return []
      case .note(let text):
        state.log.append("\(environment.prefix) \(text)")
        return [.send(.counter(.increment))]
      }
    }
  )

  // MARK: An environment-style feature driven as a protocol-style one

  struct Scaler: Equatable {
    var total = 0
    var log: [String] = []
  }

  enum ScalerAction: Equatable, Sendable {
    case add(Int)
    case addLater(Int)
    case added(Int)
  }

  struct ScalerEnvironment: Sendable {
    let multiplier: Int
  }

  static let scalerReducer: Reducer<Scaler, ScalerAction, ScalerEnvironment> = { state, action, environment in
    switch action {
    case .add(let n):
      state.total += n * environment.multiplier
      state.log.append("add \(n) x\(environment.multiplier)")
      return [.send(.added(n)), .fireAndForget {}]
    case .addLater(let n):
      let multiplier = environment.multiplier
      return [.run { send in await send(.added(n * multiplier)) }]
    case .added(let n):
      state.log.append("added \(n)")
      return []
    }
  }

  enum MultiplierKey: DependencyKey {
    static let liveValue = 1
    static let testValue = 1
  }

  static let scalerFromDependencies = Reduce(scalerReducer) { dependencies in
    ScalerEnvironment(multiplier: dependencies.bridgeTestsMultiplier)
  }
}

extension DependencyValues {
  var bridgeTestsMultiplier: Int {
    get { self[BridgeTests.MultiplierKey.self] }
    set { self[BridgeTests.MultiplierKey.self] = newValue }
  }
}

@Suite(.timeLimit(.minutes(1)))
struct BridgeTests {
  // MARK: asReducer()

  @Test func asReducerReturnsNoEffectForNoneAndOneEffectOtherwise() {
    let reducer: Reducer<Counter.State, Counter.Action, Int> = Counter().asReducer()
    var state = Counter.State(count: 5)

    #expect(reducer(&state, .increment, 0).isEmpty)
    #expect(state.count == 6)

    #expect(reducer(&state, .reset, 0).count == 1)
    #expect(state.count == 0)
  }

  @Test @MainActor func aProtocolReducerRunsInsideAnEnvironmentStylePullbackAndCombine() async {
    await assert(
      initialValue: AppState(),
      reducer: Self.appReducer,
      environment: AppEnvironment(prefix: "app"),
      steps:
        Step(.send, .counter(.increment)) {
          $0.counter.count = 1
          $0.log = ["app saw increment, count 1"]
        },
      Step(.send, .counter(.reset)) {
        $0.counter.count = 0
        $0.log.append("app saw reset, count 0")
      },
      // The counter's synchronous effect survived the bridge and the pullback.
      Step(.receive, .counter(.increment)) {
        $0.counter.count = 1
        $0.log.append("app saw increment, count 1")
      },
      Step(.send, .note("hello")) { $0.log.append("app hello") },
      Step(.receive, .counter(.increment)) {
        $0.counter.count = 2
        $0.log.append("app saw increment, count 2")
      }
    )
  }

  @Test @MainActor func aProtocolReducersAsynchronousEffectSurvivesTheBridgeInAStore() async {
    let store = Store(
      initialValue: AppState(),
      reducer: Self.appReducer,
      environment: AppEnvironment(prefix: "app")
    )
    await store.send(.counter(.incrementTwiceLater)).finish()
    #expect(store.value.counter.count == 2)
    #expect(
      store.value.log == [
        "app saw incrementTwiceLater, count 0",
        "app saw increment, count 1",
        "app saw increment, count 2",
      ]
    )
  }

  // MARK: Reduce(_:environment:) with a fixed environment

  @Test @MainActor func reduceWithAFixedEnvironmentRunsTheEnvironmentStyleReducerWithIt() async {
    let reducer = Reduce(Self.scalerReducer, environment: ScalerEnvironment(multiplier: 3))
    await assert(
      initialValue: Scaler(),
      reducer: reducer.asReducer(),
      environment: (),
      steps:
        Step(.send, .add(2)) {
          $0.total = 6
          $0.log = ["add 2 x3"]
        },
      Step(.receive, .added(2)) { $0.log.append("added 2") },
      Step(.send, .addLater(5)),
      Step(.receive, .added(15)) { $0.log.append("added 15") }
    )
  }

  @Test @MainActor func reduceWithAFixedEnvironmentKeepsEveryEffectInOrder() async {
    let twoEffects: Reducer<Scaler, ScalerAction, ScalerEnvironment> = { state, action, environment in
      guard case .add(let n) = action else { return Self.scalerReducer(&state, action, environment) }
      return [.send(.added(n)), .send(.added(n * environment.multiplier)), .run { send in await send(.added(0)) }]
    }
    let store = Store(
      initialState: Scaler(),
      reducer: Reduce(twoEffects, environment: ScalerEnvironment(multiplier: 7))
    )
    await store.send(.add(2)).finish()
    #expect(store.value.log == ["added 2", "added 14", "added 0"])
  }

  // MARK: Reduce(_:environment:) from the dependencies

  @Test @MainActor func reduceFromDependenciesUsesTheDefaultWithoutAnOverride() {
    let store = Store(initialState: Scaler(), reducer: Self.scalerFromDependencies)
    store.send(.add(4))
    #expect(store.value.total == 4)
    #expect(store.value.log == ["add 4 x1", "added 4"])
  }

  @Test @MainActor func aDependencyOverrideChangesTheEnvironmentTheReducerSees() async {
    let store = Store(
      initialState: Scaler(),
      reducer: Self.scalerFromDependencies.dependency(\.bridgeTestsMultiplier, 10)
    )
    store.send(.add(4))
    #expect(store.value.total == 40)

    // The environment captured by the asynchronous effect was built under the override as well.
    await store.send(.addLater(3)).finish()
    #expect(store.value.log == ["add 4 x10", "added 4", "added 30"])
  }

  @Test @MainActor func theEnvironmentIsBuiltFromTheDependenciesOnEveryAction() async {
    let store = TestStore(initialState: Scaler(), reducer: Self.scalerFromDependencies) {
      $0.bridgeTestsMultiplier = 1
    }
    store.exhaustivity = .off

    store.dependencies.bridgeTestsMultiplier = 3
    await store.send(.add(1))
    store.dependencies.bridgeTestsMultiplier = 5
    await store.send(.add(1))
    store.dependencies.bridgeTestsMultiplier = 1
    await store.send(.add(1))
    await store.finish()

    #expect(store.state.total == 3 + 5 + 1)
    #expect(store.state.log == ["add 1 x3", "added 1", "add 1 x5", "added 1", "add 1 x1", "added 1"])
  }

  @Test @MainActor func aStoreBuildsItsEnvironmentOnceForAllItsActions() {
    let builds = Probe.Log<Int>()
    let reducer = Reduce(Self.scalerReducer) { dependencies in
      builds.append(dependencies.bridgeTestsMultiplier)
      return ScalerEnvironment(multiplier: dependencies.bridgeTestsMultiplier)
    }
    let store = Store(initialState: Scaler(), reducer: reducer.dependency(\.bridgeTestsMultiplier, 7))
    store.send(.add(1))
    store.send(.add(2))
    store.send(.add(3))
    // Three actions and the three each sent back, all reduced with the store's one set of values.
    #expect(store.value.total == (1 + 2 + 3) * 7)
    #expect(builds.values == [7])

    // Other values (another store's, here) build their own environment.
    let other = Store(initialState: Scaler(), reducer: reducer.dependency(\.bridgeTestsMultiplier, 2))
    other.send(.add(1))
    store.send(.add(1))
    #expect(other.value.total == 2)
    #expect(store.value.total == (1 + 2 + 3 + 1) * 7)
    #expect(builds.values == [7, 2, 7])
  }

  @Test @MainActor func aStoreWhoseChainSetsTheContextStillBuildsItsEnvironmentOnce() {
    let builds = Probe.Log<DependencyContext>()
    let reducer = Reduce(Self.scalerReducer) { dependencies in
      builds.append(dependencies.context)
      return ScalerEnvironment(multiplier: dependencies.bridgeTestsMultiplier)
    }
    // As `primetime` builds its store: the context set beside the clients.
    let store = Store(
      initialState: Scaler(),
      reducer: reducer.dependency(\.context, .preview).dependency(\.bridgeTestsMultiplier, 7)
    )
    store.send(.add(1))
    store.send(.add(2))
    #expect(store.value.total == (1 + 2) * 7)
    #expect(builds.values == [.preview])
  }

  @Test @MainActor func aDependencyOverrideReachesAnEnvironmentStyleReducerInsideAGroup() {
    let store = Store(
      initialState: Scaler(),
      reducer: CombineReducers {
        Self.scalerFromDependencies
        Reduce(Self.scalerReducer, environment: ScalerEnvironment(multiplier: 100))
        Self.scalerFromDependencies.dependency(\.bridgeTestsMultiplier, 2)
      }
      .dependency(\.bridgeTestsMultiplier, 10)
    )
    store.send(.add(1))
    // The fixed environment ignores the dependencies; the inner override wins over the group's.
    #expect(store.value.total == 10 + 100 + 2)
    #expect(Array(store.value.log.prefix(3)) == ["add 1 x10", "add 1 x100", "add 1 x2"])
  }
}
