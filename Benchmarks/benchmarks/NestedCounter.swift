import ComposableArchitecture

// A counter three features deep, declared the way a feature module would declare it: state and action types,
// one case path per action case, and reducers as global constants. Each level combines its child's reducer,
// pulled back along a key path and a case path, with a reducer of its own that ignores the child's actions.
// Sending `.level1(.level2(.counter(.increment)))` to the root therefore goes through 3 pullbacks and 3
// combines before it reaches `counterReducer`.

// MARK: Counter (the leaf)

struct CounterState: Equatable, Sendable {
  var count = 0
}

enum CounterAction: Equatable, Sendable {
  case increment
  case decrement
}

let counterReducer: Reducer<CounterState, CounterAction, Void> = { state, action, _ in
  switch action {
  case .increment:
    state.count += 1
  case .decrement:
    state.count -= 1
  }
  return []
}

// MARK: Level 2

struct Level2State: Equatable, Sendable {
  var counter = CounterState()
  var isFavorite = false
}

enum Level2Action: Equatable, Sendable {
  case counter(CounterAction)
  case toggleFavorite

  static let counterCase = CasePath(Level2Action.counter) { if case .counter(let a) = $0 { a } else { nil } }
}

/// The level's own reducer: acts on `.toggleFavorite` only.
let level2SiblingReducer: Reducer<Level2State, Level2Action, Void> = { state, action, _ in
  if case .toggleFavorite = action {
    state.isFavorite.toggle()
  }
  return []
}

let level2Reducer: Reducer<Level2State, Level2Action, Void> = combine(
  pullback(counterReducer, value: \Level2State.counter, action: Level2Action.counterCase, environment: { $0 }),
  level2SiblingReducer
)

// MARK: Level 1

struct Level1State: Equatable, Sendable {
  var level2 = Level2State()
  var refreshCount = 0
}

enum Level1Action: Equatable, Sendable {
  case level2(Level2Action)
  case refresh

  static let level2Case = CasePath(Level1Action.level2) { if case .level2(let a) = $0 { a } else { nil } }
}

/// The level's own reducer: acts on `.refresh` only.
let level1SiblingReducer: Reducer<Level1State, Level1Action, Void> = { state, action, _ in
  if case .refresh = action {
    state.refreshCount += 1
  }
  return []
}

let level1Reducer: Reducer<Level1State, Level1Action, Void> = combine(
  pullback(level2Reducer, value: \Level1State.level2, action: Level1Action.level2Case, environment: { $0 }),
  level1SiblingReducer
)

// MARK: Root

struct RootState: Equatable, Sendable {
  var level1 = Level1State()
  var isLoggedIn = false
}

enum RootAction: Equatable, Sendable {
  case level1(Level1Action)
  case logOut

  static let level1Case = CasePath(RootAction.level1) { if case .level1(let a) = $0 { a } else { nil } }

  /// The action the depth-3 benchmarks send: an increment of the counter three levels down.
  static let incrementCounter = RootAction.level1(.level2(.counter(.increment)))
}

/// The root's own reducer: acts on `.logOut` only.
let rootSiblingReducer: Reducer<RootState, RootAction, Void> = { state, action, _ in
  if case .logOut = action {
    state.isLoggedIn = false
  }
  return []
}

let rootReducer: Reducer<RootState, RootAction, Void> = combine(
  pullback(level1Reducer, value: \RootState.level1, action: RootAction.level1Case, environment: { $0 }),
  rootSiblingReducer
)

// MARK: Baseline

/// What `rootReducer` does, written as one plain function over the same state: the cost floor for the
/// benchmarks that send through a store.
///
/// Not inlined, like the reducer the store calls, so the optimiser cannot merge repeated calls in a loop.
@inline(never)
func baselineReduce(_ state: inout RootState, _ action: RootAction) {
  switch action {
  case .level1(let level1Action):
    switch level1Action {
    case .level2(let level2Action):
      switch level2Action {
      case .counter(.increment):
        state.level1.level2.counter.count += 1
      case .counter(.decrement):
        state.level1.level2.counter.count -= 1
      case .toggleFavorite:
        state.level1.level2.isFavorite.toggle()
      }
    case .refresh:
      state.level1.refreshCount += 1
    }
  case .logOut:
    state.isLoggedIn = false
  }
}
