extension Task where Success == Never, Failure == Never {
  /// Cancels the asynchronous work running under `id` in the store whose effect calls it: effects marked
  /// with ``Effect/cancellable(id:cancelInFlight:)`` and operations of
  /// ``withTaskCancellation(id:cancelInFlight:fileID:line:operation:)``.
  ///
  /// The counterpart, inside an effect, of returning ``Effect/cancel(id:)`` from the reducer:
  ///
  /// ```swift
  /// case .stopButtonTapped:
  ///   return .run { _ in
  ///     await Task.cancel(id: CancelID.download)
  ///   }
  /// ```
  ///
  /// Ids are scoped to the store, as they are for ``Effect/cancel(id:)``: an effect reaches the store that
  /// started it (tasks it starts inherit that), and cancels nothing in another store. Called outside an
  /// effect there is no store to act on: nothing is cancelled, and a runtime warning names `fileID` and
  /// `line`.
  @MainActor
  public static func cancel(id: some Hashable & Sendable, fileID: StaticString = #fileID, line: UInt = #line) {
    guard let scope = EffectScope.current else {
      RuntimeWarning.report(
        "Task.cancel(id:) was called outside an effect, so no store's effects could be cancelled; nothing "
          + "was. Call it inside Effect.run, or return Effect.cancel(id:) from the reducer.",
        at: SourceLocation(fileID: fileID, line: line)
      )
      return
    }
    scope.runner?.cancel(id: CancelID(id))
  }
}

/// Runs `operation`, inside an effect, as work the store can cancel by `id`, and returns its result.
///
/// ```swift
/// return .run { [clock] send in
///   do {
///     let size = try await withTaskCancellation(id: CancelID.download) {
///       try await clock.sleep(for: .seconds(10))
///       return 1_024
///     }
///     await send(.finished(size))
///   } catch is CancellationError {
///     await send(.stopped)
///   }
/// }
/// ```
///
/// `Effect.cancel(id:)` returned by the reducer, or `Task.cancel(id:)` in another effect, cancels the
/// operation, as does cancelling the effect that awaits it; with `cancelInFlight`, the work already running
/// under `id` in the store (operations and effects alike) is cancelled before `operation` starts. Only the
/// operation is cancelled, not the effect around it, which can still send an action saying so.
///
/// The operation runs in a task of its own, with the effect's dependencies and priority. The call returns
/// what the operation returns and throws what it throws: cancelled, it typically throws `CancellationError`.
/// Outside an effect nothing could cancel it by id: it runs as is, and a runtime warning names `fileID` and
/// `line`.
public func withTaskCancellation<Success: Sendable>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  fileID: StaticString = #fileID,
  line: UInt = #line,
  operation: @escaping @Sendable () async throws -> Success
) async throws -> Success {
  guard let scope = EffectScope.current else {
    RuntimeWarning.report(
      "withTaskCancellation(id:) was called outside an effect, so nothing can cancel its operation by id; "
        + "it ran uncancellable. Call it inside Effect.run.",
      at: SourceLocation(fileID: fileID, line: line)
    )
    return try await operation()
  }
  let cancelID = CancelID(id)
  guard let (task, token) = await scope.startOperation(id: cancelID, cancelInFlight: cancelInFlight, operation)
  else {
    // The store is gone, and with it every effect: the one calling this is cancelled already.
    throw CancellationError()
  }
  let result = await withTaskCancellationHandler {
    await task.result
  } onCancel: {
    task.cancel()
  }
  await scope.finishOperation(token)
  return try result.get()
}

extension EffectScope {
  /// Starts `operation` with the runner, while it exists.
  @MainActor
  fileprivate func startOperation<Success: Sendable>(
    id: CancelID,
    cancelInFlight: Bool,
    _ operation: @escaping @Sendable () async throws -> Success
  ) -> (task: Task<Success, any Error>, token: UInt64)? {
    runner?.startOperation(id: id, cancelInFlight: cancelInFlight, operation)
  }

  @MainActor
  fileprivate func finishOperation(_ token: UInt64) {
    runner?.finishOperation(token)
  }
}
