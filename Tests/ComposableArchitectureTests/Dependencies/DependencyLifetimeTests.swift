import ComposableArchitecture
import Dispatch
import Testing

/// A feature whose effects read a dependency after the reduce that created them has returned.
struct DepEffectFeature: ReducerProtocol, Sendable {
  struct State: Equatable {
    var seen: [String] = []
  }

  enum Action: Equatable, Sendable {
    case read
    case runLater
    case fireAndForget
    case sync
    case record(String)
  }

  /// The `.run` effect waits for it, so it reads its dependency well after `send` returned.
  let gate: Probe.Signal
  let log: Probe.Log<String>
  @Dependency(\.depLabel) var label

  init(gate: Probe.Signal = Probe.Signal(), log: Probe.Log<String> = Probe.Log()) {
    self.gate = gate
    self.log = log
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .read:
      state.seen.append("reduce \(label)")
      return .none
    case .runLater:
      return .run { send in
        await gate.wait()
        await send(.record("run \(label)"))
      }
    case .fireAndForget:
      return .fireAndForget { log.append("fireAndForget \(label)") }
    case .sync:
      return .sync { .record("sync \(label)") }
    case let .record(entry):
      state.seen.append(entry)
      return .none
    }
  }
}

/// How long overrides live: in effects, in stores, in tasks, and across escaping closures.
@Suite(.timeLimit(.minutes(1)))
struct DependencyLifetimeTests {
  // MARK: Effects

  @MainActor
  @Test func aRunEffectExecutingAfterReduceReturnedSeesTheOperatorsOverride() async {
    let feature = DepEffectFeature()
    let store = Store(initialState: DepEffectFeature.State(), reducer: feature.dependency(\.depLabel, "overridden"))

    let task = store.send(.runLater)
    // The reduce has returned and the effect is still waiting.
    #expect(store.value.seen == [])
    #expect(DependencyValues.current.depLabel == "default")
    feature.gate.open()
    await task.finish()

    #expect(store.value.seen == ["run overridden"])
  }

  @MainActor
  @Test func aFireAndForgetEffectSeesTheOperatorsOverride() {
    let feature = DepEffectFeature()
    let store = Store(initialState: DepEffectFeature.State(), reducer: feature.dependency(\.depLabel, "overridden"))

    store.send(.fireAndForget)

    #expect(feature.log.values == ["fireAndForget overridden"])
  }

  @MainActor
  @Test func aSyncEffectSeesTheOperatorsOverride() {
    let store = Store(
      initialState: DepEffectFeature.State(),
      reducer: DepEffectFeature().dependency(\.depLabel, "overridden")
    )

    store.send(.sync)

    #expect(store.value.seen == ["sync overridden"])
  }

  // MARK: Stores

  @MainActor
  @Test func aStoreKeepsItsCreationTimeOverridesForLaterSends() async {
    // The reducer is made outside any scope, so only the store can carry the override.
    let feature = DepEffectFeature()
    let store = Store(initialState: DepEffectFeature.State(), reducer: feature) {
      $0.depLabel = "store"
    }

    store.send(.read)
    store.send(.sync)
    store.send(.fireAndForget)
    let task = store.send(.runLater)
    feature.gate.open()
    await task.finish()

    #expect(store.value.seen == ["reduce store", "sync store", "run store"])
    #expect(feature.log.values == ["fireAndForget store"])
    #expect(DependencyValues.current.depLabel == "default")
  }

  @MainActor
  @Test func aStoreMadeInsideWithDependenciesKeepsThatScopesOverrides() async {
    let feature = DepEffectFeature()
    let store = withDependencies {
      $0.depLabel = "scope"
    } operation: {
      Store(initialState: DepEffectFeature.State(), reducer: feature)
    }

    store.send(.read)
    let task = store.send(.runLater)
    feature.gate.open()
    await task.finish()

    #expect(store.value.seen == ["reduce scope", "run scope"])
  }

  @MainActor
  @Test func overridesAroundALaterSendReachNeitherTheReduceNorItsEffects() async {
    let feature = DepEffectFeature()
    let store = Store(initialState: DepEffectFeature.State(), reducer: feature) {
      $0.depLabel = "store"
      $0.depNumber = 1
    }

    let task = withDependencies {
      $0.depLabel = "around"
    } operation: {
      store.send(.read)
      return store.send(.runLater)
    }
    feature.gate.open()
    await task.finish()
    store.send(.read)

    #expect(store.value.seen == ["reduce store", "run store", "reduce store"])
  }

  @MainActor
  @Test func aSendUnderOtherOverridesIsReducedWithTheStoresDependenciesOnly() {
    struct NumberReader: ReducerProtocol {
      @Dependency(\.depNumber) var number
      @Dependency(\.depLabel) var label
      func reduce(into state: inout [String], action: Void) -> Effect<Void> {
        state.append("\(number) \(label)")
        return .none
      }
    }
    let store = Store(initialState: [], reducer: NumberReader()) {
      $0.depNumber = 1
    }

    withDependencies {
      $0.depLabel = "around"
    } operation: {
      store.send(())
    }

    #expect(store.value == ["1 default"])
  }

  // MARK: Tasks

  @Test func aTaskStartedInsideTheScopeInheritsTheOverrideAfterTheScopeEnded() async {
    let scopeEnded = Probe.Signal()
    let task = withDependencies {
      $0.depNumber = 7
    } operation: {
      Task {
        await scopeEnded.wait()
        return DependencyValues.current.depNumber
      }
    }
    #expect(DependencyValues.current.depNumber == 0)
    scopeEnded.open()

    #expect(await task.value == 7)
  }

  @Test func aDetachedTaskDoesNotInheritTheOverrideButAContinuationCarriesIt() async {
    let task = withDependencies {
      $0.depNumber = 42
    } operation: {
      withEscapedDependencies { dependencies in
        Task.detached {
          let without = DependencyValues.current.depNumber
          let within = await dependencies.yield {
            await Task.yield()
            return DependencyValues.current.depNumber
          }
          return [without, within]
        }
      }
    }

    #expect(await task.value == [0, 42])
  }

  // MARK: Escaping closures

  @Test func withEscapedDependenciesCarriesTheOverrideIntoADispatchQueueClosure() async {
    let seen = Probe.Log<String>()
    let done = Probe.Signal()

    withDependencies {
      $0.depNumber = 42
    } operation: {
      withEscapedDependencies { dependencies in
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) {
          dependencies.yield {
            seen.append("yielded \(DependencyValues.current.depNumber)")
          }
          seen.append("after yield \(DependencyValues.current.depNumber)")
          done.open()
        }
      }
    }
    await done.wait()

    #expect(seen.values == ["yielded 42", "after yield 0"])
  }

  @Test func aPlainDispatchQueueClosureDoesNotSeeTheOverride() async {
    let seen = Probe.Log<Int>()
    let done = Probe.Signal()

    withDependencies {
      $0.depNumber = 42
    } operation: {
      seen.append(DependencyValues.current.depNumber)
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) {
        seen.append(DependencyValues.current.depNumber)
        done.open()
      }
    }
    await done.wait()

    #expect(seen.values == [42, 0])
  }
}
