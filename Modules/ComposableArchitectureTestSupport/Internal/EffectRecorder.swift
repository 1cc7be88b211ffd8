import ComposableArchitecture

/// Runs the effects of a test exactly as a store would, but collects the actions they send instead of
/// reducing them, so that each one must be asserted by a receive step.
@MainActor
final class EffectRecorder<Action> {
  private(set) var received: [Action] = []
  private var waiter: CheckedContinuation<Void, Never>?
  private lazy var runner: EffectRunner<Action> = {
    let runner = EffectRunner<Action> { [weak self] action, _ in
      self?.received.append(action)
      self?.wake()
    }
    runner.onEffectFinished = { [weak self] in self?.wake() }
    return runner
  }()

  var isIdle: Bool { runner.isIdle }

  var runningEffects: [EffectRunner<Action>.RunningEffect] { runner.runningEffects }

  /// Runs `effects` (returned for `origin`): synchronous actions are recorded at once, asynchronous work starts.
  func run(_ effects: [Effect<Action>], for origin: Action) {
    var group: EffectGroup?
    for effect in effects {
      runner.run(effect, group: &group, origin: ValueDump.inline(origin)) { received.append($0) }
    }
  }

  func takeFirst() -> Action? {
    received.isEmpty ? nil : received.removeFirst()
  }

  func discardReceived() {
    received.removeAll()
  }

  func cancelAll() {
    runner.cancelAll()
  }

  /// Suspends until `condition` holds or `timeout` has passed, re-checking whenever an effect sends an action
  /// or finishes. Returns whether the condition holds.
  func wait(for timeout: Duration, until condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
      guard ContinuousClock.now < deadline else { return false }
      let timer = Task { [weak self] in
        do {
          try await Task.sleep(until: deadline, clock: .continuous)
        } catch {
          return
        }
        self?.wake()
      }
      await withCheckedContinuation { waiter = $0 }
      timer.cancel()
    }
    return true
  }

  private func wake() {
    let waiter = waiter
    self.waiter = nil
    waiter?.resume()
  }

  // Skipping in-flight effects (TestStore.skipInFlightEffects), added by engineer "assert".

  /// The effects ``skipRunningEffects()`` was told to stop counting; those that finished are pruned there.
  private var skippedEffectIDs: Set<UInt64> = []

  /// The running effects that still count as work left at the end of a test: all but the skipped ones.
  var countedRunningEffects: [EffectRunner<Action>.RunningEffect] {
    runner.runningEffects.filter { !skippedEffectIDs.contains($0.id) }
  }

  /// Stops counting every effect running now, without cancelling it; returns how many were not skipped yet.
  func skipRunningEffects() -> Int {
    let running = Set(runner.runningEffects.map(\.id))
    let newlySkipped = running.subtracting(skippedEffectIDs)
    skippedEffectIDs = running
    return newlySkipped.count
  }
}
