import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

// MARK: - combine

struct CombineState: Equatable {
  var count = 0
  var countSeenBySecond: [Int] = []
  var reduced: [CombineAction] = []
}

enum CombineAction: Equatable, Sendable {
  case go, fromFirst, fromSecond, fromThird
}

let combineFirst: Reducer<CombineState, CombineAction, Void> = { value, action, _ in
  guard action == .go else { return [] }
  value.count += 1
  return [.send(.fromFirst)]
}

let combineSecond: Reducer<CombineState, CombineAction, Void> = { value, action, _ in
  guard action == .go else { return [] }
  value.countSeenBySecond.append(value.count)
  value.count *= 10
  return [.send(.fromSecond), .send(.fromThird)]
}

let combineRecorder: Reducer<CombineState, CombineAction, Void> = { value, action, _ in
  value.reduced.append(action)
  return []
}

// MARK: - pullback

struct PullbackChildState: Equatable {
  var count = 0
  var environmentsSeen: [String] = []
}

enum PullbackChildAction: Equatable, Sendable {
  case increment
  case ping
  case pong
}

struct PullbackChildEnvironment {
  let label: String
}

struct PullbackParentState: Equatable {
  var child = PullbackChildState()
  var sibling = PullbackChildState()
  var other = 0
}

enum PullbackParentAction: Equatable, Sendable {
  case child(PullbackChildAction)
  case other

  static let childCase = CasePath(PullbackParentAction.child) { if case .child(let a) = $0 { a } else { nil } }
}

struct PullbackParentEnvironment {
  let childLabel: String
  let number: Int
}

let pullbackChildReducer: Reducer<PullbackChildState, PullbackChildAction, PullbackChildEnvironment> = {
  value, action, environment in
  value.environmentsSeen.append(environment.label)
  switch action {
  case .increment:
    value.count += 1
    return [.send(.pong)]
  case .ping:
    return [.send(.pong)]
  case .pong:
    return []
  }
}

let pulledBackChildReducer: Reducer<PullbackParentState, PullbackParentAction, PullbackParentEnvironment> = pullback(
  pullbackChildReducer,
  value: \PullbackParentState.child,
  action: PullbackParentAction.childCase,
  environment: { PullbackChildEnvironment(label: "\($0.childLabel)#\($0.number)") }
)

/// A parent whose child state is computed, joined from two fields it owns, as PrimeTime's counter screen is.
struct JoinedParentState: Equatable {
  var count = 0
  var environmentsSeen: [String] = []
  var other = 0

  var child: PullbackChildState {
    get { PullbackChildState(count: count, environmentsSeen: environmentsSeen) }
    set {
      count = newValue.count
      environmentsSeen = newValue.environmentsSeen
    }
    _modify {
      var child = PullbackChildState(count: count)
      swap(&child.environmentsSeen, &environmentsSeen)
      defer {
        count = child.count
        swap(&child.environmentsSeen, &environmentsSeen)
      }
      yield &child
    }
  }
}

let joinedChildReducer: Reducer<JoinedParentState, PullbackParentAction, PullbackParentEnvironment> = pullback(
  pullbackChildReducer,
  through: { state, reduce in reduce(&state.child) },
  action: PullbackParentAction.childCase,
  environment: { PullbackChildEnvironment(label: "\($0.childLabel)#\($0.number)") }
)

// MARK: - logging

struct LoggedCounter: Equatable {
  var count = 0
}

enum LoggedAction: Equatable, Sendable {
  case increment
  case rename(String)
}

struct LoggingEnvironment: Sendable {
  let lines = Probe.Log<String>()
}

let loggedReducer: Reducer<LoggedCounter, LoggedAction, LoggingEnvironment> = logging(
  { value, action, environment in
    switch action {
    case .increment:
      value.count += 1
    case .rename:
      break
    }
    return [.fireAndForget { environment.lines.append("reducer's effect") }]
  },
  logger: { environment in { environment.lines.append($0) } }
)

// MARK: - optional

let optionalCounterReducer: Reducer<Int?, PullbackChildAction, Void> = optional { value, action, _ in
  if action == .increment { value += 1 }
  return [.send(.pong)]
}

// MARK: - Tests

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct ReducerTests {
  // MARK: combine

  @Test func combineRunsReducersInOrderOnTheSameState() {
    let combined = combine(combineFirst, combineSecond, combineRecorder)
    var value = CombineState()
    let effects = combined(&value, .go, ())

    // 0 + 1, then * 10: the second reducer saw the first one's mutation.
    #expect(value.count == 10)
    #expect(value.countSeenBySecond == [1])
    #expect(value.reduced == [.go])
    #expect(effects.count == 3)
  }

  @Test func combineKeepsEveryEffectInOrder() {
    let store = Store(
      initialValue: CombineState(),
      reducer: combine(combineFirst, combineSecond, combineRecorder),
      environment: ()
    )
    store.send(.go)
    #expect(store.value.reduced == [.go, .fromFirst, .fromSecond, .fromThird])
    #expect(store.value.count == 10)
  }

  @Test func combineOfReversedReducersSeesTheOtherOrder() {
    var value = CombineState()
    _ = combine(combineSecond, combineFirst)(&value, .go, ())
    #expect(value.count == 1)
    #expect(value.countSeenBySecond == [0])
  }

  @Test func combineOfNoReducersDoesNothing() {
    let combined: Reducer<CombineState, CombineAction, Void> = combine()
    var value = CombineState(count: 3)
    let effects = combined(&value, .go, ())
    #expect(value == CombineState(count: 3))
    #expect(effects.isEmpty)
  }

  // MARK: pullback

  @Test func pullbackIgnoresForeignActions() {
    let environment = PullbackParentEnvironment(childLabel: "env", number: 1)
    let initial = PullbackParentState(
      child: PullbackChildState(count: 5),
      sibling: PullbackChildState(count: 9),
      other: 2
    )
    var value = initial
    let effects = pulledBackChildReducer(&value, .other, environment)
    #expect(value == initial)
    #expect(effects.isEmpty)
  }

  @Test func pullbackChildActionMutatesOnlyTheChildSlice() {
    let environment = PullbackParentEnvironment(childLabel: "env", number: 1)
    let initial = PullbackParentState(
      child: PullbackChildState(count: 5),
      sibling: PullbackChildState(count: 9),
      other: 2
    )
    var value = initial
    let effects = pulledBackChildReducer(&value, .child(.increment), environment)

    var expected = initial
    expected.child.count = 6
    expected.child.environmentsSeen = ["env#1"]
    #expect(value == expected)
    #expect(effects.count == 1)
  }

  @Test func pullbackEmbedsTheChildEffectsActions() {
    let store = Store(
      initialValue: PullbackParentState(),
      reducer: combine(
        pulledBackChildReducer,
        { value, action, _ in
          if action == .other { value.other += 1 }
          return []
        }
      ),
      environment: PullbackParentEnvironment(childLabel: "store", number: 2)
    )
    store.send(.child(.ping))
    // `ping` and the `pong` its effect sent back both reached the child, wrapped in `.child`.
    #expect(store.value.child.environmentsSeen == ["store#2", "store#2"])
    #expect(store.value.child.count == 0)
    store.send(.other)
    #expect(store.value.other == 1)
    #expect(store.value.child.environmentsSeen.count == 2)
  }

  @Test func pullbackGivesTheChildTheEnvironmentSlice() {
    var value = PullbackParentState()
    _ = pulledBackChildReducer(&value, .child(.pong), PullbackParentEnvironment(childLabel: "first", number: 7))
    _ = pulledBackChildReducer(&value, .child(.pong), PullbackParentEnvironment(childLabel: "second", number: 8))
    #expect(value.child.environmentsSeen == ["first#7", "second#8"])
  }

  @Test func pullbackThroughAClosureRunsTheChildOnAComputedStateAndWritesItBack() async {
    await assert(
      initialValue: JoinedParentState(count: 5, other: 2),
      reducer: joinedChildReducer,
      environment: PullbackParentEnvironment(childLabel: "env", number: 1),
      steps:
        Step(.send, .child(.increment)) {
          $0.count = 6
          $0.environmentsSeen = ["env#1"]
        },
        Step(.receive, .child(.pong)) { $0.environmentsSeen = ["env#1", "env#1"] },
        Step(.send, .other)
    )
  }

  @Test func pullbackThroughAClosureChangesTheParentsValuesInPlace() {
    var environmentsSeen = ["a", "b", "c"]
    environmentsSeen.removeLast()
    var value = JoinedParentState(environmentsSeen: consume environmentsSeen)
    let before = value.environmentsSeen.withUnsafeBufferPointer { $0.baseAddress }
    _ = joinedChildReducer(&value, .child(.pong), PullbackParentEnvironment(childLabel: "in place", number: 3))
    // The child appended to the parent's own array, which had room: a copy would have moved it.
    #expect(value.environmentsSeen == ["a", "b", "in place#3"])
    #expect(value.environmentsSeen.withUnsafeBufferPointer { $0.baseAddress } == before)
  }

  @Test func pullbackThroughAComposedCasePathReachesAGrandchild() {
    let grandchild: Reducer<Int, Int, Void> = { value, action, _ in
      value += action
      return []
    }
    let path = CasePathOuter.innerCase .. CasePathInner.countCase
    let reducer: Reducer<Int, CasePathOuter, Void> = pullback(
      grandchild,
      value: \Int.self,
      action: path,
      environment: { $0 }
    )
    var value = 1
    _ = reducer(&value, .inner(.count(10)), ())
    _ = reducer(&value, .inner(.flag(true)), ())
    _ = reducer(&value, .label("x"), ())
    #expect(value == 11)
  }

  // MARK: logging

  @Test func loggingWritesActionValueDumpAndSeparatorThroughTheLogger() {
    let environment = LoggingEnvironment()
    let store = Store(initialValue: LoggedCounter(), reducer: loggedReducer, environment: environment)

    store.send(.increment)

    #expect(
      environment.lines.values == [
        "Action: increment",
        "Value:",
        "▿ ComposableArchitectureTests.LoggedCounter\n  - count: 1",
        "---",
        "reducer's effect",
      ]
    )

    store.send(.rename("Blob"))
    #expect(
      Array(environment.lines.values.dropFirst(5)) == [
        "Action: rename(\"Blob\")",
        "Value:",
        "▿ ComposableArchitectureTests.LoggedCounter\n  - count: 1",
        "---",
        "reducer's effect",
      ]
    )
  }

  @Test func loggingLogsOnlyWhenItsEffectRuns() {
    let environment = LoggingEnvironment()
    var value = LoggedCounter()
    let effects = loggedReducer(&value, .increment, environment)
    #expect(value.count == 1)
    #expect(effects.count == 2)
    #expect(environment.lines.values.isEmpty)
  }

  // MARK: optional

  @Test func optionalRunsTheReducerWhileStateIsPresent() {
    let warnings = Probe.Warnings()
    var value: Int? = 1
    let effects = RuntimeWarning.withHandler(warnings.handler) {
      optionalCounterReducer(&value, .increment, ())
    }
    #expect(value == 2)
    #expect(effects.count == 1)
    #expect(warnings.messages.isEmpty)
  }

  @Test func optionalWarnsAndIgnoresAnActionForNilState() {
    let warnings = Probe.Warnings()
    var value: Int?
    let effects = RuntimeWarning.withHandler(warnings.handler) {
      optionalCounterReducer(&value, .increment, ())
    }
    #expect(value == nil)
    #expect(effects.isEmpty)
    #expect(warnings.messages.count == 1)
    #expect(warnings.messages.first?.contains("increment") == true)
    // The warning points at the `optional` call.
    #expect(warnings.entries.first?.location.hasPrefix("ComposableArchitectureTests/ReducerTests.swift:") == true)
  }
}
