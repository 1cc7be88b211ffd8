import ComposableArchitecture

/// A feature whose actions come from the user, from synchronous effects and from an asynchronous one: what the
/// recording tests record and replay.
struct LedgerState: Equatable, Codable, Sendable {
  var total = 0
  var echoes: [String] = []
  var isFetching = false
}

enum LedgerAction: Equatable, Codable, Sendable {
  case add(Int)
  case addTwiceTapped
  case echoTapped(String)
  case echoed(String)
  case fetchTapped
  case fetched(total: Int)
}

struct LedgerEnvironment: Sendable {
  /// Where the total is fetched from; an app's client that a replay must never call.
  var fetch: @Sendable () async -> Int
}

let ledgerReducer: Reducer<LedgerState, LedgerAction, LedgerEnvironment> = { state, action, environment in
  switch action {
  case let .add(amount):
    state.total += amount
    return []
  case .addTwiceTapped:
    return [.merge(.send(.add(1)), .send(.add(1)))]
  case let .echoTapped(text):
    return [.send(.echoed(text))]
  case let .echoed(text):
    state.echoes.append(text)
    return []
  case .fetchTapped:
    state.isFetching = true
    let fetch = environment.fetch
    return [.run { send in await send(.fetched(total: await fetch())) }]
  case let .fetched(total):
    state.isFetching = false
    state.total = total
    return []
  }
}

/// Lines a recorder wrote, in order.
@MainActor
final class RecordedLines {
  var all: [String] = []

  /// A recorder writing here.
  func recorder(snapshotInterval: Int = 1, program: String? = nil) -> Recorder<LedgerState, LedgerAction> {
    Recorder(snapshotInterval: snapshotInterval, program: program) { self.all.append($0) }
  }

  /// The lines as a file holds them.
  var text: String { all.map { $0 + "\n" }.joined() }
}
