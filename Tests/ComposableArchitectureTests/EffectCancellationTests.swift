import ComposableArchitecture
import Testing

struct CancellationTimerID: Hashable, Sendable {}
struct CancellationOtherTimerID: Hashable, Sendable {}
struct CancellationSearchID: Hashable, Sendable {}

struct CancellationState: Equatable {
  var ticks = 0
  var responses: [String] = []
}

enum CancellationAction: Equatable, Sendable {
  case startTimer
  case stopTimer
  case stopOtherTimer
  case tick
  case search(String)
  case searchWithoutCancelInFlight(String)
  case response(String)
  case startPair
  case syncCancellable
  case throwAfterCancellation
}

/// One long-running effect's progress, as seen from outside.
struct EffectProbe: Sendable {
  let started = Probe.Signal()
  let cancelled = Probe.Signal()
  let finished = Probe.Signal()
}

struct CancellationEnvironment: Sendable {
  let timer = EffectProbe()
  let pairFirst = EffectProbe()
  let pairSecond = EffectProbe()
  let releaseSearches = Probe.Signal()
}

/// A long-running effect: reports it started, waits until cancelled, reports that, then tries to send `tick`.
func longRunningTicker(_ probe: EffectProbe) -> Effect<CancellationAction> {
  .run { send in
    probe.started.open()
    await Probe.untilCancelled()
    probe.cancelled.open()
    await send(.tick)
    probe.finished.open()
  }
}

let cancellationReducer: Reducer<CancellationState, CancellationAction, CancellationEnvironment> = {
  value, action, environment in
  switch action {
  case .startTimer:
    return [longRunningTicker(environment.timer).cancellable(id: CancellationTimerID())]
  case .stopTimer:
    return [.cancel(id: CancellationTimerID())]
  case .stopOtherTimer:
    return [.cancel(id: CancellationOtherTimerID())]
  case .tick:
    value.ticks += 1
    return []
  case .search(let query):
    return [
      Effect.run { send in
        // Ignores cancellation on purpose: only the id's bookkeeping may keep a stale response out.
        await environment.releaseSearches.waitIgnoringCancellation()
        await send(.response(query))
      }
      .cancellable(id: CancellationSearchID(), cancelInFlight: true)
    ]
  case .searchWithoutCancelInFlight(let query):
    return [
      Effect.run { send in
        await environment.releaseSearches.waitIgnoringCancellation()
        await send(.response(query))
      }
      .cancellable(id: CancellationSearchID())
    ]
  case .response(let query):
    value.responses.append(query)
    return []
  case .startPair:
    return [
      Effect.merge(longRunningTicker(environment.pairFirst), longRunningTicker(environment.pairSecond))
        .cancellable(id: CancellationTimerID())
    ]
  case .syncCancellable:
    return [Effect.send(.tick).cancellable(id: CancellationTimerID(), cancelInFlight: true)]
  case .throwAfterCancellation:
    return [
      Effect.run { _ in
        environment.timer.started.open()
        await Probe.untilCancelled()
        environment.timer.cancelled.open()
        throw EffectTestError.diskFull
      }
      .cancellable(id: CancellationTimerID())
    ]
  }
}

// A child feature whose effect is cancellable, pulled back into a parent: the id survives `map`.
enum CancellationParentAction: Equatable, Sendable {
  case child(CancellationAction)
}

let cancellationParentReducer: Reducer<CancellationState, CancellationParentAction, CancellationEnvironment> = pullback(
  cancellationReducer,
  value: \CancellationState.self,
  action: CasePath(CancellationParentAction.child) { if case .child(let a) = $0 { a } else { nil } },
  environment: { $0 }
)

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct EffectCancellationTests {
  let environment = CancellationEnvironment()

  func makeStore(environment: CancellationEnvironment? = nil) -> Store<CancellationState, CancellationAction> {
    Store(initialValue: CancellationState(), reducer: cancellationReducer, environment: environment ?? self.environment)
  }

  @Test func cancelByIDStopsALongRunningEffectAndDropsItsLaterActions() async {
    let warnings = Probe.Warnings()
    let store = makeStore()
    await RuntimeWarning.withHandler(warnings.handler) {
      let task = store.send(.startTimer)
      await environment.timer.started.wait()
      #expect(!environment.timer.cancelled.isOpen)

      store.send(.stopTimer)

      await environment.timer.cancelled.wait()
      await task.finish()
      #expect(environment.timer.finished.isOpen)
      // Cancelled by id, not through its StoreTask.
      #expect(!task.isCancelled)
    }
    // The `tick` it sent after being cancelled was dropped, silently: the store is still alive.
    #expect(store.value.ticks == 0)
    #expect(warnings.messages.isEmpty)
  }

  @Test func cancelInFlightLetsOnlyTheLastRunDeliver() async {
    let store = makeStore()
    let tasks = [store.send(.search("a")), store.send(.search("ab")), store.send(.search("abc"))]

    environment.releaseSearches.open()
    for task in tasks {
      await task.finish()
    }

    #expect(store.value.responses == ["abc"])
  }

  @Test func withoutCancelInFlightEveryRunDelivers() async {
    let store = makeStore()
    let tasks = [
      store.send(.searchWithoutCancelInFlight("a")),
      store.send(.searchWithoutCancelInFlight("ab")),
      store.send(.searchWithoutCancelInFlight("abc")),
    ]

    environment.releaseSearches.open()
    for task in tasks {
      await task.finish()
    }

    #expect(store.value.responses.sorted() == ["a", "ab", "abc"])
  }

  @Test func cancellingAnIDWithNothingRunningIsHarmless() {
    let warnings = Probe.Warnings()
    let store = makeStore()
    RuntimeWarning.withHandler(warnings.handler) {
      store.send(.stopTimer)
      store.send(.tick)
    }
    #expect(store.value.ticks == 1)
    #expect(warnings.messages.isEmpty)
  }

  @Test func anotherIDDoesNotCancel() async {
    let store = makeStore()
    let task = store.send(.startTimer)
    await environment.timer.started.wait()

    store.send(.stopOtherTimer)
    await Probe.yieldALot()
    #expect(!environment.timer.cancelled.isOpen)

    store.send(.stopTimer)
    await environment.timer.cancelled.wait()
    await task.finish()
    #expect(environment.timer.cancelled.isOpen)
  }

  @Test func idsAreScopedToTheStore() async {
    let otherEnvironment = CancellationEnvironment()
    let first = makeStore()
    let second = makeStore(environment: otherEnvironment)
    let firstTask = first.send(.startTimer)
    let secondTask = second.send(.startTimer)
    await environment.timer.started.wait()
    await otherEnvironment.timer.started.wait()

    first.send(.stopTimer)
    await environment.timer.cancelled.wait()
    await firstTask.finish()
    await Probe.yieldALot()
    #expect(!otherEnvironment.timer.cancelled.isOpen)

    second.send(.stopTimer)
    await otherEnvironment.timer.cancelled.wait()
    await secondTask.finish()
    #expect(otherEnvironment.timer.cancelled.isOpen)
  }

  @Test func cancellableMarksEveryMergedRun() async {
    let store = makeStore()
    let task = store.send(.startPair)
    await environment.pairFirst.started.wait()
    await environment.pairSecond.started.wait()

    store.send(.stopTimer)

    await environment.pairFirst.cancelled.wait()
    await environment.pairSecond.cancelled.wait()
    await task.finish()
    #expect(environment.pairFirst.cancelled.isOpen)
    #expect(environment.pairSecond.cancelled.isOpen)
    #expect(store.value.ticks == 0)
  }

  @Test func theCancelIDSurvivesPullback() async {
    let store = Store(
      initialValue: CancellationState(),
      reducer: cancellationParentReducer,
      environment: environment
    )
    let task = store.send(.child(.startTimer))
    await environment.timer.started.wait()

    store.send(.child(.stopTimer))

    await environment.timer.cancelled.wait()
    await task.finish()
    #expect(environment.timer.cancelled.isOpen)
    #expect(store.value.ticks == 0)
  }

  @Test func synchronousWorkIsNotAffectedByCancellable() {
    let store = makeStore()
    store.send(.syncCancellable)
    store.send(.syncCancellable)
    #expect(store.value.ticks == 2)
  }

  @Test func anErrorThrownAfterCancellationIsNotReported() async {
    let warnings = Probe.Warnings()
    let store = makeStore()
    await RuntimeWarning.withHandler(warnings.handler) {
      let task = store.send(.throwAfterCancellation)
      await environment.timer.started.wait()
      store.send(.stopTimer)
      await environment.timer.cancelled.wait()
      await task.finish()
    }
    #expect(environment.timer.cancelled.isOpen)
    #expect(warnings.messages.isEmpty)
  }
}
