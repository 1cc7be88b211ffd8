import ComposableArchitecture
import Synchronization
import Testing

// MARK: - Probes shared by the behaviour tests of this target

/// Small `Sendable` tools the behaviour tests use to watch effects and runtime warnings without sleeping.
enum Probe {
  /// An append-only, thread-safe list, for recording what happened and in which order.
  final class Log<Element: Sendable>: Sendable {
    private let storage = Mutex<[Element]>([])

    init() {}

    func append(_ element: Element) {
      storage.withLock { $0.append(element) }
    }

    var values: [Element] {
      storage.withLock { $0 }
    }
  }

  /// A one-shot signal: `wait()` suspends until `open()` has been called (before or after the wait).
  final class Signal: Sendable {
    private struct State {
      var isOpen = false
      var nextWaiterID = 0
      var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    init() {}

    var isOpen: Bool {
      state.withLock { $0.isOpen }
    }

    func open() {
      let waiters = state.withLock { state in
        state.isOpen = true
        let waiters = state.waiters
        state.waiters = [:]
        return waiters
      }
      for waiter in waiters.values {
        waiter.resume()
      }
    }

    /// Suspends until the signal is open, or until the waiting task is cancelled (so that a test that hits
    /// its time limit ends instead of hanging).
    func wait() async {
      let id = state.withLock { state in
        defer { state.nextWaiterID += 1 }
        return state.nextWaiterID
      }
      await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
          let resumeNow = state.withLock { state in
            if state.isOpen || Task.isCancelled { return true }
            state.waiters[id] = continuation
            return false
          }
          if resumeNow { continuation.resume() }
        }
      } onCancel: {
        let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
        waiter?.resume()
      }
    }

    /// Suspends until the signal is open, whether or not the waiting task is cancelled: for effects that
    /// must outlive their own cancellation.
    func waitIgnoringCancellation() async {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = state.withLock { state in
          if state.isOpen { return true }
          let id = state.nextWaiterID
          state.nextWaiterID += 1
          state.waiters[id] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    }
  }

  /// Collects the runtime warnings reported while its `handler` is installed with
  /// `RuntimeWarning.withHandler(warnings.handler) { ... }`.
  final class Warnings: Sendable {
    struct Entry: Sendable {
      let message: String
      let location: String
    }

    private let log = Log<Entry>()

    init() {}

    var entries: [Entry] { log.values }
    var messages: [String] { log.values.map(\.message) }

    var handler: @Sendable (String, ComposableArchitecture.SourceLocation?) -> Void {
      { [log] message, location in
        log.append(Entry(message: message, location: location?.description ?? ""))
      }
    }
  }

  /// Suspends until the current task is cancelled; returns at once if it already is.
  static func untilCancelled() async {
    let cancelled = Signal()
    await withTaskCancellationHandler {
      await cancelled.waitIgnoringCancellation()
    } onCancel: {
      cancelled.open()
    }
  }

  /// Lets other ready tasks run for a while. Only ever used before asserting that something did NOT
  /// happen, so a slow machine can at worst hide a bug, never fail a correct library.
  static func yieldALot() async {
    for _ in 0..<50 {
      await Task.yield()
    }
  }
}

// MARK: - Domain

enum StoreTestAction: Equatable, Sendable {
  case increment
  case noop
  case incrementLater
  case fifoStart, first, second, fromFirst, fromSecond
  case load, syncLoaded, loaded(Int), echo(Int)
  case countdown(Int)
  case chainStart, chainStep1, chainStep2
  case long, afterCancel
  case longChainStart, longChainStep
}

struct StoreTestState: Equatable {
  var count = 0
  var reduced: [StoreTestAction] = []
  var countdownSteps = 0
  var lastCountdown: Int?
}

struct StoreTestEnvironment: Sendable {
  let log = Probe.Log<String>()
  let started = Probe.Signal()
  let cancelled = Probe.Signal()
  let secondStarted = Probe.Signal()
  let releaseSecond = Probe.Signal()
}

let storeTestReducer: Reducer<StoreTestState, StoreTestAction, StoreTestEnvironment> = { value, action, env in
  if case .countdown(let n) = action {
    // Kept out of `reduced` so that a 100,000-step chain stays cheap.
    value.countdownSteps += 1
    value.lastCountdown = n
    return n == 0 ? [] : [.send(.countdown(n - 1))]
  }
  value.reduced.append(action)
  env.log.append("reduce \(action)")
  switch action {
  case .increment:
    value.count += 1
    return []
  case .noop:
    return []
  case .incrementLater:
    return [.run { send in await send(.increment) }]

  case .fifoStart:
    return [
      .send(.first),
      .fireAndForget { env.log.append("fire-and-forget of fifoStart") },
      .send(.second),
    ]
  case .first:
    return [.send(.fromFirst)]
  case .second:
    return [
      .sync {
        env.log.append("sync effect of second")
        return .fromSecond
      }
    ]
  case .fromFirst, .fromSecond:
    return []

  case .load:
    return [
      .run { send in
        for n in 1...3 {
          await send(.loaded(n))
          env.log.append("send(.loaded(\(n))) returned")
        }
      },
      .send(.syncLoaded),
    ]
  case .syncLoaded:
    return []
  case .loaded(let n):
    return [.send(.echo(n))]
  case .echo:
    return []

  case .countdown:
    return []

  case .chainStart:
    return [.run { send in await send(.chainStep1) }]
  case .chainStep1:
    return [
      .run { send in
        env.secondStarted.open()
        await env.releaseSecond.wait()
        await send(.chainStep2)
      }
    ]
  case .chainStep2:
    return []

  case .long:
    return [
      .run { send in
        env.started.open()
        await Probe.untilCancelled()
        env.cancelled.open()
        await send(.afterCancel)
      }
    ]
  case .afterCancel:
    return []

  case .longChainStart:
    return [.run { send in await send(.longChainStep) }]
  case .longChainStep:
    return [.send(.long)]
  }
}

// MARK: - Tests

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct StoreTests {
  let env = StoreTestEnvironment()

  func makeStore() -> Store<StoreTestState, StoreTestAction> {
    Store(initialValue: StoreTestState(), reducer: storeTestReducer, environment: env)
  }

  // MARK: send and feedback

  @Test func sendReducesSynchronously() {
    let store = makeStore()
    #expect(store.value.count == 0)
    store.send(.increment)
    #expect(store.value.count == 1)
    store.send(.increment)
    #expect(store.value.count == 2)
    #expect(store.value.reduced == [.increment, .increment])
  }

  @Test func syncEffectActionsAreFedBackFirstInFirstOut() {
    let store = makeStore()
    store.send(.fifoStart)

    // Breadth first: `first`'s own action waits behind `second`, which `fifoStart` queued earlier.
    #expect(store.value.reduced == [.fifoStart, .first, .second, .fromFirst, .fromSecond])
    // Every effect of `fifoStart` ran before `first` (queued by its first effect) was reduced.
    #expect(
      env.log.values == [
        "reduce fifoStart",
        "fire-and-forget of fifoStart",
        "reduce first",
        "reduce second",
        "sync effect of second",
        "reduce fromFirst",
        "reduce fromSecond",
      ]
    )
  }

  @Test func asyncEffectActionsAreFedBackInOrderAndReducedBeforeSendReturns() async {
    let store = makeStore()
    let task = store.send(.load)
    // The synchronous effect is handled within `send`; the asynchronous one has not delivered yet.
    #expect(store.value.reduced == [.load, .syncLoaded])

    await task.finish()

    #expect(
      store.value.reduced == [.load, .syncLoaded, .loaded(1), .echo(1), .loaded(2), .echo(2), .loaded(3), .echo(3)]
    )
    // `await send(...)` returns only once the action and the actions its synchronous effects queued are reduced.
    #expect(
      env.log.values == [
        "reduce load",
        "reduce syncLoaded",
        "reduce loaded(1)",
        "reduce echo(1)",
        "send(.loaded(1)) returned",
        "reduce loaded(2)",
        "reduce echo(2)",
        "send(.loaded(2)) returned",
        "reduce loaded(3)",
        "reduce echo(3)",
        "send(.loaded(3)) returned",
      ]
    )
  }

  @Test func aChainOf100000SynchronousEffectActionsCompletes() {
    let store = makeStore()
    var notifications = 0
    let observation = store.observe { _ in notifications += 1 }

    store.send(.countdown(100_000))

    #expect(store.value.countdownSteps == 100_001)
    #expect(store.value.lastCountdown == 0)
    // The observer hears about the whole chain once, not once per action.
    #expect(notifications == 2)
    observation.cancel()
  }

  // MARK: StoreTask

  @Test func aSendWithoutAsynchronousEffectsGivesAFinishedTask() async {
    let store = makeStore()
    let task = store.send(.fifoStart)
    await task.finish()
    #expect(!task.isCancelled)
    #expect(store.value.reduced.count == 5)
    // Nothing to cancel: cancelling is harmless and the task does not report being cancelled.
    task.cancel()
    #expect(!task.isCancelled)
    #expect(store.value.reduced.count == 5)
  }

  @Test func finishWaitsForTheWholeChainOfEffects() async {
    let store = makeStore()
    let task = store.send(.chainStart)
    let finished = Probe.Signal()
    Task {
      await task.finish()
      finished.open()
    }

    await env.secondStarted.wait()
    await Probe.yieldALot()
    // The second effect (started by an action the first one sent) is still waiting, so finish must be too.
    #expect(!finished.isOpen)
    #expect(store.value.reduced == [.chainStart, .chainStep1])

    env.releaseSecond.open()
    await finished.wait()
    #expect(finished.isOpen)
    #expect(store.value.reduced == [.chainStart, .chainStep1, .chainStep2])
  }

  /// `finish()` runs on its caller's actor: awaited off the main actor, it waits all the same.
  @Test func finishAwaitedOffTheMainActorWaitsForTheWholeChainOfEffects() async {
    let store = makeStore()
    let task = store.send(.chainStart)
    let finished = Probe.Signal()
    Task.detached {
      await task.finish()
      finished.open()
    }

    await env.secondStarted.wait()
    await Probe.yieldALot()
    #expect(!finished.isOpen)

    env.releaseSecond.open()
    await finished.wait()
    #expect(store.value.reduced == [.chainStart, .chainStep1, .chainStep2])
  }

  @Test func cancelStopsTheEffectsOfTheSendAndDropsTheirLaterActions() async {
    let store = makeStore()
    let task = store.send(.long)
    await env.started.wait()
    #expect(!task.isCancelled)

    task.cancel()

    #expect(task.isCancelled)
    await env.cancelled.wait()
    #expect(env.cancelled.isOpen)
    await task.finish()
    // The effect tried to send `afterCancel` once cancelled; that action was dropped.
    #expect(store.value.reduced == [.long])
  }

  @Test func cancelReachesEffectsStartedLaterInTheChain() async {
    let store = makeStore()
    let task = store.send(.longChainStart)
    // `longChainStart`'s effect sends `longChainStep`, which queues `long`, whose effect runs until cancelled.
    await env.started.wait()
    #expect(store.value.reduced == [.longChainStart, .longChainStep, .long])

    task.cancel()

    await env.cancelled.wait()
    #expect(env.cancelled.isOpen)
    await task.finish()
    #expect(!store.value.reduced.contains(.afterCancel))
  }

  @Test func cancellingTheTaskThatAwaitsFinishCancelsTheEffects() async {
    let store = makeStore()
    let waiterDone = Probe.Signal()
    let waiter = Task {
      await store.send(.long).finish()
      waiterDone.open()
    }
    await env.started.wait()

    waiter.cancel()

    await env.cancelled.wait()
    #expect(env.cancelled.isOpen)
    await waiterDone.wait()
    #expect(waiterDone.isOpen)
    #expect(store.value.reduced == [.long])
  }

  // MARK: Observation

  @Test func observeIsCalledAtOnceAndAfterEverySendIncludingAsyncEffectActions() async {
    let store = makeStore()
    var seen: [Int] = []
    let observation = store.observe { seen.append($0.count) }
    #expect(seen == [0])

    store.send(.increment)
    #expect(seen == [0, 1])

    store.send(.noop)
    #expect(seen == [0, 1, 1])

    await store.send(.incrementLater).finish()
    // Once after `incrementLater` itself, once after the `increment` its effect sent back.
    #expect(seen == [0, 1, 1, 1, 2])
    observation.cancel()
  }

  @Test func observeWithRemoveDuplicatesSkipsEqualValues() async {
    let store = makeStore()
    var seen: [Int] = []
    let observation = store.observe(removeDuplicates: { $0.count == $1.count }) { seen.append($0.count) }
    #expect(seen == [0])

    store.send(.noop)
    store.send(.noop)
    #expect(seen == [0])

    store.send(.increment)
    store.send(.noop)
    #expect(seen == [0, 1])

    await store.send(.incrementLater).finish()
    #expect(seen == [0, 1, 2])
    observation.cancel()
  }

  @Test func cancelledObservationIsNoLongerCalled() async {
    let store = makeStore()
    var seen: [Int] = []
    var other: [Int] = []
    let observation = store.observe { seen.append($0.count) }
    let otherObservation = store.observe { other.append($0.count) }
    store.send(.increment)

    observation.cancel()
    store.send(.increment)
    await store.send(.incrementLater).finish()
    observation.cancel()  // a second cancel does nothing

    #expect(seen == [0, 1])
    #expect(other == [0, 1, 2, 2, 3])
    otherObservation.cancel()
  }

  // MARK: Misuse

  @Test func anActionForAbsentOptionalStateWarnsAndIsIgnored() {
    let warnings = Probe.Warnings()
    let store = Store(
      initialValue: OptionalParentState(child: nil, bumps: 0),
      reducer: optionalParentReducer,
      environment: ()
    )

    RuntimeWarning.withHandler(warnings.handler) {
      store.send(.child(.increment))
      store.send(.bump)
    }

    #expect(store.value == OptionalParentState(child: nil, bumps: 1))
    #expect(warnings.messages.count == 1)
    #expect(warnings.messages.first?.contains("increment") == true)
    #expect(warnings.entries.first?.location.hasPrefix("ComposableArchitectureTests/StoreTests.swift:") == true)

    // Once the state is present the same action is handled, without a warning.
    RuntimeWarning.withHandler(warnings.handler) {
      store.send(.present)
      store.send(.child(.increment))
    }
    #expect(store.value == OptionalParentState(child: 1, bumps: 1))
    #expect(warnings.messages.count == 1)
  }
}

struct OptionalParentState: Equatable {
  var child: Int?
  var bumps: Int
}

enum OptionalParentAction: Equatable, Sendable {
  case child(StoreTestAction)
  case present
  case bump
}

let optionalParentReducer: Reducer<OptionalParentState, OptionalParentAction, Void> = combine(
  pullback(
    optional({ (count: inout Int, action: StoreTestAction, _: Void) -> [Effect<StoreTestAction>] in
      if action == .increment { count += 1 }
      return []
    }),
    value: \OptionalParentState.child,
    action: CasePath(OptionalParentAction.child) { if case .child(let a) = $0 { a } else { nil } },
    environment: { $0 }
  ),
  { value, action, _ in
    switch action {
    case .child: break
    case .present: value.child = 0
    case .bump: value.bumps += 1
    }
    return []
  }
)
