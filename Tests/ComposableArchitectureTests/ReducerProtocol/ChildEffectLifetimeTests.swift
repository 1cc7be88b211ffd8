import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// Where runtime warnings of the reducers declared in this file point.
let warningFile = "ComposableArchitectureTests/ChildEffectLifetimeTests.swift"

/// A child feature with two kinds of long work: a stream of ticks that never ends by itself, and a response
/// that arrives whenever the test lets it, whether or not the effect was cancelled meanwhile.
struct LifetimeTicker: ReducerProtocol {
  struct State: Equatable, Identifiable {
    var id: Int
    var ticks = 0
    var response: Int?
    /// Which stream of ticks the child listens to; its id unless given.
    var stream: Int?
  }

  enum Action: Equatable, Sendable {
    case startTicking
    case tick
    case startRequest
    case response(Int)
  }

  /// The stream of ticks of each child, by id; each child listens to its own.
  let ticks: [Int: AsyncStream<Void>]
  /// The responses; awaited in a detached task, so the wait ignores cancellation, as a slow network
  /// call that cannot be interrupted would.
  let responses: AsyncStream<Int>

  init(ticks: [Int: AsyncStream<Void>] = [:], responses: AsyncStream<Int> = AsyncStream { $0.finish() }) {
    self.ticks = ticks
    self.responses = responses
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTicking:
      let ticks = ticks[state.stream ?? state.id] ?? AsyncStream { $0.finish() }
      return .run { send in
        for await _ in ticks {
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    case .startRequest:
      let responses = responses
      return .run { send in
        let response = await Task.detached {
          for await response in responses { return response }
          return -1
        }.value
        await send(.response(response))
      }
    case .response(let value):
      state.response = value
      return .none
    }
  }

  /// A stream of ticks per id, and the continuations that drive them.
  static func streams(_ ids: Int...) -> (
    streams: [Int: AsyncStream<Void>], continuations: [Int: AsyncStream<Void>.Continuation]
  ) {
    var streams: [Int: AsyncStream<Void>] = [:]
    var continuations: [Int: AsyncStream<Void>.Continuation] = [:]
    for id in ids {
      let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
      streams[id] = stream
      continuations[id] = continuation
    }
    return (streams, continuations)
  }
}

/// A parent presenting one optional ticker.
enum LifetimePresenter {
  struct State: Equatable {
    var child: LifetimeTicker.State?
  }

  enum Action: Equatable, Sendable {
    case child(LifetimeTicker.Action)
    case present(Int)
    case dismiss
    case renameChild(Int)

    static let childCase = CasePath<Action, LifetimeTicker.Action>(
      embed: Action.child,
      extract: { if case .child(let action) = $0 { action } else { nil } }
    )
  }

  static let core = Reduce<State, Action> { state, action in
    switch action {
    case .child:
      return .none
    case .present(let id):
      state.child = LifetimeTicker.State(id: id)
      return .none
    case .dismiss:
      state.child = nil
      return .none
    case .renameChild(let ticks):
      state.child?.ticks = ticks
      return .none
    }
  }

  /// The line of the `ifLet` call below, where its warnings point.
  static let ifLetLine: UInt = #line + 3

  static func reducer(_ ticker: LifetimeTicker) -> some ReducerProtocol<State, Action> {
    core.ifLet(\.child, action: Action.childCase) { ticker }
  }
}

/// A parent listing tickers.
enum LifetimeList {
  struct State: Equatable {
    var rows: IdentifiedArray<LifetimeTicker.State> = []
  }

  enum Action: Equatable, Sendable {
    case row(id: Int, action: LifetimeTicker.Action)
    case remove(id: Int)

    static let rowCase = CasePath<Action, (Int, LifetimeTicker.Action)>(
      embed: { Action.row(id: $0.0, action: $0.1) },
      extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } }
    )
  }

  static let core = Reduce<State, Action> { state, action in
    switch action {
    case .row:
      return .none
    case .remove(let id):
      state.rows.remove(id: id)
      return .none
    }
  }

  /// The line of the `forEach` call below, where its warnings point.
  static let forEachLine: UInt = #line + 3

  static func reducer(_ ticker: LifetimeTicker) -> some ReducerProtocol<State, Action> {
    core.forEach(\.rows, action: Action.rowCase) { ticker }
  }
}

/// Two optional lists presented side by side with the same reducer: the rows of both have the same ids.
enum TwoSheets {
  struct State: Equatable {
    var left: LifetimeList.State?
    var right: LifetimeList.State?
  }

  enum Action: Equatable, Sendable {
    case left(LifetimeList.Action)
    case right(LifetimeList.Action)
    case dismissLeft

    static let leftCase = CasePath<Action, LifetimeList.Action>(
      embed: Action.left,
      extract: { if case .left(let action) = $0 { action } else { nil } }
    )
    static let rightCase = CasePath<Action, LifetimeList.Action>(
      embed: Action.right,
      extract: { if case .right(let action) = $0 { action } else { nil } }
    )
  }

  static func reducer(_ ticker: LifetimeTicker) -> some ReducerProtocol<State, Action> {
    Reduce<State, Action> { state, action in
      if case .dismissLeft = action { state.left = nil }
      return .none
    }
      .ifLet(\.left, action: Action.leftCase) { LifetimeList.reducer(ticker) }
      .ifLet(\.right, action: Action.rightCase) { LifetimeList.reducer(ticker) }
  }
}

/// A list whose rows each present an optional ticker: the tickers of two rows have the same id.
enum RowsWithDetails {
  struct Row: Equatable, Identifiable {
    var id: Int
    var detail: LifetimeTicker.State?
  }

  enum RowAction: Equatable, Sendable {
    case detail(LifetimeTicker.Action)
    case dismissDetail

    static let detailCase = CasePath<RowAction, LifetimeTicker.Action>(
      embed: RowAction.detail,
      extract: { if case .detail(let action) = $0 { action } else { nil } }
    )
  }

  struct State: Equatable {
    var rows: IdentifiedArray<Row> = []
  }

  enum Action: Equatable, Sendable {
    case row(id: Int, action: RowAction)

    static let rowCase = CasePath<Action, (Int, RowAction)>(
      embed: { Action.row(id: $0.0, action: $0.1) },
      extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } }
    )
  }

  static func reducer(_ ticker: LifetimeTicker) -> some ReducerProtocol<State, Action> {
    Reduce<State, Action> { _, _ in .none }
      .forEach(\.rows, action: Action.rowCase) {
        Reduce<Row, RowAction> { state, action in
          if case .dismissDetail = action { state.detail = nil }
          return .none
        }
        .ifLet(\.detail, action: RowAction.detailCase) { ticker }
      }
  }
}

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct ParentForEachReducerTests {
  @Test func aLongLivingElementEffectEndsWhenTheElementIsRemoved() async {
    let (streams, ticks) = LifetimeTicker.streams(1, 2)
    let store = TestStore(
      initialState: LifetimeList.State(rows: [LifetimeTicker.State(id: 1), LifetimeTicker.State(id: 2)]),
      reducer: LifetimeList.reducer(LifetimeTicker(ticks: streams))
    )
    await store.send(.row(id: 1, action: .startTicking))
    let second = await store.send(.row(id: 2, action: .startTicking))
    ticks[1]?.yield()
    await store.receive(.row(id: 1, action: .tick)) { $0.rows[id: 1]?.ticks = 1 }
    await store.send(.remove(id: 1)) { $0.rows.remove(id: 1) }
    // The other element's effect goes on.
    ticks[2]?.yield()
    await store.receive(.row(id: 2, action: .tick)) { $0.rows[id: 2]?.ticks = 1 }
    second.cancel()
    await store.finish()
  }

  @Test func aResponseArrivingAfterTheElementWasRemovedNeverReachesTheParent() async {
    let (responses, respond) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(
      initialState: LifetimeList.State(rows: [LifetimeTicker.State(id: 1)]),
      reducer: LifetimeList.reducer(LifetimeTicker(responses: responses))
    )
    await store.send(.row(id: 1, action: .startRequest))
    await store.send(.remove(id: 1)) { $0.rows = [] }
    respond.yield(42)
    await store.finish()
  }

  @Test func anActionForARemovedElementIsReportedAndIgnored() async {
    let store = TestStore(
      initialState: LifetimeList.State(),
      reducer: LifetimeList.reducer(LifetimeTicker())
    )
    await withKnownIssue {
      await store.send(.row(id: 7, action: .tick))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "Runtime warning at \(warningFile):\(LifetimeList.forEachLine): "
          + "A forEach reducer received tick for id 7, which is not in the collection; "
          + "the action was ignored. Stop sending actions for elements that were removed."
      ]
    }
    await store.finish()
  }

  @Test func elementsWithEqualIdsInTwoPresentedListsDoNotShareEffects() async {
    let (streams, ticks) = LifetimeTicker.streams(1, 2)
    let store = TestStore(
      initialState: TwoSheets.State(
        left: LifetimeList.State(rows: [LifetimeTicker.State(id: 1, stream: 1)]),
        right: LifetimeList.State(rows: [LifetimeTicker.State(id: 1, stream: 2)])
      ),
      reducer: TwoSheets.reducer(LifetimeTicker(ticks: streams))
    )
    await store.send(.left(.row(id: 1, action: .startTicking)))
    let right = await store.send(.right(.row(id: 1, action: .startTicking)))
    await store.send(.left(.remove(id: 1))) { $0.left?.rows = [] }
    ticks[2]?.yield()
    await store.receive(.right(.row(id: 1, action: .tick))) { $0.right?.rows[id: 1]?.ticks = 1 }
    right.cancel()
    await store.finish()
  }

  @Test func childrenWithEqualIdsPresentedByTwoElementsDoNotShareEffects() async {
    let (streams, ticks) = LifetimeTicker.streams(1, 2)
    let store = TestStore(
      initialState: RowsWithDetails.State(rows: [
        RowsWithDetails.Row(id: 10, detail: LifetimeTicker.State(id: 1, stream: 1)),
        RowsWithDetails.Row(id: 20, detail: LifetimeTicker.State(id: 1, stream: 2)),
      ]),
      reducer: RowsWithDetails.reducer(LifetimeTicker(ticks: streams))
    )
    await store.send(.row(id: 10, action: .detail(.startTicking)))
    let second = await store.send(.row(id: 20, action: .detail(.startTicking)))
    await store.send(.row(id: 10, action: .dismissDetail)) { $0.rows[id: 10]?.detail = nil }
    ticks[2]?.yield()
    await store.receive(.row(id: 20, action: .detail(.tick))) { $0.rows[id: 20]?.detail?.ticks = 1 }
    second.cancel()
    await store.finish()
  }

  @Test func dismissingAListEndsTheEffectsOfItsElements() async {
    let (streams, _) = LifetimeTicker.streams(1, 2)
    let store = TestStore(
      initialState: TwoSheets.State(
        left: LifetimeList.State(rows: [LifetimeTicker.State(id: 1, stream: 1)]),
        right: LifetimeList.State(rows: [LifetimeTicker.State(id: 1, stream: 2)])
      ),
      reducer: TwoSheets.reducer(LifetimeTicker(ticks: streams))
    )
    await store.send(.left(.row(id: 1, action: .startTicking)))
    await store.send(.dismissLeft) { $0.left = nil }
    await store.finish()
  }
}

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct IfLetReducerTests {
  @Test func aLongLivingChildEffectEndsWhenTheChildIsDismissed() async {
    let (streams, ticks) = LifetimeTicker.streams(1)
    let store = TestStore(
      initialState: LifetimePresenter.State(child: LifetimeTicker.State(id: 1)),
      reducer: LifetimePresenter.reducer(LifetimeTicker(ticks: streams))
    )
    await store.send(.child(.startTicking))
    ticks[1]?.yield()
    await store.receive(.child(.tick)) { $0.child?.ticks = 1 }
    await store.send(.dismiss) { $0.child = nil }
    await store.finish()
  }

  @Test func aLongLivingChildEffectEndsWhenTheChildIsReplacedByOneWithAnotherID() async {
    let (streams, ticks) = LifetimeTicker.streams(1, 2)
    let store = TestStore(
      initialState: LifetimePresenter.State(child: LifetimeTicker.State(id: 1)),
      reducer: LifetimePresenter.reducer(LifetimeTicker(ticks: streams))
    )
    await store.send(.child(.startTicking))
    await store.send(.present(2)) { $0.child = LifetimeTicker.State(id: 2) }
    await store.finish()
    // The new child's own effects are not touched by the cancellation of the old one's.
    let task = await store.send(.child(.startTicking))
    ticks[2]?.yield()
    await store.receive(.child(.tick)) { $0.child?.ticks = 1 }
    task.cancel()
    await store.finish()
  }

  @Test func changingTheSameChildKeepsItsEffectsRunning() async {
    let (streams, ticks) = LifetimeTicker.streams(1)
    let store = TestStore(
      initialState: LifetimePresenter.State(child: LifetimeTicker.State(id: 1)),
      reducer: LifetimePresenter.reducer(LifetimeTicker(ticks: streams))
    )
    let task = await store.send(.child(.startTicking))
    await store.send(.renameChild(10)) { $0.child?.ticks = 10 }
    ticks[1]?.yield()
    await store.receive(.child(.tick)) { $0.child?.ticks = 11 }
    task.cancel()
    await store.finish()
  }

  @Test func aResponseArrivingAfterDismissalNeverReachesTheParent() async {
    let (responses, respond) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(
      initialState: LifetimePresenter.State(child: LifetimeTicker.State(id: 1)),
      reducer: LifetimePresenter.reducer(LifetimeTicker(responses: responses))
    )
    await store.send(.child(.startRequest))
    await store.send(.dismiss) { $0.child = nil }
    respond.yield(42)
    await store.finish()
  }

  @Test func anActionForADismissedChildIsReportedAndIgnored() async {
    let store = TestStore(
      initialState: LifetimePresenter.State(child: nil),
      reducer: LifetimePresenter.reducer(LifetimeTicker())
    )
    await withKnownIssue {
      await store.send(.child(.tick))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "Runtime warning at \(warningFile):\(LifetimePresenter.ifLetLine): "
          + "An optional reducer received tick while its state was nil; the action was ignored. "
          + "Stop sending actions for state that is gone."
      ]
    }
    await store.finish()
  }
}

/// The presenter written environment-style: the child's streams come from the environment.
enum EnvironmentPresenter {
  struct Environment: Sendable {
    var ticks: [Int: AsyncStream<Void>] = [:]
    var responses: AsyncStream<Int> = AsyncStream { $0.finish() }
  }

  static let ticker: Reducer<LifetimeTicker.State, LifetimeTicker.Action, Environment> = {
    state, action, environment in
    LifetimeTicker(ticks: environment.ticks, responses: environment.responses).asReducer()(&state, action, ())
  }

  /// The line of the `ifLet` call below, where its warnings point.
  static let ifLetLine: UInt = #line + 2

  static let reducer: Reducer<LifetimePresenter.State, LifetimePresenter.Action, Environment> = ifLet(
    LifetimePresenter.core.asReducer(),
    value: \.child,
    action: LifetimePresenter.Action.childCase,
    environment: { $0 },
    then: ticker
  )

  /// A child that is not `Identifiable`: a bare count of ticks.
  struct CountState: Equatable {
    var count: Int?
  }

  enum CountAction: Equatable, Sendable {
    case count(LifetimeTicker.Action)
    case dismiss

    static let countCase = CasePath<CountAction, LifetimeTicker.Action>(
      embed: CountAction.count,
      extract: { if case .count(let action) = $0 { action } else { nil } }
    )
  }

  static let counter: Reducer<Int, LifetimeTicker.Action, AsyncStream<Void>> = { count, action, ticks in
    switch action {
    case .startTicking:
      return [.run { send in for await _ in ticks { await send(.tick) } }]
    case .tick:
      count += 1
      return []
    case .startRequest, .response:
      return []
    }
  }

  static func countReducer(_ ticks: AsyncStream<Void>) -> Reduce<CountState, CountAction> {
    Reduce(
      ifLet(
        { state, action, _ in
          if case .dismiss = action { state.count = nil }
          return []
        },
        value: \CountState.count,
        action: CountAction.countCase,
        environment: { $0 },
        then: counter
      ),
      environment: ticks
    )
  }
}

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct EnvironmentIfLetTests {
  @Test func aLongLivingChildEffectEndsWhenTheChildIsDismissed() async {
    let (streams, ticks) = LifetimeTicker.streams(1)
    let store = TestStore(
      initialState: LifetimePresenter.State(child: LifetimeTicker.State(id: 1)),
      reducer: Reduce(EnvironmentPresenter.reducer, environment: EnvironmentPresenter.Environment(ticks: streams))
    )
    await store.send(.child(.startTicking))
    ticks[1]?.yield()
    await store.receive(.child(.tick)) { $0.child?.ticks = 1 }
    await store.send(.dismiss) { $0.child = nil }
    await store.finish()
  }

  @Test func aLongLivingChildEffectEndsWhenTheChildIsReplacedByOneWithAnotherID() async {
    let (streams, _) = LifetimeTicker.streams(1)
    let store = TestStore(
      initialState: LifetimePresenter.State(child: LifetimeTicker.State(id: 1)),
      reducer: Reduce(EnvironmentPresenter.reducer, environment: EnvironmentPresenter.Environment(ticks: streams))
    )
    await store.send(.child(.startTicking))
    await store.send(.present(2)) { $0.child = LifetimeTicker.State(id: 2) }
    await store.finish()
  }

  @Test func aResponseArrivingAfterDismissalNeverReachesTheParent() async {
    let (responses, respond) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(
      initialState: LifetimePresenter.State(child: LifetimeTicker.State(id: 1)),
      reducer: Reduce(
        EnvironmentPresenter.reducer,
        environment: EnvironmentPresenter.Environment(responses: responses)
      )
    )
    await store.send(.child(.startRequest))
    await store.send(.dismiss) { $0.child = nil }
    respond.yield(42)
    await store.finish()
  }

  @Test func aChildThatIsNotIdentifiableKeepsItsEffectsUntilItIsDismissed() async {
    let (ticks, tick) = AsyncStream.makeStream(of: Void.self)
    let store = TestStore(
      initialState: EnvironmentPresenter.CountState(count: 0),
      reducer: EnvironmentPresenter.countReducer(ticks)
    )
    await store.send(.count(.startTicking))
    tick.yield()
    await store.receive(.count(.tick)) { $0.count = 1 }
    await store.send(.dismiss) { $0.count = nil }
    await store.finish()
  }

  @Test func anActionForADismissedChildIsReportedAndIgnored() async {
    let store = TestStore(
      initialState: LifetimePresenter.State(child: nil),
      reducer: Reduce(EnvironmentPresenter.reducer, environment: EnvironmentPresenter.Environment())
    )
    await withKnownIssue {
      await store.send(.child(.tick))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "Runtime warning at \(warningFile):\(EnvironmentPresenter.ifLetLine): "
          + "An optional reducer received tick while its state was nil; the action was ignored. "
          + "Stop sending actions for state that is gone."
      ]
    }
    await store.finish()
  }
}

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct ChildEffectLifetimeStoreTests {
  @Test func inAStoreADismissedChildsEffectEndsAndItsTicksNeverArrive() async {
    let (streams, ticks) = LifetimeTicker.streams(1)
    let store = Store(
      initialState: LifetimePresenter.State(child: LifetimeTicker.State(id: 1)),
      reducer: LifetimePresenter.reducer(LifetimeTicker(ticks: streams))
    )
    let task = store.send(.child(.startTicking))
    store.send(.dismiss)
    // Had the effect outlived the child, this tick would reach a nil child and be reported.
    ticks[1]?.yield()
    ticks[1]?.finish()
    await task.finish()
    #expect(store.value.child == nil)
  }

  @Test func inAStoreARemovedElementsEffectEndsAndItsTicksNeverArrive() async {
    let (streams, ticks) = LifetimeTicker.streams(1)
    let store = Store(
      initialState: LifetimeList.State(rows: [LifetimeTicker.State(id: 1)]),
      reducer: LifetimeList.reducer(LifetimeTicker(ticks: streams))
    )
    let task = store.send(.row(id: 1, action: .startTicking))
    store.send(.remove(id: 1))
    ticks[1]?.yield()
    ticks[1]?.finish()
    await task.finish()
    #expect(store.value.rows.isEmpty)
  }
}
