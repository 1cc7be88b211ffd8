import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// A feature that cancels from inside its effects: a timer stopped by another effect's `Task.cancel(id:)`,
/// searches run under `withTaskCancellation(id:cancelInFlight:)`, and a sequence of effects made with
/// `Effect.concatenate`.
struct CancellingFeature: ReducerProtocol {
  struct State: Equatable {
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case startTimer
    case stopTimerFromEffect
    case tick
    case search(Int)
    case searchEnded(Int, cancelled: Bool)
    case cancelSearch
    case startSequence
    case cancelSequence
    case step(String)
  }

  struct TimerID: Hashable, Sendable {}
  struct SearchID: Hashable, Sendable {}
  struct SequenceID: Hashable, Sendable {}

  /// What the effects did, as seen from outside.
  struct Probes: Sendable {
    let timer = EffectProbe()
    let firstSearch = EffectProbe()
    let secondSearch = EffectProbe()
    let firstStepStarted = Probe.Signal()
    let releaseFirstStep = Probe.Signal()
    let started = Probe.Log<String>()

    func search(_ n: Int) -> EffectProbe {
      n == 1 ? firstSearch : secondSearch
    }
  }

  let probes: Probes

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let probes = probes
    switch action {
    case .startTimer:
      return .run { send in
        probes.timer.started.open()
        await Probe.untilCancelled()
        probes.timer.cancelled.open()
        await send(.tick)
      }
      .cancellable(id: TimerID())
    case .stopTimerFromEffect:
      return .run { _ in await Task.cancel(id: TimerID()) }
    case .tick:
      state.log.append("tick")
      return .none
    case let .search(n):
      let probe = probes.search(n)
      return .run { send in
        do {
          try await withTaskCancellation(id: SearchID(), cancelInFlight: true) {
            probe.started.open()
            await Probe.untilCancelled()
            probe.cancelled.open()
            throw CancellationError()
          }
          await send(.searchEnded(n, cancelled: false))
        } catch {
          await send(.searchEnded(n, cancelled: true))
        }
      }
    case let .searchEnded(n, cancelled):
      state.log.append("search \(n) \(cancelled ? "cancelled" : "ended")")
      return .none
    case .cancelSearch:
      return .cancel(id: SearchID())
    case .startSequence:
      return .concatenate(
        .run { send in
          probes.started.append("first")
          probes.firstStepStarted.open()
          await probes.releaseFirstStep.wait()
          await send(.step("first"))
        },
        .send(.step("second")),
        .run { send in
          probes.started.append("third")
          await send(.step("third"))
        }
      )
      .cancellable(id: SequenceID())
    case .cancelSequence:
      return .cancel(id: SequenceID())
    case let .step(name):
      state.log.append(name)
      return .none
    }
  }
}

/// Whether `signal` opens within `timeout`.
func opens(_ signal: Probe.Signal, within timeout: Duration = .seconds(60)) async -> Bool {
  await withTaskGroup(of: Bool.self) { group in
    group.addTask {
      await signal.wait()
      return signal.isOpen
    }
    group.addTask {
      try? await Task.sleep(for: timeout)
      return false
    }
    let first = await group.next() ?? false
    group.cancelAll()
    return first
  }
}

/// Whether the effects of `task` finish within `timeout`; they are cancelled when they do not.
@MainActor
func finishes(_ task: StoreTask, within timeout: Duration = .seconds(60)) async -> Bool {
  await withTaskGroup(of: Bool.self) { group in
    group.addTask {
      await task.finish()
      return !Task.isCancelled
    }
    group.addTask {
      try? await Task.sleep(for: timeout)
      return false
    }
    let first = await group.next() ?? false
    group.cancelAll()
    return first
  }
}

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct EffectCancellationToolsTests {
  let probes = CancellingFeature.Probes()

  func makeTestStore() -> TestStore<CancellingFeature.State, CancellingFeature.Action> {
    TestStore(initialState: CancellingFeature.State(), reducer: CancellingFeature(probes: probes))
  }

  func makeStore() -> Store<CancellingFeature.State, CancellingFeature.Action> {
    Store(initialState: CancellingFeature.State(), reducer: CancellingFeature(probes: probes))
  }

  // MARK: Task.cancel(id:)

  @Test func taskCancelInsideAnEffectCancelsTheStoresEffectsUnderThatID() async {
    let store = makeStore()
    let timer = store.send(.startTimer)
    #expect(await opens(probes.timer.started), "the timer effect did not start within a minute")
    #expect(await finishes(store.send(.stopTimerFromEffect)), "the stopping effect did not finish within a minute")
    #expect(await opens(probes.timer.cancelled), "the timer effect was not cancelled within a minute")
    #expect(await finishes(timer), "the timer effect did not finish within a minute")
    #expect(store.value.log == [])
  }

  @Test func taskCancelInsideAnEffectCancelsUnderATestStore() async {
    let failures = await collectTestFailures {
      let store = makeTestStore()
      await store.send(.startTimer)
      #expect(await opens(probes.timer.started), "the timer effect did not start within a minute")
      await store.send(.stopTimerFromEffect)
      await store.finish()
    }
    #expect(failures.map(\.message) == [])
  }

  /// The line of the `Task.cancel(id:)` call in the test below.
  static let outsideCancelLine: UInt = #line + 6

  @Test func taskCancelOutsideAnEffectIsReportedAndCancelsNothing() async {
    let warnings = Probe.Warnings()
    let store = makeStore()
    let timer = store.send(.startTimer)
    RuntimeWarning.withHandler(warnings.handler) { Task.cancel(id: CancellingFeature.TimerID()) }
    #expect(
      warnings.messages == [
        "Task.cancel(id:) was called outside an effect, so no store's effects could be cancelled; nothing "
          + "was. Call it inside Effect.run, or return Effect.cancel(id:) from the reducer."
      ]
    )
    #expect(warnings.entries.map(\.location) == ["ComposableArchitectureTests/EffectCancellationToolsTests.swift:\(Self.outsideCancelLine)"])
    #expect(!probes.timer.cancelled.isOpen)
    timer.cancel()
    #expect(await finishes(timer), "the timer effect did not finish within a minute of its cancellation")
  }

  @Test func taskCancelInsideAnEffectLeavesAnotherStoresEffectsAlone() async {
    let otherProbes = CancellingFeature.Probes()
    let other = Store(initialState: CancellingFeature.State(), reducer: CancellingFeature(probes: otherProbes))
    let otherTimer = other.send(.startTimer)
    #expect(await opens(otherProbes.timer.started), "the other store's timer did not start within a minute")
    let store = makeStore()
    #expect(await finishes(store.send(.stopTimerFromEffect)), "the stopping effect did not finish within a minute")
    #expect(await !opens(otherProbes.timer.cancelled, within: .milliseconds(300)))
    otherTimer.cancel()
    #expect(await finishes(otherTimer), "the other store's timer did not finish within a minute of its cancellation")
  }

  // MARK: withTaskCancellation(id:cancelInFlight:operation:)

  @Test func withTaskCancellationCancelsTheOperationInFlightAndObeysCancelEffects() async {
    let failures = await collectTestFailures {
      let store = makeTestStore()
      await store.send(.search(1))
      #expect(await opens(probes.firstSearch.started), "search 1 did not start within a minute")
      await store.send(.search(2))
      await store.receive(.searchEnded(1, cancelled: true)) { $0.log = ["search 1 cancelled"] }
      #expect(await opens(probes.secondSearch.started), "search 2 did not start within a minute")
      await store.send(.cancelSearch)
      await store.receive(.searchEnded(2, cancelled: true)) { $0.log.append("search 2 cancelled") }
      await store.finish()
    }
    #expect(failures.map(\.message) == [])
  }

  @Test func withTaskCancellationUnderAStore() async {
    let store = makeStore()
    let first = store.send(.search(1))
    #expect(await opens(probes.firstSearch.started), "search 1 did not start within a minute")
    let second = store.send(.search(2))
    #expect(await finishes(first), "search 1 did not finish within a minute")
    #expect(store.value.log == ["search 1 cancelled"])
    #expect(await opens(probes.secondSearch.started), "search 2 did not start within a minute")
    store.send(.cancelSearch)
    #expect(await finishes(second), "search 2 did not finish within a minute")
    #expect(store.value.log == ["search 1 cancelled", "search 2 cancelled"])
  }

  /// The line of the `withTaskCancellation` call in the test below.
  static let outsideOperationLine: UInt = #line + 5

  @Test func withTaskCancellationOutsideAnEffectIsReportedAndRunsTheOperation() async throws {
    let warnings = Probe.Warnings()
    let value = try await RuntimeWarning.withHandler(warnings.handler) {
      try await withTaskCancellation(id: CancellingFeature.SearchID()) { 42 }
    }
    #expect(value == 42)
    #expect(
      warnings.messages == [
        "withTaskCancellation(id:) was called outside an effect, so nothing can cancel its operation by id; "
          + "it ran uncancellable. Call it inside Effect.run."
      ]
    )
    #expect(warnings.entries.map(\.location) == ["ComposableArchitectureTests/EffectCancellationToolsTests.swift:\(Self.outsideOperationLine)"])
  }

  // MARK: Effect.concatenate

  @Test func concatenateRunsEachEffectAfterThePreviousOneEnded() async {
    let failures = await collectTestFailures {
      let store = makeTestStore()
      await store.send(.startSequence)
      #expect(await opens(probes.firstStepStarted), "the first step did not start within a minute")
      #expect(probes.started.values == ["first"])
      probes.releaseFirstStep.open()
      await store.receive(.step("first")) { $0.log = ["first"] }
      await store.receive(.step("second")) { $0.log.append("second") }
      await store.receive(.step("third")) { $0.log.append("third") }
      await store.finish()
    }
    #expect(failures.map(\.message) == [])
  }

  @Test func concatenateUnderAStoreRunsInOrder() async {
    let store = makeStore()
    let task = store.send(.startSequence)
    #expect(store.value.log == [])
    #expect(await opens(probes.firstStepStarted), "the first step did not start within a minute")
    probes.releaseFirstStep.open()
    #expect(await finishes(task), "the sequence did not finish within a minute")
    #expect(store.value.log == ["first", "second", "third"])
    #expect(probes.started.values == ["first", "third"])
  }

  @Test func cancellingAConcatenatedEffectStopsTheEffectsNotStartedYet() async {
    let store = makeStore()
    let task = store.send(.startSequence)
    #expect(await opens(probes.firstStepStarted), "the first step did not start within a minute")
    store.send(.cancelSequence)
    #expect(await finishes(task), "the sequence did not finish within a minute")
    #expect(store.value.log == [])
    #expect(probes.started.values == ["first"])
  }

  @Test func cancellingAConcatenatedEffectUnderATestStoreLeavesNothingRunning() async {
    let failures = await collectTestFailures {
      let store = makeTestStore()
      await store.send(.startSequence)
      #expect(await opens(probes.firstStepStarted), "the first step did not start within a minute")
      await store.send(.cancelSequence)
      await store.finish()
    }
    #expect(failures.map(\.message) == [])
    #expect(probes.started.values == ["first"])
  }

  enum SequenceParentAction: Equatable, Sendable {
    case start
    case child(String)
  }

  @Test func aMappedAndNestedConcatenationKeepsItsOrder() async {
    let parent = Reduce<[String], SequenceParentAction> { log, action in
      switch action {
      case .start:
        let child: Effect<String> = .concatenate(
          .concatenate(
            .run { send in
              await Task.yield()
              await send("a")
            },
            .run { send in await send("b") }
          ),
          .send("c")
        )
        return child.map { .child($0) }
      case let .child(name):
        log.append(name)
        return .none
      }
    }
    let store = Store(initialState: [], reducer: parent)
    #expect(await finishes(store.send(.start)), "the sequence did not finish within a minute")
    #expect(store.value == ["a", "b", "c"])
  }
}
