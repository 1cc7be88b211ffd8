import ComposableArchitecture
import Synchronization
import Testing

/// An append-only, thread-safe list, for recording which sleeper woke, and when.
final class ClockLog<Element: Sendable>: Sendable {
  private let storage = Mutex<[Element]>([])

  func append(_ element: Element) {
    storage.withLock { $0.append(element) }
  }

  var values: [Element] { storage.withLock { $0 } }
}

/// Waits until `count` sleeps are pending on `clock`, so that a test knows in which order its sleeps started;
/// fails the test if that takes 30 seconds.
func waitForSleeps(_ count: Int, on clock: TestClock, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
  let deadline = ContinuousClock.now + .seconds(30)
  while clock.pendingSleepCount < count {
    guard ContinuousClock.now < deadline, !Task.isCancelled else {
      Issue.record("\(count) sleep(s) never started on the clock", sourceLocation: sourceLocation)
      return
    }
    try? await Task.sleep(for: .milliseconds(1))
  }
}

/// Where `clock`'s time is, as a duration since `start`.
func elapsed(on clock: TestClock, since start: TestClock.Instant) -> Duration {
  start.duration(to: clock.now)
}

/// The value of `task`, which is cancelled if the waiting test is (at its time limit): a clock that never
/// resumes a sleep fails the test instead of hanging it.
func valueOf<Success: Sendable>(_ task: Task<Success, any Error>) async throws -> Success {
  try await withTaskCancellationHandler {
    try await task.value
  } onCancel: {
    task.cancel()
  }
}
