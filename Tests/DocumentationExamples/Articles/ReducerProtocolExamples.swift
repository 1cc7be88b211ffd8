import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

// The examples of ReducerProtocol.md, compiled and run.

// MARK: A feature as a type

struct Reminder: ReducerProtocol {
  struct State: Equatable {
    var text = ""
    var isScheduled = false
    var shown: [String] = []
  }

  enum Action: Equatable, Sendable {
    case cancelButtonTapped
    case reminderFired(String)
    case scheduleButtonTapped
    case textChanged(String)
  }

  enum CancelID: Hashable, Sendable {
    case reminder
  }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .cancelButtonTapped:
      state.isScheduled = false
      return .cancel(id: CancelID.reminder)

    case let .reminderFired(text):
      state.isScheduled = false
      state.shown.append(text)
      return .none

    case .scheduleButtonTapped:
      state.isScheduled = true
      let text = state.text
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(5))
        await send(.reminderFired(text))
      }
      .cancellable(id: CancelID.reminder, cancelInFlight: true)

    case let .textChanged(text):
      state.text = text
      return .none
    }
  }
}

// MARK: Composing features

struct Desk: ReducerProtocol {
  struct State: Equatable {
    var draft = Reminder.State()
    var pinned: Reminder.State?
  }

  enum Action: Equatable, Sendable {
    case draft(Reminder.Action)
    case pinButtonTapped
    case pinned(Reminder.Action)
    case unpinButtonTapped

    static let draftCase = CasePath(Action.draft) { if case .draft(let action) = $0 { action } else { nil } }
    static let pinnedCase = CasePath(Action.pinned) { if case .pinned(let action) = $0 { action } else { nil } }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.draft, action: Action.draftCase) {
      Reminder()
    }
    Reduce { state, action in
      switch action {
      case .pinButtonTapped:
        state.pinned = state.draft
        return .none
      case .unpinButtonTapped:
        state.pinned = nil
        return .none
      case .draft, .pinned:
        return .none
      }
    }
    .ifLet(\.pinned, action: Action.pinnedCase) {
      Reminder()
    }
  }
}

// MARK: Bridging the two styles

struct ShelfAndDesk: Equatable {
  var shelf = ShelfState()
  var desk = Desk.State()
}

enum ShelfAndDeskAction: Equatable, Sendable {
  case desk(Desk.Action)
  case shelf(ShelfAction)

  static let deskCase = CasePath(ShelfAndDeskAction.desk) { if case .desk(let action) = $0 { action } else { nil } }
  static let shelfCase = CasePath(ShelfAndDeskAction.shelf) { if case .shelf(let action) = $0 { action } else { nil } }
}

let shelfAndDeskReducer: Reducer<ShelfAndDesk, ShelfAndDeskAction, ShelfEnvironment> = combine(
  pullback(shelfReducer, value: \ShelfAndDesk.shelf, action: ShelfAndDeskAction.shelfCase, environment: { $0 }),
  pullback(Desk().asReducer(), value: \ShelfAndDesk.desk, action: ShelfAndDeskAction.deskCase, environment: {
    (_: ShelfEnvironment) in ()
  })
)

// MARK: Tests

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct ReducerProtocolExampleTests {
  @Test func aScheduledReminderFiresAfterItsDelay() async {
    let store = TestStore(initialState: Reminder.State(text: "Water the plants"), reducer: Reminder()) {
      $0.clock = ImmediateClock()
    }

    await store.send(.scheduleButtonTapped) {
      $0.isScheduled = true
    }
    await store.receive(.reminderFired("Water the plants")) {
      $0.isScheduled = false
      $0.shown = ["Water the plants"]
    }
    await store.finish()
  }

  @Test func unpinningEndsThePinnedRemindersEffects() async {
    let store = TestStore(initialState: Desk.State(pinned: Reminder.State(text: "Call back"))) {
      Desk()
    } withDependencies: {
      $0.clock = ContinuousClock()
    }

    await store.send(.pinned(.scheduleButtonTapped)) {
      $0.pinned?.isScheduled = true
    }
    await store.send(.unpinButtonTapped) {
      $0.pinned = nil
    }
    await store.finish()
  }

  @Test func theBridgedDeskRunsInsideTheEnvironmentStyleParent() async {
    let store = Store(
      initialState: ShelfAndDesk(),
      reducer: Reduce(shelfAndDeskReducer, environment: ShelfEnvironment(nthPrime: { _ in 2 }, log: { _ in }))
    )

    await store.send(.desk(.draft(.textChanged("Buy milk")))).finish()
    await store.send(.desk(.pinButtonTapped)).finish()
    await store.send(.shelf(.noteAdded("pinned"))).finish()

    #expect(store.value.desk.pinned?.text == "Buy milk")
    #expect(store.value.shelf.notes == ["pinned"])
  }
}
