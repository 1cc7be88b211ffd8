import Dispatch
import SQLite
import Synchronization
import Testing

/// Awaits `operation` at most `timeout` and returns how it ended; past that, records an issue naming `what`
/// and returns nil without waiting for it, so a deadlocked operation fails the test instead of hanging it.
///
/// The operation runs in a task of its own, which is cancelled on a timeout (a deadlocked one never ends).
func boundedResult<Value: Sendable>(
  _ what: String,
  within timeout: Duration = .seconds(60),
  sourceLocation: SourceLocation = #_sourceLocation,
  _ operation: @escaping @Sendable () async throws -> Value
) async -> Result<Value, any Error>? {
  let first = FirstOutcome<Result<Value, any Error>?>()
  let outcome = await withCheckedContinuation { continuation in
    first.wait(continuation)
    let work = Task {
      do { first.end(.success(try await operation())) } catch { first.end(.failure(error)) }
    }
    let timer = Task {
      guard (try? await Task.sleep(for: timeout)) != nil else { return }
      work.cancel()
      first.end(nil)
    }
    first.onEnd { timer.cancel() }
  }
  if outcome == nil {
    Issue.record("timed out after \(timeout) waiting for \(what)", sourceLocation: sourceLocation)
  }
  return outcome
}

/// Polls `condition` every few milliseconds until it holds, at most `timeout`; records an issue naming
/// `what` and returns false if it never does.
@discardableResult
func eventually(
  _ what: String,
  within timeout: Duration = .seconds(60),
  sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: () -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + timeout
  while !condition() {
    guard ContinuousClock.now < deadline else {
      Issue.record("timed out after \(timeout) waiting for \(what)", sourceLocation: sourceLocation)
      return false
    }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return true
}

/// The first of several endings, handed once to the one waiter.
private final class FirstOutcome<Outcome: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Outcome, Never>?
    var ended = false
    var cleanup: (@Sendable () -> Void)?
  }

  private let state = Mutex(State())

  func wait(_ continuation: CheckedContinuation<Outcome, Never>) {
    state.withLock { $0.continuation = continuation }
  }

  /// Runs `cleanup` once the outcome is known (at once if it already is).
  func onEnd(_ cleanup: @escaping @Sendable () -> Void) {
    let ended = state.withLock { state -> Bool in
      if !state.ended { state.cleanup = cleanup }
      return state.ended
    }
    if ended { cleanup() }
  }

  func end(_ outcome: Outcome) {
    let (continuation, cleanup) = state.withLock { state in
      guard !state.ended else { return (CheckedContinuation<Outcome, Never>?.none, (@Sendable () -> Void)?.none) }
      state.ended = true
      defer { state.continuation = nil; state.cleanup = nil }
      return (state.continuation, state.cleanup)
    }
    continuation?.resume(returning: outcome)
    cleanup?()
  }
}

/// A value shared by the tasks and threads of a test, read and changed under a lock.
final class Shared<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  init(_ value: Value) {
    mutex = Mutex(value)
  }

  /// The value now.
  var value: Value {
    mutex.withLock { $0 }
  }

  /// Changes the value and returns what `change` returns, under the lock.
  @discardableResult
  func update<Result: Sendable>(_ change: (inout Value) -> Result) -> Result {
    mutex.withLock { change(&$0) }
  }
}

/// Starts a write on `database` that holds its executor until `gate` opens (or 20 s pass), and returns once
/// it runs: the calls made next wait for their turn.
func occupy(_ database: Database, until gate: DispatchSemaphore) async -> Task<Bool, any Error> {
  let running = Shared(false)
  let blocker = Task {
    try await database.write { _ in
      running.update { $0 = true }
      return gate.wait(timeout: .now() + 20) == .success
    }
  }
  await eventually("the blocking write to start") { running.value }
  return blocker
}
