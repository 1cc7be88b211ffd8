import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// A child whose own actions its parent also acts on: `close` and `closeInSteps` make the parent remove the
/// child, and `changeID` gives the child another identity. Each of them returns work that sends a `tick`,
/// which must never reach the parent once the child it came from is gone.
struct ClosingChild: ReducerProtocol {
  struct State: Equatable, Identifiable {
    var id: Int
    var ticks = 0
  }

  enum Action: Equatable, Sendable {
    /// Asks the parent to remove the child; sends a tick synchronously.
    case close
    /// Asks the parent to remove the child; sends a tick synchronously, then another from a task.
    case closeInSteps
    /// Changes the child's own id; sends a tick from a task.
    case changeID(Int)
    /// Sends a tick for each value of the ticks stream, until cancelled.
    case startTicking
    case tick
  }

  /// The stream `startTicking` listens to.
  let ticks: AsyncStream<Void>

  init(ticks: AsyncStream<Void> = AsyncStream { $0.finish() }) {
    self.ticks = ticks
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .close:
      return .send(.tick)
    case .closeInSteps:
      return .concatenate(.send(.tick), .run { send in await send(.tick) })
    case .changeID(let id):
      state.id = id
      return .run { send in await send(.tick) }
    case .startTicking:
      let ticks = ticks
      return .run { send in
        for await _ in ticks {
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    }
  }

  /// The same child, environment-style, with the ticks stream as its environment.
  static let environmentReducer: Reducer<State, Action, AsyncStream<Void>> = { state, action, ticks in
    ClosingChild(ticks: ticks).asReducer()(&state, action, ())
  }
}

/// A parent presenting one optional `ClosingChild`, which it dismisses when the child closes, and which counts
/// the ticks that reach it.
enum ClosingPresenter {
  struct State: Equatable {
    var child: ClosingChild.State?
    var ticksSeen = 0
  }

  enum Action: Equatable, Sendable {
    case child(ClosingChild.Action)

    static let childCase = CasePath<Action, ClosingChild.Action>(
      embed: Action.child,
      extract: { if case .child(let action) = $0 { action } else { nil } }
    )
  }

  static let core = Reduce<State, Action> { state, action in
    switch action {
    case .child(.close), .child(.closeInSteps):
      state.child = nil
    case .child(.tick):
      state.ticksSeen += 1
    case .child:
      break
    }
    return .none
  }

  /// The protocol-style parent: `ifLet`, the child identified by its `id`.
  static func reducer(_ child: ClosingChild = ClosingChild()) -> some ReducerProtocol<State, Action> {
    core.ifLet(\.child, action: Action.childCase) { child }
  }

  /// The environment-style parent: `ifLet(_:value:action:environment:then:)`, the child identified by its `id`.
  static func environmentReducer(ticks: AsyncStream<Void> = AsyncStream { $0.finish() }) -> Reduce<State, Action> {
    Reduce(
      ifLet(
        core.asReducer(),
        value: \.child,
        action: Action.childCase,
        environment: { $0 },
        then: ClosingChild.environmentReducer
      ),
      environment: ticks
    )
  }
}

/// A parent listing `ClosingChild` rows, which removes a row when it closes, and counts the ticks that reach it.
enum ClosingList {
  struct State: Equatable {
    var rows: IdentifiedArray<ClosingChild.State> = []
    var ticksSeen = 0
  }

  enum Action: Equatable, Sendable {
    case row(id: Int, action: ClosingChild.Action)

    static let rowCase = CasePath<Action, (Int, ClosingChild.Action)>(
      embed: { Action.row(id: $0.0, action: $0.1) },
      extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } }
    )
  }

  static func reducer(_ child: ClosingChild = ClosingChild()) -> some ReducerProtocol<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .row(let id, .close), .row(let id, .closeInSteps):
        state.rows.remove(id: id)
      case .row(_, .tick):
        state.ticksSeen += 1
      case .row:
        break
      }
      return .none
    }
    .forEach(\.rows, action: Action.rowCase) { child }
  }
}

/// A child's effect of an action that also removes the child is dropped whole: neither a `.send` nor the first,
/// synchronous step of a `.concatenate` reaches the parent, under a test store as under a store.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct ChildRemovedBySameActionTests {
  @Test(arguments: [ClosingChild.Action.close, .closeInSteps])
  func anIfLetChildsEffectOfTheActionThatDismissedItIsDropped(action: ClosingChild.Action) async {
    let store = TestStore(
      initialState: ClosingPresenter.State(child: ClosingChild.State(id: 1)),
      reducer: ClosingPresenter.reducer()
    )
    await store.send(.child(action)) { $0.child = nil }
    await store.finish()
  }

  @Test(arguments: [ClosingChild.Action.close, .closeInSteps])
  func anEnvironmentIfLetChildsEffectOfTheActionThatDismissedItIsDropped(action: ClosingChild.Action) async {
    let store = TestStore(
      initialState: ClosingPresenter.State(child: ClosingChild.State(id: 1)),
      reducer: ClosingPresenter.environmentReducer()
    )
    await store.send(.child(action)) { $0.child = nil }
    await store.finish()
  }

  @Test(arguments: [ClosingChild.Action.close, .closeInSteps])
  func anElementsEffectOfTheActionThatRemovedItIsDropped(action: ClosingChild.Action) async {
    let store = TestStore(
      initialState: ClosingList.State(rows: [ClosingChild.State(id: 1), ClosingChild.State(id: 2)]),
      reducer: ClosingList.reducer()
    )
    await store.send(.row(id: 1, action: action)) { $0.rows.remove(id: 1) }
    await store.finish()
  }

  @Test(arguments: [ClosingChild.Action.close, .closeInSteps])
  func inAStoreNoTickOfADismissedIfLetChildArrives(action: ClosingChild.Action) async {
    let store = Store(
      initialState: ClosingPresenter.State(child: ClosingChild.State(id: 1)),
      reducer: ClosingPresenter.reducer()
    )
    await store.send(.child(action)).finish()
    #expect(store.value == ClosingPresenter.State(child: nil, ticksSeen: 0))
  }

  @Test(arguments: [ClosingChild.Action.close, .closeInSteps])
  func inAStoreNoTickOfADismissedEnvironmentIfLetChildArrives(action: ClosingChild.Action) async {
    let store = Store(
      initialState: ClosingPresenter.State(child: ClosingChild.State(id: 1)),
      reducer: ClosingPresenter.environmentReducer()
    )
    await store.send(.child(action)).finish()
    #expect(store.value == ClosingPresenter.State(child: nil, ticksSeen: 0))
  }

  @Test(arguments: [ClosingChild.Action.close, .closeInSteps])
  func inAStoreNoTickOfARemovedElementArrives(action: ClosingChild.Action) async {
    let store = Store(
      initialState: ClosingList.State(rows: [ClosingChild.State(id: 1), ClosingChild.State(id: 2)]),
      reducer: ClosingList.reducer()
    )
    await store.send(.row(id: 1, action: action)).finish()
    #expect(store.value == ClosingList.State(rows: [ClosingChild.State(id: 2)], ticksSeen: 0))
  }

  @Test func anElementKeepsItsEffectWhenAnotherElementIsRemovedByTheSameAction() async {
    // Removing row 2 while row 1's action runs leaves row 1's effect alone.
    let store = TestStore(
      initialState: ClosingList.State(rows: [ClosingChild.State(id: 1), ClosingChild.State(id: 2)]),
      reducer: Reduce<ClosingList.State, ClosingList.Action> { state, action in
        if case .row(1, .changeID) = action { state.rows.remove(id: 2) }
        return .none
      }
      .forEach(\.rows, action: ClosingList.Action.rowCase) { ClosingChild() }
    )
    await store.send(.row(id: 1, action: .changeID(1))) { $0.rows.remove(id: 2) }
    await store.receive(.row(id: 1, action: .tick)) { $0.rows[id: 1]?.ticks = 1 }
    await store.finish()
  }
}
