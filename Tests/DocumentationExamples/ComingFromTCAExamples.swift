import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// The "Coming from TCA 1.x" article's feature and its tests, compiled and run.
enum ComingFromTCA {
  struct Stopwatch: ReducerProtocol {
    struct State: Equatable, Identifiable, Sendable {
      let id: Int
      var seconds = 0
    }

    enum Action: Equatable, Sendable {
      case closeButtonTapped
      case startButtonTapped
      case tick
    }

    @Dependency(\.clock) var clock
    @Dependency(\.dismiss) var dismiss

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .closeButtonTapped:
          return .run { [dismiss] _ in await dismiss() }
        case .startButtonTapped:
          return .run { [clock] send in
            while true {
              try await clock.sleep(for: .seconds(1))
              await send(.tick)
            }
          }
        case .tick:
          state.seconds += 1
          return .none
        }
      }
    }
  }

  struct Stopwatches: ReducerProtocol {
    struct State: Equatable {
      var rows: IdentifiedArrayOf<Stopwatch.State> = []
      @Presents var focus: Stopwatch.State?
    }

    enum Action: Equatable, Sendable {
      case focus(PresentationAction<Stopwatch.Action>)
      case rowTapped(Int)
      case rows(IdentifiedActionOf<Stopwatch>)

      static let focusCase = CasePath(Action.focus) { if case .focus(let action) = $0 { action } else { nil } }
      static let rowsCase = CasePath(Action.rows) { if case .rows(let action) = $0 { action } else { nil } }
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .rowTapped(let id):
          state.focus = state.rows[id: id]
          return .none
        case .focus, .rows:
          return .none
        }
      }
      .forEach(\.rows, action: Action.rowsCase) { Stopwatch() }
      .ifLet(\.$focus, action: Action.focusCase) { Stopwatch() }
    }
  }
}

extension ComingFromTCA {
  @MainActor
  @Suite(.timeLimit(.minutes(1)))
  struct ArticleTests {
    @Test func theFocusedStopwatchTicksThenClosesItself() async {
      let clock = TestClock()
      let store = TestStore(initialState: Stopwatches.State(rows: [Stopwatch.State(id: 1)])) {
        Stopwatches()
      } withDependencies: {
        $0.clock = clock
      }

      await store.send(.rowTapped(1)) {
        $0.focus = Stopwatch.State(id: 1)
      }
      await store.send(.focus(.presented(.startButtonTapped)))
      await clock.advance(by: .seconds(1))
      await store.receive(.focus(.presented(.tick))) {
        $0.focus?.seconds = 1
      }
      await store.send(.focus(.presented(.closeButtonTapped)))
      await store.receive(.focus(.dismiss)) {
        $0.focus = nil
      }
      await store.finish()
    }

    @Test func aRowIsSentItsActionsByID() async {
      let store = TestStore(initialState: Stopwatches.State(rows: [Stopwatch.State(id: 1)])) {
        Stopwatches()
      }
      await store.send(.rows(.element(id: 1, action: .tick))) {
        $0.rows[id: 1]?.seconds = 1
      }
      await store.finish()
    }
  }
}
