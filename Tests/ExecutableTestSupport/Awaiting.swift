public import Testing
import Synchronization

/// How long the waits of this module wait by default before they call what they waited for a hang: a minute,
/// the test store's default too.
///
/// A bound only detects a hang, so it is far beyond what any passing wait takes, even on a small machine
/// running the whole suite (whose parallelism `TestParallelismLimit` bounds) beside other work: with eight
/// busy loops on two cores, the slowest passing wait took a few seconds. A test that means to time something
/// passes its own, shorter, bound.
public let hangBound: Duration = .seconds(60)

/// Waits for `operation` at most `timeout`: past that, records an issue naming what was awaited, cancels the
/// operation and returns `nil` without waiting for it to end.
///
/// ```swift
/// let request = store.send(.counter(.nthPrimeButtonTapped))
/// await awaiting("the nth-prime request's effects to finish") { await request.finish() }
/// ```
///
/// For every wait in a test whose end depends on the code under test: a broken feature then fails the test
/// in `timeout`, saying what never came, instead of hanging the run. The operation runs in a task of its own,
/// so even one that ignores cancellation (a thread blocked in a read) cannot hold the test: it is left
/// behind, cancelled. Cancelling the awaiting task (a test's time limit) cancels the operation and returns
/// `nil` at once, with no issue of its own.
///
/// The default bound is ``hangBound``: a passing wait returns as soon as the operation does.
@discardableResult
public func awaiting<Value: Sendable>(
  _ what: String,
  within timeout: Duration = hangBound,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ operation: @escaping @Sendable () async -> Value
) async -> Value? {
  let race = Race<Value>()
  let outcome = await withTaskCancellationHandler {
    await withCheckedContinuation { continuation in
      race.start(continuation, timeout: timeout, operation)
    }
  } onCancel: {
    race.end(.cancelled)
  }
  switch outcome {
  case let .finished(value):
    return value
  case .timedOut:
    Issue.record("timed out after \(timeout) waiting for \(what)", sourceLocation: sourceLocation)
    return nil
  case .cancelled:
    return nil
  }
}

/// An operation against a timer: whichever ends first resumes the waiter, once, and cancels the other.
private final class Race<Value: Sendable>: Sendable {
  enum Outcome: Sendable {
    case finished(Value)
    case timedOut
    case cancelled
  }

  private struct State {
    var continuation: CheckedContinuation<Outcome, Never>?
    var tasks: [Task<Void, Never>] = []
    /// Set by an end that came before `start` (a cancelled waiter): `start` resumes at once with it.
    var early: Outcome?
  }

  private let state = Mutex(State())

  func start(
    _ continuation: CheckedContinuation<Outcome, Never>,
    timeout: Duration,
    _ operation: @escaping @Sendable () async -> Value
  ) {
    let early = state.withLock { state -> Outcome? in
      if let early = state.early {
        return early
      }
      state.continuation = continuation
      return nil
    }
    if let early {
      continuation.resume(returning: early)
      return
    }
    let work = Task { self.end(.finished(await operation())) }
    let timer = Task {
      guard (try? await Task.sleep(for: timeout)) != nil else { return }
      self.end(.timedOut)
    }
    let ended = state.withLock { state -> Bool in
      guard state.continuation != nil else { return true }
      state.tasks = [work, timer]
      return false
    }
    if ended {
      work.cancel()
      timer.cancel()
    }
  }

  /// Resumes the waiter with `outcome` unless it was resumed already, and cancels whatever still runs.
  func end(_ outcome: Outcome) {
    let (continuation, tasks) = state.withLock { state in
      guard let continuation = state.continuation else {
        if state.early == nil, case .cancelled = outcome {
          state.early = outcome
        }
        return (CheckedContinuation<Outcome, Never>?.none, [Task<Void, Never>]())
      }
      state.continuation = nil
      defer { state.tasks = [] }
      return (continuation, state.tasks)
    }
    for task in tasks {
      task.cancel()
    }
    continuation?.resume(returning: outcome)
  }
}

/// Runs `body` in a task of high priority, whose threads are a pool of their own, and returns what it returns.
///
/// For a test whose steps must come at given times (a signal a second into a save, a lock released before
/// another's 5 seconds run out): a full test run can keep the default pool busy for half a minute, and a step
/// that comes late tells another story. Tasks `body` starts inherit the priority.
public func atHighPriority<Result: Sendable>(
  _ body: @escaping @Sendable () async throws -> Result
) async throws -> Result {
  try await Task(priority: .high) { try await body() }.value
}
