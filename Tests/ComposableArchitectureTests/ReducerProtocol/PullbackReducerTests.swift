import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

extension PullbackReducerTests {
  struct Child: ReducerProtocol {
    struct State: Equatable {
      var count = 0
      var pongs = 0
    }

    enum Action: Equatable, Sendable {
      case increment
      case ping
      case pingLater
      case pong
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .ping:
        return .send(.pong)
      case .pingLater:
        return .run { send in await send(.pong) }
      case .pong:
        state.pongs += 1
        return .none
      }
    }
  }

  struct Parent: Equatable {
    var child = Child.State()
    var sibling = Child.State()
    var other = 0
    var received: [ParentAction] = []
  }

  enum ParentAction: Equatable, Sendable {
    case child(Child.Action)
    case sibling(Child.Action)
    case other

    static let childCase = CasePath(ParentAction.child) { if case .child(let a) = $0 { a } else { nil } }
    static let siblingCase = CasePath(ParentAction.sibling) { if case .sibling(let a) = $0 { a } else { nil } }
  }

  struct GrandParent: Equatable {
    var parent = Parent()
    var flag = false
  }

  enum GrandParentAction: Equatable, Sendable {
    case parent(ParentAction)
    case flag

    static let parentCase = CasePath(GrandParentAction.parent) { if case .parent(let a) = $0 { a } else { nil } }
  }

  static let childOnly = Child().pullback(state: \Parent.child, action: ParentAction.childCase)

  static let recorder = Reduce<Parent, ParentAction> { state, action in
    state.received.append(action)
    return .none
  }
}

@Suite(.timeLimit(.minutes(1)))
struct PullbackReducerTests {
  @Test func theChildRunsOnItsSliceOfTheParentsState() {
    var state = Parent(child: Child.State(count: 4), sibling: Child.State(count: 9), other: 2)
    _ = Self.childOnly.reduce(into: &state, action: .child(.increment))
    #expect(state == Parent(child: Child.State(count: 5), sibling: Child.State(count: 9), other: 2))
  }

  @Test func parentActionsTheCasePathDoesNotExtractAreIgnored() {
    let initial = Parent(child: Child.State(count: 4), sibling: Child.State(count: 9), other: 2)
    var state = initial
    let effects = Self.childOnly.asReducer()(&state, .other, ())
    #expect(state == initial)
    #expect(effects.isEmpty)

    // A sibling's action is someone else's too, even though it wraps the same child action.
    let siblingEffects = Self.childOnly.asReducer()(&state, .sibling(.ping), ())
    #expect(state == initial)
    #expect(siblingEffects.isEmpty)
  }

  @Test @MainActor func theChildsSynchronousEffectIsEmbeddedInTheParentsAction() async {
    await assert(
      initialValue: Parent(),
      reducer: Self.childOnly.asReducer(),
      environment: (),
      steps:
        Step(.send, .child(.ping)),
      Step(.receive, .child(.pong)) { $0.child.pongs = 1 }
    )
  }

  @Test @MainActor func theChildsAsynchronousEffectIsEmbeddedInTheParentsAction() async {
    let store = Store(
      initialState: Parent(),
      reducer: CombineReducers {
        PullbackReducerTests.recorder
        PullbackReducerTests.childOnly
      }
    )
    await store.send(.child(.pingLater)).finish()
    #expect(store.value.received == [.child(.pingLater), .child(.pong)])
    #expect(store.value.child.pongs == 1)
  }

  @Test @MainActor func twoPullbacksOfOneChildOnlyReactToTheirOwnCase() {
    let store = Store(
      initialState: Parent(),
      reducer: CombineReducers {
        Child().pullback(state: \Parent.child, action: ParentAction.childCase)
        Child().pullback(state: \Parent.sibling, action: ParentAction.siblingCase)
      }
    )
    store.send(.sibling(.increment))
    store.send(.sibling(.ping))
    store.send(.child(.increment))
    store.send(.child(.increment))

    #expect(store.value.child == Child.State(count: 2, pongs: 0))
    // The sibling's `.ping` came back as `.sibling(.pong)`, not as the child's.
    #expect(store.value.sibling == Child.State(count: 1, pongs: 1))
  }

  @Test @MainActor func pullbacksNestThroughSeveralLevels() async {
    let nested = Child()
      .pullback(state: \Parent.child, action: ParentAction.childCase)
      .pullback(state: \GrandParent.parent, action: GrandParentAction.parentCase)
    let direct = Child()
      .pullback(state: \GrandParent.parent.child, action: GrandParentAction.parentCase .. ParentAction.childCase)

    for reducer in [nested.asReducer(), direct.asReducer()] as [Reducer<GrandParent, GrandParentAction, Void>] {
      await assert(
        initialValue: GrandParent(),
        reducer: reducer,
        environment: (),
        steps:
          Step(.send, .parent(.child(.increment))) { $0.parent.child.count = 1 },
        Step(.send, .parent(.child(.ping))),
        Step(.receive, .parent(.child(.pong))) { $0.parent.child.pongs = 1 },
        Step(.send, .flag),
        Step(.send, .parent(.other))
      )
    }
  }
}
