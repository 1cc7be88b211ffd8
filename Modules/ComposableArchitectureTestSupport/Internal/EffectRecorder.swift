import ComposableArchitecture

/// What a ``TestStoreTask`` needs of the effects of its store: which of its group still run, and a way to
/// wait for that to change.
@MainActor
protocol GroupedEffects: AnyObject, Sendable {
  /// The effects of `group` still running, each described as a failure message lists it.
  func runningEffects(in group: EffectGroup) -> [String]

  /// Suspends until `condition` holds or `timeout` has passed; returns whether the condition holds.
  func wait(for timeout: Duration, until condition: () -> Bool) async -> Bool
}

/// Runs the effects of a test exactly as a store would, but collects the actions they send instead of
/// reducing them, so that each one must be asserted by a receive step.
///
/// Each run of effects belongs to a group: a new one for a send, the group of the action for a received
/// action, so that a ``TestStoreTask`` covers what its send set off. ``leftovers`` mirrors what is left, for
/// checks that run off the main actor.
@MainActor
final class EffectRecorder<Action>: GroupedEffects {
  private var receivedInGroups: [(action: Action, group: EffectGroup)] = []
  /// The group of the action ``takeFirst()`` returned last, which the next ``run(_:for:)`` joins.
  private var groupOfTakenAction: EffectGroup?
  /// The group of the last ``run(_:for:)``.
  private(set) var lastGroup: EffectGroup?
  private var waiters: [CheckedContinuation<Void, Never>] = []
  /// The actions not yet received and the effects still running, described, readable from any thread.
  let leftovers = LeftoverSnapshot()
  /// How many of the oldest received actions a failure has already named: they stay receivable, and are
  /// left out of ``leftovers``.
  var reportedCount = 0 {
    didSet { leftovers.setReportedCount(reportedCount) }
  }
  /// How strictly what a test leaves is checked; ``leftovers`` reports accordingly.
  var exhaustivity: Exhaustivity = .on {
    didSet { leftovers.setExhaustivity(exhaustivity) }
  }
  private lazy var runner: EffectRunner<Action> = {
    let runner = EffectRunner<Action> { [weak self] action, group in
      self?.record(action, in: group)
    }
    runner.onEffectFinished = { [weak self] in
      self?.updateRunningEffects()
      self?.wake()
    }
    return runner
  }()

  /// The actions effects sent that no receive step has taken yet, oldest first.
  var received: [Action] { receivedInGroups.map(\.action) }

  var isIdle: Bool { runner.isIdle }

  var runningEffects: [EffectRunner<Action>.RunningEffect] { runner.runningEffects }

  /// Makes the next ``run(_:for:)`` start a new group, as the effects of a send do.
  func startSend() {
    groupOfTakenAction = nil
    lastGroup = nil
  }

  /// Runs `effects` (returned for `origin`): synchronous actions are recorded at once, asynchronous work starts.
  func run(_ effects: [Effect<Action>], for origin: Action) {
    let group = groupOfTakenAction ?? EffectGroup()
    groupOfTakenAction = nil
    var runnerGroup: EffectGroup? = group
    for effect in effects {
      runner.run(effect, group: &runnerGroup, origin: ValueDump.inline(origin)) { record($0, in: group) }
    }
    lastGroup = group
    updateRunningEffects()
  }

  func takeFirst() -> Action? {
    guard !receivedInGroups.isEmpty else { return nil }
    let first = receivedInGroups.removeFirst()
    groupOfTakenAction = first.group
    leftovers.removeFirstReceivedAction()
    return first.action
  }

  func discardReceived() {
    receivedInGroups.removeAll()
    groupOfTakenAction = nil
    leftovers.removeAllReceivedActions()
  }

  func cancelAll() {
    runner.cancelAll()
  }

  func runningEffects(in group: EffectGroup) -> [String] {
    runner.runningEffects(in: group).map(Self.describe)
  }

  /// Suspends until `condition` holds or `timeout` has passed, re-checking whenever an effect sends an action
  /// or finishes. Returns whether the condition holds.
  func wait(for timeout: Duration, until condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
      // A cancelled test (its time limit ran out) stops waiting at once.
      guard ContinuousClock.now < deadline, !Task.isCancelled else { return false }
      let timer = Task { [weak self] in
        do {
          try await Task.sleep(until: deadline, clock: .continuous)
        } catch {
          return
        }
        self?.wake()
      }
      await withTaskCancellationHandler {
        await withCheckedContinuation { waiters.append($0) }
      } onCancel: {
        Task { @MainActor [weak self] in self?.wake() }
      }
      timer.cancel()
    }
    return true
  }

  private func record(_ action: Action, in group: EffectGroup) {
    receivedInGroups.append((action, group))
    leftovers.appendReceivedAction(ValueDump.inline(action))
    wake()
  }

  private func updateRunningEffects() {
    leftovers.setRunningEffects(countedRunningEffects.map(Self.describe))
  }

  private func wake() {
    let waiters = waiters
    self.waiters = []
    for waiter in waiters {
      waiter.resume()
    }
  }

  /// An effect as failure messages list it.
  private static func describe(_ effect: EffectRunner<Action>.RunningEffect) -> String {
    "  • an effect created at \(effect.location)" + (effect.origin.map { ", returned for \($0)" } ?? "")
  }

  // MARK: Skipping in-flight effects

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
    updateRunningEffects()
    return newlySkipped.count
  }
}
