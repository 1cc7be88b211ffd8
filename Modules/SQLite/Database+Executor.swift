import Dispatch
import Synchronization

extension Database {
  /// Runs `body` in a `BEGIN DEFERRED` transaction on this database's serial executor, so everything it
  /// reads is one snapshot, and returns what it returns.
  ///
  /// Calls run one at a time, in the order they arrive, on a thread of the database's own, never on one of
  /// Swift's cooperative pool: a call waiting for another process's lock blocks no task. `body` must not call
  /// this database again (see ``SQLiteError/reentrantCall``). A call whose task is cancelled before it starts
  /// throws `CancellationError` without running; once started it runs to its end.
  ///
  /// - Throws: what `body` throws, ``SQLiteError/closed``, ``SQLiteError/reentrantCall`` or `CancellationError`.
  public func read<Result: Sendable>(_ body: @escaping @Sendable (Connection) throws -> Result) async throws -> Result {
    try await withConnection { try $0.transaction(.deferred, body) }
  }

  /// Runs `body` in a `BEGIN IMMEDIATE` transaction on this database's serial executor and returns what it
  /// returns once committed; if `body` throws, nothing it did is kept.
  ///
  /// Ordering, threads, re-entrancy and cancellation are those of ``read(_:)``: a write cancelled before it
  /// starts changes nothing; once started it commits or rolls back as a whole, cancelled or not. The write
  /// lock may be waited for up to the busy timeout, on the database's thread.
  ///
  /// - Throws: what `body` throws, an ``SQLiteError`` (e.g. `SQLITE_BUSY`), ``SQLiteError/closed``,
  ///   ``SQLiteError/reentrantCall`` or `CancellationError`.
  public func write<Result: Sendable>(_ body: @escaping @Sendable (Connection) throws -> Result) async throws -> Result {
    try await withConnection { try $0.transaction(.immediate, body) }
  }

  /// Runs `body` with the connection on this database's serial executor, outside any transaction the
  /// database opens, and returns what it returns.
  ///
  /// For a caller that begins its own transactions and must act on their outcome before the next call runs
  /// (e.g. remember what it committed). Ordering, threads, re-entrancy and cancellation are those of
  /// ``read(_:)``; prefer ``read(_:)`` and ``write(_:)``, whose transactions are opened for you.
  ///
  /// - Throws: what `body` throws, ``SQLiteError/closed``, ``SQLiteError/reentrantCall`` or `CancellationError`.
  public func withConnection<Result: Sendable>(
    _ body: @escaping @Sendable (Connection) throws -> Result
  ) async throws -> Result {
    try requireNotInOwnClosure()
    let call = PendingCall<Result>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        guard call.wait(continuation) else { return }
        waiting.add(1, ordering: .relaxed)
        executor.async {
          self.waiting.subtract(1, ordering: .relaxed)
          guard let continuation = call.start() else { return }
          continuation.resume(with: Swift.Result { try self.runOnExecutor(body) })
        }
      }
    } onCancel: {
      call.cancel()
    }
  }

  /// How many calls wait for the executor: those queued behind the one running, cancelled ones included
  /// until their turn comes. Tests use it to know a call has arrived.
  var waitingCallCount: Int {
    waiting.load(ordering: .relaxed)
  }
}

/// One call of ``Database/read(_:)`` or ``Database/write(_:)`` between its arrival and its start: whichever of
/// its start and its task's cancellation comes first decides whether it runs.
private final class PendingCall<Result: Sendable>: Sendable {
  private enum State {
    case arriving
    case waiting(CheckedContinuation<Result, any Error>)
    case started
    case cancelled
  }

  private let state = Mutex(State.arriving)

  /// Keeps `continuation` for ``start()``; false when the task was cancelled already (the continuation has
  /// then been resumed with `CancellationError`).
  func wait(_ continuation: CheckedContinuation<Result, any Error>) -> Bool {
    let cancelled = state.withLock { state -> Bool in
      if case .cancelled = state { return true }
      state = .waiting(continuation)
      return false
    }
    if cancelled {
      continuation.resume(throwing: CancellationError())
    }
    return !cancelled
  }

  /// The continuation to resume with the call's outcome, or nil when it was cancelled before its turn.
  func start() -> CheckedContinuation<Result, any Error>? {
    state.withLock { state in
      guard case let .waiting(continuation) = state else { return nil }
      state = .started
      return continuation
    }
  }

  /// Ends a call that has not started with `CancellationError`; a started one is let run.
  func cancel() {
    let continuation = state.withLock { state -> CheckedContinuation<Result, any Error>? in
      switch state {
      case .arriving:
        state = .cancelled
        return nil
      case let .waiting(continuation):
        state = .cancelled
        return continuation
      case .started, .cancelled:
        return nil
      }
    }
    continuation?.resume(throwing: CancellationError())
  }
}

extension Database {
  /// ``withConnection(_:)`` for long work that a cancelled task stops: `body` gets an ``Interruption`` that the
  /// task's cancellation requests, and runs with the connection honouring it
  /// (``Connection/interrupting(when:_:)``).
  ///
  /// Cancelled before its turn, the call throws `CancellationError` without running, as every call does;
  /// cancelled while `body` runs, the statement running stops at its next step, a loop stops where it calls
  /// ``Interruption/check()``, and the call throws `CancellationError` whatever `body` made of the
  /// interruption (an error of its own wrapping `SQLITE_INTERRUPT`, say). `body` must leave the connection as
  /// it found it when interrupted: a transaction begun with ``Connection/transaction(_:_:)`` is rolled back.
  ///
  /// ``close(lastUse:)`` interrupts it too, whether it runs or waits: work that may be abandoned never holds up
  /// a close.
  ///
  /// - Throws: what `body` throws, ``SQLiteError/closed``, ``SQLiteError/reentrantCall`` or `CancellationError`.
  public func withConnection<Result: Sendable>(
    interruptible body: @escaping @Sendable (Connection, Interruption) throws -> Result
  ) async throws -> Result {
    let interruption = Interruption()
    let key = ObjectIdentifier(interruption)
    openInterruptions.withLock { $0[key] = interruption }
    defer { openInterruptions.withLock { $0[key] = nil } }
    do {
      return try await withTaskCancellationHandler {
        try await withConnection { connection in
          try interruption.check()
          return try connection.interrupting(when: interruption) { try body(connection, interruption) }
        }
      } onCancel: {
        interruption.request()
      }
    } catch where interruption.isRequested {
      throw CancellationError()
    }
  }
}
