import ComposableArchitecture
import Testing

/// A row that, once started, waits a minute and then ticks: long enough that a tick arriving at all means its
/// effect outlived the row.
struct WaitingRow: ReducerProtocol {
  struct State: Equatable, Identifiable {
    var id: Int
    var ticks = 0
  }

  enum Action: Equatable, Sendable {
    case start
    case tick
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        try await Task.sleep(for: .seconds(60))
        await send(.tick)
      }
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// A list of `WaitingRow`s that can drop all but its first rows in one action.
enum WaitingRows {
  struct State: Equatable {
    var rows: IdentifiedArray<WaitingRow.State> = []
  }

  enum Action: Equatable, Sendable {
    case row(id: Int, action: WaitingRow.Action)
    case keepFirst(Int)

    static let rowCase = CasePath<Action, (Int, WaitingRow.Action)>(
      embed: { Action.row(id: $0.0, action: $0.1) },
      extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } }
    )
  }

  static let reducer = Reduce<State, Action> { state, action in
    if case .keepFirst(let count) = action {
      state.rows.removeAll { $0.id >= count }
    }
    return .none
  }
  .forEach(\.rows, action: Action.rowCase) { WaitingRow() }
}

/// Removing thousands of elements with running effects in one action cancels each of them (the runner finds
/// an id's effects through an index rather than by scanning every effect, which made this quadratic: 33 s in
/// release for these 3,900 rows), and leaves the others running.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct ManyElementsRemovedTests {
  @Test func removingThousandsOfRunningRowsCancelsEachOfThemAndNoneOfTheOthers() async {
    let count = 4_000
    let kept = 100
    let store = Store(
      initialState: WaitingRows.State(rows: IdentifiedArray((0..<count).map { WaitingRow.State(id: $0) })),
      reducer: WaitingRows.reducer
    )
    let tasks = (0..<count).map { store.send(.row(id: $0, action: .start)) }
    store.send(.keepFirst(kept))
    // Each removed row's effect was cancelled, so its sleep threw at once: waiting for it ends well before the
    // minute after which an effect left running would tick for a row that is gone (a runtime warning).
    for task in tasks[kept...] {
      await task.finish()
    }
    for task in tasks[..<kept] {
      #expect(!task.isCancelled)
      task.cancel()
      await task.finish()
    }
    #expect(store.value.rows.ids == Array(0..<kept))
    #expect(store.value.rows.allSatisfy { $0.ticks == 0 })
  }
}
