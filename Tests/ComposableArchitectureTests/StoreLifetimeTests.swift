import ComposableArchitecture
import Testing

enum LifetimeAction: Equatable, Sendable {
  case startLong
  case startStubborn
  case startDetached
  case increment
  case child(LifetimeChildAction)
}

enum LifetimeChildAction: Equatable, Sendable {
  case increment
  case startLong
}

struct LifetimeEnvironment: Sendable {
  let long = EffectProbe()
  let stubbornStarted = Probe.Signal()
  let releaseStubborn = Probe.Signal()
  let stubbornSent = Probe.Signal()
}

/// The line of the `.run` call in `detachedSenderEffect`, which a warning about it names.
let detachedSenderRunLine: UInt = #line + 15

/// An effect that ignores cancellation: it waits for `releaseStubborn`, then sends `increment` regardless.
func stubbornEffect(_ environment: LifetimeEnvironment) -> Effect<LifetimeAction> {
  .run { send in
    environment.stubbornStarted.open()
    await environment.releaseStubborn.waitIgnoringCancellation()
    await send(.increment)
    environment.stubbornSent.open()
  }
}

/// An effect that hands `send` to a task of its own, which no cancellation reaches, and ends: that task
/// waits for `releaseStubborn`, then sends `increment`.
func detachedSenderEffect(_ environment: LifetimeEnvironment) -> Effect<LifetimeAction> {
  .run { send in
    environment.stubbornStarted.open()
    Task {
      await environment.releaseStubborn.waitIgnoringCancellation()
      await send(.increment)
      environment.stubbornSent.open()
    }
  }
}

let lifetimeReducer: Reducer<Int, LifetimeAction, LifetimeEnvironment> = { value, action, environment in
  switch action {
  case .startLong, .child(.startLong):
    return [
      .run { send in
        environment.long.started.open()
        await Probe.untilCancelled()
        environment.long.cancelled.open()
        await send(.increment)
        environment.long.finished.open()
      }
    ]
  case .startStubborn:
    return [stubbornEffect(environment)]
  case .startDetached:
    return [detachedSenderEffect(environment)]
  case .increment, .child(.increment):
    value += 1
    return []
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct StoreLifetimeTests {
  let environment = LifetimeEnvironment()

  func makeStore() -> Store<Int, LifetimeAction> {
    Store(initialValue: 0, reducer: lifetimeReducer, environment: environment)
  }

  @Test func releasingTheRootStoreFreesItAndCancelsItsEffects() async {
    let warnings = Probe.Warnings()
    await RuntimeWarning.withHandler(warnings.handler) {
      var store: Store<Int, LifetimeAction>? = makeStore()
      weak let weakStore = store
      // Neither the task, nor an observation, nor the running effect may keep the store alive.
      let task = store?.send(.startLong)
      let observation = store?.observe { _ in }
      await environment.long.started.wait()
      #expect(weakStore != nil)
      #expect(!environment.long.cancelled.isOpen)

      store = nil

      #expect(weakStore == nil)
      await environment.long.cancelled.wait()
      #expect(environment.long.cancelled.isOpen)
      await task?.finish()
      observation?.cancel()  // harmless once the store is gone
    }
    // Once cancelled, the effect still tried to send: the action of an effect its store cancelled is
    // dropped without a word (the store ended it on purpose), and nothing crashes.
    #expect(environment.long.finished.isOpen)
    #expect(warnings.messages.isEmpty)
  }

  @Test func scopedStoresKeepTheRootAliveUntilTheyGoToo() async {
    let warnings = Probe.Warnings()
    await RuntimeWarning.withHandler(warnings.handler) {
      var root: Store<Int, LifetimeAction>? = makeStore()
      weak let weakRoot = root
      var child = root?.scope(value: { $0 }, action: LifetimeAction.child)
      weak let weakChild = child
      var grandchild = child?.scope(value: { $0 * 10 }, action: { $0 })
      weak let weakGrandchild = grandchild

      let task = grandchild?.send(.startLong)
      await environment.long.started.wait()

      root = nil
      child = nil
      #expect(weakRoot != nil)
      #expect(weakChild != nil)
      // The store still works through the scoped store that is left, and its effect still runs.
      grandchild?.send(.increment)
      #expect(grandchild?.value == 10)
      await Probe.yieldALot()
      #expect(!environment.long.cancelled.isOpen)

      grandchild = nil

      #expect(weakGrandchild == nil)
      #expect(weakChild == nil)
      #expect(weakRoot == nil)
      await environment.long.cancelled.wait()
      #expect(environment.long.cancelled.isOpen)
      await task?.finish()
    }
    #expect(warnings.messages.isEmpty)
  }

  @Test func aCancelledEffectThatSendsAfterTheStoreIsGoneIsDroppedSilently() async {
    let warnings = Probe.Warnings()
    await RuntimeWarning.withHandler(warnings.handler) {
      var store: Store<Int, LifetimeAction>? = makeStore()
      store?.send(.startStubborn)
      await environment.stubbornStarted.wait()
      store = nil
      environment.releaseStubborn.open()
      await environment.stubbornSent.wait()
    }
    #expect(environment.stubbornSent.isOpen)
    #expect(warnings.messages.isEmpty)
  }

  @Test func aSendFromOutsideAnyEffectAfterTheStoreIsGoneWarns() async {
    let warnings = Probe.Warnings()
    await RuntimeWarning.withHandler(warnings.handler) {
      var store: Store<Int, LifetimeAction>? = makeStore()
      weak let weakStore = store
      store?.send(.startDetached)
      await environment.stubbornStarted.wait()

      store = nil
      #expect(weakStore == nil)

      environment.releaseStubborn.open()
      await environment.stubbornSent.wait()
    }
    #expect(environment.stubbornSent.isOpen)
    #expect(warnings.messages.count == 1)
    #expect(warnings.messages.first?.contains("increment") == true)
    #expect(warnings.messages.first?.contains("torn down") == true)
    #expect(
      warnings.entries.first?.location == "ComposableArchitectureTests/StoreLifetimeTests.swift:\(detachedSenderRunLine)"
    )
  }

  @Test func anEffectThatSendsWhileTheStoreIsAliveDoesNotWarn() async {
    let warnings = Probe.Warnings()
    let store = makeStore()
    await RuntimeWarning.withHandler(warnings.handler) {
      let task = store.send(.startStubborn)
      environment.releaseStubborn.open()
      await task.finish()
    }
    #expect(store.value == 1)
    #expect(warnings.messages.isEmpty)
  }

  @Test func anObserverThatCapturesTheStoreWeaklyDoesNotKeepItAlive() {
    var store: Store<Int, LifetimeAction>? = makeStore()
    weak let weakStore = store
    var seen: [Int] = []
    let observation = store?.observe { [weak store] value in
      seen.append(value)
      _ = store
    }
    store?.send(.increment)

    store = nil

    #expect(weakStore == nil)
    #expect(seen == [0, 1])
    observation?.cancel()
  }

  @Test func aStoreWithoutEffectsIsFreedToo() {
    var store: Store<Int, LifetimeAction>? = makeStore()
    weak let weakStore = store
    store?.send(.increment)
    #expect(store?.value == 1)

    store = nil

    #expect(weakStore == nil)
  }
}
