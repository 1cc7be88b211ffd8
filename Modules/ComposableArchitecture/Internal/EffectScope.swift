/// What an effect's task knows of the runner that started it: enough to cancel work by id there.
///
/// The runner sets ``current`` around the operation of every effect it starts, so `Task.cancel(id:)` and
/// `withTaskCancellation(id:cancelInFlight:operation:)` called inside the effect (or in a task the effect
/// starts, which inherits it) act on the ids of that store, and of no other. The runner is held weakly: a
/// released store's effects are already cancelled, and an effect must not keep its store alive.
final class EffectScope: Sendable {
  /// The scope of the effect the current task runs in; `nil` outside effects.
  @TaskLocal static var current: EffectScope?

  /// The runner that started the effect, while it exists.
  weak let runner: (any EffectCancelling)?

  init(_ runner: any EffectCancelling) {
    self.runner = runner
  }
}

/// The cancellation side of an effect runner, independent of its action type.
@MainActor
protocol EffectCancelling: AnyObject, Sendable {
  /// Cancels the effects, and the operations of `withTaskCancellation`, running under `id`.
  func cancel(id: CancelID)

  /// Starts `operation` in a new task cancellable by `id`, after cancelling the work running under `id` when
  /// `cancelInFlight` is set; returns the task and the token to give ``finishOperation(_:)`` once it ended.
  func startOperation<Success: Sendable>(
    id: CancelID,
    cancelInFlight: Bool,
    _ operation: @escaping @Sendable () async throws -> Success
  ) -> (task: Task<Success, any Error>, token: UInt64)

  /// Forgets the operation ``startOperation(id:cancelInFlight:_:)`` returned `token` for.
  func finishOperation(_ token: UInt64)
}
