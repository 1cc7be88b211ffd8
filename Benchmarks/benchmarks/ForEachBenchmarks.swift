import ComposableArchitecture

/// A row whose `start` returns an effect that waits an hour, then ticks: an effect that is still running when
/// its row is removed.
private struct RunningRow: ReducerProtocol {
  struct State: Identifiable {
    var id: Int
    var ticks = 0
  }

  enum Action {
    case start
    case tick
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        try await Task.sleep(for: .seconds(3_600))
        await send(.tick)
      }
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// A list of `RunningRow`s under `forEach`, which can remove all its rows in one action.
private enum RunningRows {
  struct State {
    var rows: IdentifiedArray<RunningRow.State>
  }

  enum Action {
    case row(id: Int, action: RunningRow.Action)
    case removeAll

    static let rowCase = CasePath<Action, (Int, RunningRow.Action)>(
      embed: { Action.row(id: $0.0, action: $0.1) },
      extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } }
    )
  }

  static let reducer = Reduce<State, Action> { state, action in
    if case .removeAll = action {
      state.rows.removeAll { _ in true }
    }
    return .none
  }
  .forEach(\.rows, action: Action.rowCase) { RunningRow() }
}

/// The cost of the scoping operators' bookkeeping for many children at once.
enum ForEachBenchmarks {
  /// Every `forEach` benchmark, in the order they run.
  static var all: [Benchmark] {
    [removeAllRunning(rows: 100), removeAllRunning(rows: 4_000)]
  }

  /// One whole life of a list of `rows` rows: a store made with them, each row's effect started by its own
  /// action, then one action removing every row, which cancels every effect; then the store goes away.
  ///
  /// Everything in it grows linearly with `rows` when cancelling an id visits only that id's effects, so
  /// ns/op divided by `rows` should be about the same for every size; removal that scans every running effect
  /// per removed row made it grow with the square. The cancelled tasks never get to finish while the harness
  /// holds the main actor: they wait, queued, until the process exits, so one run of this benchmark leaves
  /// some hundreds of thousands of them behind (a few hundred bytes each).
  static func removeAllRunning(rows: Int) -> Benchmark {
    Benchmark("store.forEach.remove-all-running.\(rows)") {
      let initial = RunningRows.State(rows: IdentifiedArray((0..<rows).map { RunningRow.State(id: $0) }))
      let start = opaque(RunningRow.Action.start)
      return { iterations in
        var remaining = 0
        for _ in 0..<iterations {
          let store = Store(initialState: initial, reducer: RunningRows.reducer)
          for id in 0..<rows {
            store.send(.row(id: id, action: start))
          }
          store.send(.removeAll)
          remaining &+= store.value.rows.count
        }
        blackHole(remaining)
      }
    }
  }
}
