import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import NextPrimeFeature
import Testing

// The examples in the doc comments of ComposableArchitecture and ComposableArchitectureTestSupport that the
// articles' files do not already hold, compiled (and run where they are tests). EveryExampleCompilesTests
// finds each doc comment's ```swift block here or in another file of this target.

// MARK: prepareDependencies (compiled, never called: it sets the whole process's dependencies)

func startNotesProgram() {
  prepareDependencies {
    $0.date = .constant(Date(timeIntervalSince1970: 0))
  }
}

// MARK: ifLet, environment style

struct TallyDrawer: Equatable {
  var opened: TallyState?
}

enum TallyDrawerAction: Equatable, Sendable {
  case closeButtonTapped
  case openButtonTapped
  case tally(TallyAction)

  static let tallyCase = CasePath(TallyDrawerAction.tally) { if case .tally(let action) = $0 { action } else { nil } }
}

let drawerCoreReducer: Reducer<TallyDrawer, TallyDrawerAction, ShelfEnvironment> = { state, action, _ in
  switch action {
  case .closeButtonTapped:
    state.opened = nil
  case .openButtonTapped:
    state.opened = TallyState()
  case .tally:
    break
  }
  return []
}

let drawerReducer: Reducer<TallyDrawer, TallyDrawerAction, ShelfEnvironment> = ifLet(
  drawerCoreReducer,
  value: \.opened,
  action: TallyDrawerAction.tallyCase,
  environment: { TallyEnvironment(nthPrime: $0.nthPrime) },
  then: tallyReducer
)

// MARK: ifLet and forEach, protocol style

var pinnedReminders: some ReducerProtocol<Desk.State, Desk.Action> {
  Reduce<Desk.State, Desk.Action> { state, action in
    if case .unpinButtonTapped = action { state.pinned = nil }
    return .none
  }
  .ifLet(\.pinned, action: Desk.Action.pinnedCase) { Reminder() }
}

struct Chore: ReducerProtocol {
  struct State: Equatable, Identifiable {
    let id: Int
    var isDone = false
  }

  enum Action: Equatable, Sendable {
    case doneToggled
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.isDone.toggle()
    return .none
  }
}

struct Chores: ReducerProtocol {
  struct State: Equatable {
    var chores: IdentifiedArray<Chore.State> = []
  }

  enum Action: Equatable, Sendable {
    case chore(id: Int, action: Chore.Action)
    case clearButtonTapped

    static let choreCase = CasePath<Action, (Int, Chore.Action)>(
      embed: { Action.chore(id: $0.0, action: $0.1) },
      extract: { if case let .chore(id, action) = $0 { (id, action) } else { nil } }
    )
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<State, Action> { state, action in
      if case .clearButtonTapped = action { state.chores = [] }
      return .none
    }
    .forEach(\.chores, action: Action.choreCase) { Chore() }
    .reduce(into: &state, action: action)
  }
}

// MARK: A long-living effect

struct Ticker: ReducerProtocol {
  struct State: Equatable {
    var count = 0
    var isTicking = false
  }

  enum Action: Equatable, Sendable {
    case startTapped
    case tick(Int)
  }

  /// The values the timer delivers; a test drives it through the stream's continuation.
  let ticks: AsyncStream<Int>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTapped:
      state.isTicking = true
      return .run { [ticks] send in
        for await tick in ticks { await send(.tick(tick)) }
      }
    case let .tick(tick):
      state.count = tick
      return .none
    }
  }
}

// MARK: Tests

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct DocCommentExampleTests {
  @Test func theDrawerRunsTheTallyOnlyWhileItIsOpen() async {
    await assert(
      initialValue: TallyDrawer(),
      reducer: drawerReducer,
      environment: ShelfEnvironment(nthPrime: { _ in 2 }, log: { _ in }),
      steps:
        Step(.send, .openButtonTapped) { $0.opened = TallyState() },
        Step(.send, .tally(.countChanged(1))) { $0.opened?.count = 1 },
        Step(.send, .closeButtonTapped) { $0.opened = nil }
    )
  }

  @Test func theChoresRunEachChoreByItsID() async {
    let store = TestStore(
      initialState: Chores.State(chores: [Chore.State(id: 1), Chore.State(id: 2)]),
      reducer: Chores()
    )

    await store.send(.chore(id: 2, action: .doneToggled)) { $0.chores.modify(id: 2) { $0.isDone = true } }
    await store.send(.clearButtonTapped) { $0.chores = [] }
    await store.finish()
  }

  @Test func aReceivedActionCanBeMatchedByAPredicate() async {
    let store = TestStore(initialState: NextPrime.State(number: 7)) {
      NextPrime()
    } withDependencies: {
      $0.primeSearch.nextPrime = { _ in 11 }
    }

    await store.send(.searchButtonTapped) { $0.isSearching = true }
    await store.receive({ if case .searchResponse = $0 { true } else { false } }) {
      $0.isSearching = false
      $0.prime = 11
    }
    await store.finish()
  }

  @Test func anEffectSummaryCountsWhatTheEffectsWouldDo() {
    let effects: [Effect<Int>] = [.send(1), .run { send in await send(2) }]
    let text = EffectSummary(effects).description  // "1 immediate effect, 1 asynchronous effect"
    #expect(text == "1 immediate effect, 1 asynchronous effect")
  }

  @Test func aLongLivingEffectEndsWhenItsTaskIsCancelled() async {
    let (ticks, ticker) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks))
    let task = await store.send(.startTapped) { $0.isTicking = true }
    ticker.yield(1)
    await store.receive(.tick(1)) { $0.count = 1 }
    task.cancel()
    await store.finish()
  }
}

@Suite(.timeLimit(.minutes(2)), .dependencies { $0.uuid = .incrementing })
struct ItemTests {
  @Test(.dependency(\.date, .constant(Date(timeIntervalSince1970: 0))))
  func stampsNewItems() {
    @Dependency(\.uuid) var uuid
    @Dependency(\.date) var date
    #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(date.now == Date(timeIntervalSince1970: 0))
  }
}
