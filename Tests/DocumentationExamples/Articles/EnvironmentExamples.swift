import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

// The examples of EnvironmentAndPullback.md, compiled and run.

// MARK: A feature with an environment

struct TallyState: Equatable {
  var count = 0
  var nthPrime: Int?
}

enum TallyAction: Equatable, Sendable {
  case countChanged(Int)
  case nthPrimeButtonTapped
  case nthPrimeResponse(Int?)
}

struct TallyEnvironment: Sendable {
  var nthPrime: @Sendable (Int) async -> Int?
}

let tallyReducer: Reducer<TallyState, TallyAction, TallyEnvironment> = { state, action, environment in
  switch action {
  case let .countChanged(count):
    state.count = count
    state.nthPrime = nil
    return []
  case .nthPrimeButtonTapped:
    let count = state.count
    return [
      .run { send in
        await send(.nthPrimeResponse(await environment.nthPrime(count)))
      }
    ]
  case let .nthPrimeResponse(prime):
    state.nthPrime = prime
    return []
  }
}

// MARK: A parent, and pullback with a slice of its environment

struct ShelfState: Equatable {
  var tally = TallyState()
  var notes: [String] = []
}

enum ShelfAction: Equatable, Sendable {
  case noteAdded(String)
  case tally(TallyAction)

  static let tallyCase = CasePath(ShelfAction.tally) { if case .tally(let action) = $0 { action } else { nil } }
}

struct ShelfEnvironment: Sendable {
  var nthPrime: @Sendable (Int) async -> Int?
  var log: @Sendable (String) -> Void
}

let notesReducer: Reducer<ShelfState, ShelfAction, ShelfEnvironment> = { state, action, _ in
  if case let .noteAdded(note) = action {
    state.notes.append(note)
  }
  return []
}

let shelfReducer: Reducer<ShelfState, ShelfAction, ShelfEnvironment> = combine(
  pullback(tallyReducer, value: \ShelfState.tally, action: ShelfAction.tallyCase, environment: {
    TallyEnvironment(nthPrime: $0.nthPrime)
  }),
  notesReducer
)

// MARK: A child state the parent computes

enum DeskAction: Equatable, Sendable {
  case shelf(ShelfAction)

  static let shelfCase = CasePath(DeskAction.shelf) { if case .shelf(let action) = $0 { action } else { nil } }
}

struct DeskState: Equatable {
  var count = 0
  var nthPrime: Int?
  var notes: [String] = []

  /// The shelf's view of the desk: its count and answer as the tally, and its notes.
  var shelf: ShelfState {
    get { ShelfState(tally: TallyState(count: count, nthPrime: nthPrime), notes: notes) }
    set {
      (count, nthPrime, notes) = (newValue.tally.count, newValue.tally.nthPrime, newValue.notes)
    }
  }
}

let deskReducer: Reducer<DeskState, DeskAction, ShelfEnvironment> = pullback(
  shelfReducer,
  through: { desk, reduce in reduce(&desk.shelf) },
  action: DeskAction.shelfCase,
  environment: { $0 }
)

// MARK: Higher-order reducers read the environment too

let loggedShelfReducer = logging(shelfReducer, logger: { environment in environment.log })

// MARK: Tests

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct EnvironmentExampleTests {
  @Test func theTallyAsksItsEnvironmentForTheNthPrime() async {
    await assert(
      initialValue: TallyState(count: 6),
      reducer: tallyReducer,
      environment: TallyEnvironment(nthPrime: { _ in 13 }),
      steps:
        Step(.send, .nthPrimeButtonTapped),
        Step(.receive, .nthPrimeResponse(13)) { $0.nthPrime = 13 }
    )
  }

  @Test func theShelfRunsTheTallyWithItsSliceOfTheEnvironment() async {
    await assert(
      initialValue: ShelfState(),
      reducer: shelfReducer,
      environment: ShelfEnvironment(nthPrime: { n in n == 1 ? 2 : nil }, log: { _ in }),
      steps:
        Step(.send, .tally(.countChanged(1))) { $0.tally.count = 1 },
        Step(.send, .tally(.nthPrimeButtonTapped)),
        Step(.receive, .tally(.nthPrimeResponse(2))) { $0.tally.nthPrime = 2 },
        Step(.send, .noteAdded("2 is the first prime")) { $0.notes = ["2 is the first prime"] }
    )
  }

  @Test func theDeskRunsTheShelfOnTheViewItComputes() async {
    await assert(
      initialValue: DeskState(count: 1),
      reducer: deskReducer,
      environment: ShelfEnvironment(nthPrime: { n in n == 1 ? 2 : nil }, log: { _ in }),
      steps:
        Step(.send, .shelf(.tally(.nthPrimeButtonTapped))),
        Step(.receive, .shelf(.tally(.nthPrimeResponse(2)))) { $0.nthPrime = 2 },
        Step(.send, .shelf(.noteAdded("2 is the first prime"))) { $0.notes = ["2 is the first prime"] }
    )
  }

  @Test func theLoggedShelfWritesEachActionThroughItsEnvironment() async {
    let lines = CallLog<String>()
    await assert(
      initialValue: ShelfState(),
      reducer: loggedShelfReducer,
      environment: ShelfEnvironment(nthPrime: { _ in nil }, log: { lines.append($0) }),
      steps:
        Step(.send, .noteAdded("hello")) { $0.notes = ["hello"] }
    )
    #expect(lines.values.first == #"Action: noteAdded("hello")"#)
    #expect(lines.values.last == "---")
  }
}
