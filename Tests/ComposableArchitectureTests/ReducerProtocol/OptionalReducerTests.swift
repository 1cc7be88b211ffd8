import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

extension OptionalReducerTests {
  struct Child: ReducerProtocol {
    struct State: Equatable {
      var count = 0
      var echoes = 0
    }

    enum Action: Equatable, Sendable {
      case add(Int)
      case echo
      case echoLater
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .add(let n):
        state.count += n
        return .send(.echo)
      case .echo:
        state.echoes += 1
        return .none
      case .echoLater:
        return .run { send in await send(.echo) }
      }
    }
  }

  struct Parent: Equatable {
    var child: Child.State?
    var received: [ParentAction] = []
  }

  enum ParentAction: Equatable, Sendable {
    case child(Child.Action)
    case present
    case dismiss

    static let childCase = CasePath(ParentAction.child) { if case .child(let a) = $0 { a } else { nil } }
  }

  /// The child lifted to optional state, and the line of that `optional()` call.
  static let optionalChild = Child().optional(); static let optionalLine: UInt = #line

  static let parent = CombineReducers {
    Reduce<Parent, ParentAction> { state, action in
      state.received.append(action)
      switch action {
      case .present: state.child = Child.State()
      case .dismiss: state.child = nil
      case .child: break
      }
      return .none
    }
    optionalChild.pullback(state: \Parent.child, action: ParentAction.childCase)
  }
}

@Suite(.timeLimit(.minutes(1)))
struct OptionalReducerTests {
  @Test func runsTheWrappedReducerWhileTheStateIsPresent() {
    var state: Child.State? = Child.State(count: 1)
    let warnings = Probe.Warnings()
    let effects = RuntimeWarning.withHandler(warnings.handler) {
      Child().optional().asReducer()(&state, .add(2), ())
    }
    #expect(state == Child.State(count: 3))
    #expect(effects.count == 1)
    #expect(warnings.messages.isEmpty)
  }

  @Test @MainActor func theWrappedReducersEffectsRunWhileTheStateIsPresent() async {
    await assert(
      initialValue: Parent(child: Child.State()),
      reducer: Self.parent.asReducer(),
      environment: (),
      steps:
        Step(.send, .child(.add(5))) {
          $0.child?.count = 5
          $0.received = [.child(.add(5))]
        },
      Step(.receive, .child(.echo)) {
        $0.child?.echoes = 1
        $0.received.append(.child(.echo))
      },
      Step(.send, .child(.echoLater)) { $0.received.append(.child(.echoLater)) },
      Step(.receive, .child(.echo)) {
        $0.child?.echoes = 2
        $0.received.append(.child(.echo))
      }
    )
  }

  @Test func anActionForNilStateWarnsNamingTheActionAndIsIgnored() {
    let warnings = Probe.Warnings()
    var state: Child.State? = nil
    let (reducer, line) = (Child().optional(), #line)

    let effects = RuntimeWarning.withHandler(warnings.handler) {
      reducer.asReducer()(&state, .add(42), ())
    }

    #expect(state == nil)
    #expect(effects.isEmpty)
    #expect(warnings.entries.count == 1)
    #expect(warnings.messages.first?.contains("add(42)") == true)
    #expect(warnings.entries.first?.location == "\(#fileID):\(line)")
  }

  @Test @MainActor func inAStoreAnActionForNilStateWarnsAtTheOptionalCallAndSendsNothing() async {
    let warnings = Probe.Warnings()
    let store = Store(initialState: Parent(), reducer: Self.parent)

    await RuntimeWarning.withHandler(warnings.handler) {
      await store.send(.child(.add(7))).finish()
      await store.send(.child(.echoLater)).finish()
    }

    // The state stayed nil, and neither the synchronous nor the asynchronous effect ran: no `.echo` came back.
    #expect(store.value == Parent(child: nil, received: [.child(.add(7)), .child(.echoLater)]))
    #expect(warnings.entries.count == 2)
    #expect(warnings.messages.first?.contains("add(7)") == true)
    #expect(warnings.messages.last?.contains("echoLater") == true)
    #expect(
      warnings.entries.allSatisfy { $0.location == "\(#fileID):\(Self.optionalLine)" },
      "\(warnings.entries.map(\.location))"
    )
  }

  @Test @MainActor func theSameActionIsHandledOnceTheStateIsPresentAgain() {
    let warnings = Probe.Warnings()
    let store = Store(initialState: Parent(child: Child.State(count: 1)), reducer: Self.parent)

    RuntimeWarning.withHandler(warnings.handler) {
      store.send(.dismiss)
      store.send(.child(.add(1)))
    }
    #expect(store.value.child == nil)
    #expect(warnings.entries.count == 1)

    RuntimeWarning.withHandler(warnings.handler) {
      store.send(.present)
      store.send(.child(.add(1)))
    }
    #expect(store.value.child == Child.State(count: 1, echoes: 1))
    #expect(warnings.entries.count == 1)
  }
}
