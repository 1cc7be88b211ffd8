/// A handle on the effects started by one ``Store/send(_:)``: await them, or cancel them.
///
/// The effects it covers are the asynchronous effects returned for the action, for every action their
/// synchronous effects queued, and, transitively, for every action those effects send back. An action that
/// started no asynchronous work gives a task that is already finished.
public struct StoreTask: Sendable {
  @usableFromInline let group: EffectGroup?

  @usableFromInline
  init(group: EffectGroup?) {
    self.group = group
  }

  /// Waits until every effect this task covers has finished.
  ///
  /// Cancelling the task that awaits cancels the effects too, which is how a terminal front end stops a long
  /// computation on Ctrl-C.
  ///
  /// Inlinable, and run on the caller's actor (`nonisolated(nonsending)`), so that awaiting a send with no
  /// asynchronous effect, the usual case, costs a check: no call to an asynchronous function, and no hop to the
  /// main actor and back.
  @inlinable
  nonisolated(nonsending)
  public func finish() async {
    guard let group else { return }
    await Self.waitUntilFinished(group)
  }

  /// Waits for `group`'s effects; cancelling the waiting task cancels them.
  @MainActor
  @usableFromInline
  static func waitUntilFinished(_ group: EffectGroup) async {
    await withTaskCancellationHandler {
      await group.waitUntilFinished()
    } onCancel: {
      Task { @MainActor in group.cancel() }
    }
  }

  /// Cancels every effect this task covers; effects started later on its behalf are cancelled at once.
  @MainActor
  public func cancel() {
    group?.cancel()
  }

  /// Whether ``cancel()`` was called (or the awaiting task of ``finish()`` was cancelled).
  ///
  /// Always `false` for a task that covers no asynchronous effect: such a task is finished from the start,
  /// so ``cancel()`` has nothing to cancel and does nothing.
  @MainActor
  public var isCancelled: Bool {
    group?.isCancelled ?? false
  }
}
