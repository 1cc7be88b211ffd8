import ComposableArchitecture

/// A handle on the effects one ``TestStore/send(_:fileID:filePath:line:column:_:)`` started: wait for them,
/// within a bound, or cancel them.
///
/// Long-living effects, such as timers and streams, never finish by themselves; cancel their task when the
/// test is done with them, then finish the store. Here `Ticker`'s effect sends `.tick(n)` for every value
/// of the stream `ticks`, for as long as it runs:
///
/// ```swift
/// let (ticks, ticker) = AsyncStream.makeStream(of: Int.self)
/// let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks))
/// let task = await store.send(.startTapped) { $0.isTicking = true }
/// ticker.yield(1)
/// await store.receive(.tick(1)) { $0.count = 1 }
/// task.cancel()
/// await store.finish()
/// ```
///
/// The task covers the asynchronous effects returned for the action and for the actions its synchronous
/// effects sent, and, once a `receive` has reduced an action one of those effects sent back, the effects
/// returned for that action too. A send that started no asynchronous effect gives a task that is already
/// finished.
@MainActor
public struct TestStoreTask: Sendable {
  private let group: EffectGroup
  private weak var effects: (any GroupedEffects)?
  private let timeout: Duration
  private let step: String

  init(group: EffectGroup, effects: any GroupedEffects, timeout: Duration, step: String) {
    self.group = group
    self.effects = effects
    self.timeout = timeout
    self.step = step
  }

  /// Waits until every effect this task covers has finished, or fails after `timeout`.
  ///
  /// The failure names the effects still running, which are then cancelled (and waited for, up to `timeout`
  /// again). `timeout` defaults to the store's ``TestStore/timeout`` when the action was sent. Actions the
  /// effects sent back are not received here: assert them with `receive` steps. Once the store has gone
  /// away, its effects are cancelled and this returns at once.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    // Without its store, nothing runs: the store's effects were cancelled when it went away.
    guard let effects else { return }
    let timeout = timeout ?? self.timeout
    let group = group
    guard await !effects.wait(for: timeout, until: { effects.runningEffects(in: group).isEmpty }) else {
      return
    }
    let running = effects.runningEffects(in: group)
    reportFailure(
      "\(running.count == 1 ? "1 effect" : "\(running.count) effects") of \(step) still running \(timeout) "
        + "after task.finish() began waiting; make it finish, or cancel the task first (it is cancelled now):\n"
        + running.joined(separator: "\n"),
      kind: .effectStillRunning,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
    group.cancel()
    _ = await effects.wait(for: timeout) { effects.runningEffects(in: group).isEmpty }
  }

  /// Cancels every effect this task covers; effects started later on its behalf are cancelled at once.
  ///
  /// Actions the effects sent back before they were cancelled still have to be received.
  public func cancel() {
    group.cancel()
  }

  /// Whether ``cancel()`` was called, or ``finish(timeout:fileID:filePath:line:column:)`` cancelled the effects
  /// that outran it.
  public var isCancelled: Bool {
    group.isCancelled
  }
}
