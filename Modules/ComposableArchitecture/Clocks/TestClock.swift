import Synchronization

/// A clock whose time moves only when a test moves it: a sleep on it waits until the test advances the clock
/// to its deadline, so a test of a timer or a debounce says exactly when each wait ends.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: Stopwatch.State(), reducer: Stopwatch()) {
///   $0.clock = clock
/// }
///
/// await store.send(.startButtonTapped) { $0.isRunning = true }
/// await clock.advance(by: .seconds(1))
/// await store.receive(.tick) { $0.secondsElapsed = 1 }
/// await store.send(.stopButtonTapped) { $0.isRunning = false }
/// await store.finish()
/// ```
///
/// ``advance(by:)`` and ``advance(to:)`` resume the sleeps that fall due in deadline order (equal deadlines
/// in the order the sleeps started), and let each resumed task run on to its next sleep before looking at
/// later deadlines: a timer that sleeps a second between ticks, advanced by three seconds, ticks three times.
/// ``run(timeout:fileID:line:)`` advances until no sleep is left. A sleep whose deadline has come returns at
/// once; a cancelled sleep throws `CancellationError` at once.
///
/// The clock cannot see what other tasks do between two sleeps; it lets them run until it has seen no new
/// sleep for a moment: until a resumed task sleeps on the clock again, or, when it does not, for some
/// milliseconds (see ``advance(to:)``). Advance a clock from one task at a time.
public final class TestClock: Clock, Sendable {
  /// A point on this clock: a duration since the clock was made.
  public struct Instant: InstantProtocol {
    let offset: Duration

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Self {
      Instant(offset: offset + duration)
    }

    /// The duration from this instant to `other`.
    public func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  /// A task suspended in ``sleep(until:tolerance:)``.
  private struct Sleeper {
    /// Its place in the order sleeps started, which breaks ties between equal deadlines.
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  /// How far the sleeper an advance resumed last has got: the advance waits for its turn to end before it
  /// looks at later deadlines.
  private enum Turn {
    /// Its sleep was resumed; its task has not run yet.
    case resumed(sleeper: UInt64)
    /// Its task (`taskKey`) runs, and has not slept on this clock again.
    case running(task: Int)
    /// Its task sleeps on this clock again: whatever it does next waits for the clock.
    case over
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    var nextSleeperID: UInt64 = 0
    /// Counts every change an advance waits on: a sleep started, resumed or cancelled, a turn's progress.
    var changes: UInt64 = 0
    var turn: Turn?

    /// Removes and returns the sleeper due first, if its deadline is not after `limit` (any, without one),
    /// moving the time to its deadline and starting its turn.
    mutating func takeNext(dueBy limit: Instant?) -> Sleeper? {
      guard
        let index = sleepers.indices.min(by: {
          (sleepers[$0].deadline, sleepers[$0].id) < (sleepers[$1].deadline, sleepers[$1].id)
        }),
        limit.map({ sleepers[index].deadline <= $0 }) ?? true
      else { return nil }
      let sleeper = sleepers.remove(at: index)
      now = Swift.max(now, sleeper.deadline)
      turn = .resumed(sleeper: sleeper.id)
      changes &+= 1
      return sleeper
    }
  }

  private let state = Mutex(State())

  /// Creates a clock at time zero, with no sleep pending.
  public init() {}

  /// The clock's time: zero until a test advances it.
  public var now: Instant { state.withLock { $0.now } }

  /// The clock measures any duration exactly.
  public var minimumResolution: Duration { .zero }

  /// How many sleeps wait for the clock to reach their deadline: for tests of the clock itself.
  package var pendingSleepCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until a test advances the clock to `deadline`; returns at once (after a yield) if the clock is
  /// already there.
  ///
  /// Throws `CancellationError` at once when the task is cancelled, whether before or during the sleep; a
  /// cancelled sleep is forgotten, and no advance waits for it. `tolerance` is ignored: the sleep ends exactly
  /// at its deadline.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let task = Self.taskKey
    let id: UInt64? = state.withLock { state in
      guard deadline > state.now else { return nil }
      defer { state.nextSleeperID &+= 1 }
      return state.nextSleeperID
    }
    guard let id else {
      await Task.yield()
      try Task.checkCancellation()
      return
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let isCancelled = state.withLock { state in
          // Checked under the lock, so that a cancellation either comes before (and is seen here) or finds
          // the sleeper registered (and removes it).
          guard !Task.isCancelled else { return true }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          // A task an advance resumed ends its turn here, where the advance sees its new sleep.
          if case .running(task)? = state.turn {
            state.turn = .over
          }
          state.changes &+= 1
          return false
        }
        if isCancelled {
          continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        state.changes &+= 1
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
    // Resumed by an advance: tell it this task runs, so that it waits for the task's next sleep.
    state.withLock { state in
      if case .resumed(id)? = state.turn {
        state.turn = .running(task: task)
      }
      state.changes &+= 1
    }
  }

  /// Moves the clock forward by `duration`, resuming every sleep due by then; see ``advance(to:)``.
  ///
  /// With no duration, only lets the tasks about to sleep start their sleeps, and resumes none (a sleep is
  /// never due at once: one whose deadline has come returns without waiting).
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves the clock forward to `deadline`, resuming the sleeps due by then one at a time, in deadline order
  /// (equal deadlines in the order the sleeps started), with the clock's time at each one's deadline.
  ///
  /// Before it starts, and after resuming each sleep, it lets other tasks run: until the resumed task sleeps
  /// on this clock again, and then a few rounds more; or, when no task was resumed or the resumed one does not
  /// sleep again, until nothing has slept or woken for some milliseconds. So a task that starts a sleep due by
  /// `deadline` while the advance runs, as a timer does after each tick, has it resumed too. Every wait is
  /// bounded: a resumed task that does not run for 30 seconds is no longer waited for.
  ///
  /// The clock never moves backward: an instant before ``now`` only lets tasks start their sleeps. A
  /// cancelled advance returns at once, with the time where it got to.
  public func advance(to deadline: Instant) async {
    await settle()
    while !Task.isCancelled, let sleeper = state.withLock({ $0.takeNext(dueBy: deadline) }) {
      sleeper.continuation.resume()
      await settle()
    }
    guard !Task.isCancelled else { return }
    state.withLock { $0.now = Swift.max($0.now, deadline) }
  }

  /// Advances the clock from deadline to deadline until no sleep is left, as ``advance(to:)`` does, giving up
  /// after `timeout` of real time.
  ///
  /// Sleeps that keep starting more (a timer that runs until it is stopped) never let it finish: after
  /// `timeout` it reports, as a runtime warning that fails the running test, how many sleeps are left and
  /// where the test called it, and returns, leaving them asleep. Stop such work first, or advance the clock
  /// by as much as the test needs.
  ///
  /// - Parameters:
  ///   - timeout: how long, in real time, to keep advancing.
  ///   - fileID: the file the warning names, as `#fileID` gives it.
  ///   - line: the line the warning names.
  public func run(timeout: Duration = .seconds(5), fileID: StaticString = #fileID, line: UInt = #line) async {
    let giveUp = ContinuousClock.now + timeout
    await settle()
    while !Task.isCancelled {
      if ContinuousClock.now >= giveUp {
        let left = state.withLock { state in
          (count: state.sleepers.count, next: state.sleepers.map(\.deadline).min())
        }
        guard let next = left.next else { return }
        RuntimeWarning.report(
          "TestClock.run(timeout:) gave up after \(timeout) with \(left.count) sleep(s) still waiting, the "
            + "next one until \(next.offset) on the clock. Sleeps that keep starting more, like a timer, never "
            + "let run finish: stop them first, or advance(by:) the clock as far as the test needs.",
          at: SourceLocation(fileID: fileID, line: line)
        )
        return
      }
      guard let sleeper = state.withLock({ $0.takeNext(dueBy: nil) }) else { return }
      sleeper.continuation.resume()
      await settle()
    }
  }

  // MARK: Letting other tasks run

  /// Polls that yield before polling sleeps for `pollInterval`, and the polls with nothing new that end a
  /// wait whose turn is over.
  private static let quietPolls = 16
  /// How long a poll sleeps once yielding has not been enough.
  private static let pollInterval = Duration.microseconds(100)
  /// How long nothing must change before a wait that resumed nothing ends: long enough for a task the test
  /// just started to reach its sleep on a loaded machine.
  private static let quietWindow = Duration.milliseconds(10)
  /// How long a resumed task that does not sleep again is waited for, since the last change.
  private static let turnWindow = Duration.milliseconds(50)
  /// How long the main actor, and then the global executor, are waited for: a program whose main thread does
  /// not run the main actor's jobs (it blocks while the advance runs) only loses this check.
  private static let mainActorLimit = Duration.seconds(1)
  /// The bound of every wait, reached only if a resumed task does not run at all.
  private static let settleLimit = Duration.seconds(30)

  /// Lets other tasks run until the turn of the sleeper resumed last, if any, is over, and the clock has seen
  /// no change for a while (see ``advance(to:)``); then forgets the turn.
  private func settle() async {
    let start = ContinuousClock.now
    var seen = state.withLock { $0.changes }
    var lastChange = start
    var polls = 0
    // Work queued on the main actor before now (an effect a store just started, an action a resumed task
    // sends) runs before this passes; then work that queued on the global executor (an effect's body, which
    // starts on the main actor and leaves it at once) starts before this passes, however busy the machine.
    var mainActor = Checkpoint.onTheMainActor()
    var globalExecutor: Checkpoint?
    defer { state.withLock { $0.turn = nil } }
    polling: while !Task.isCancelled, ContinuousClock.now - start < Self.settleLimit {
      if polls < Self.quietPolls {
        await Task.yield()
      } else {
        try? await Task.sleep(for: Self.pollInterval)
      }
      let (changes, turn) = state.withLock { ($0.changes, $0.turn) }
      let now = ContinuousClock.now
      guard changes == seen else {
        seen = changes
        lastChange = now
        polls = 0
        mainActor = .onTheMainActor()
        globalExecutor = nil
        continue
      }
      polls += 1
      guard polls >= Self.quietPolls, mainActor.isPassed || now - mainActor.made >= Self.mainActorLimit else {
        continue
      }
      guard let globalExecutor else {
        globalExecutor = .onTheGlobalExecutor()
        continue
      }
      guard globalExecutor.isPassed || now - globalExecutor.made >= Self.mainActorLimit else { continue }
      switch turn {
      case .resumed?:
        continue
      case .running?:
        if now - lastChange >= Self.turnWindow { break polling }
      case .over?:
        break polling
      case nil:
        if now - lastChange >= Self.quietWindow { break polling }
      }
    }
  }

  /// The current task, as a number telling it apart from the other tasks alive: its hash, which two live
  /// tasks share with negligible odds, and a collision would only end a turn early.
  private static var taskKey: Int {
    withUnsafeCurrentTask { $0?.hashValue } ?? 0
  }
}

/// Passed once an executor has run a job queued when the checkpoint was made, and so (its queue being first in,
/// first out) has started every job queued on it before.
private final class Checkpoint: Sendable {
  private let passed = Mutex(false)
  /// When the checkpoint was made.
  let made = ContinuousClock.now

  private init() {}

  /// A checkpoint on the main actor.
  static func onTheMainActor() -> Checkpoint {
    let checkpoint = Checkpoint()
    Task { @MainActor in checkpoint.pass() }
    return checkpoint
  }

  /// A checkpoint on the global executor, at the current task's priority: that of the test, which the effects
  /// its store starts inherit.
  static func onTheGlobalExecutor() -> Checkpoint {
    let checkpoint = Checkpoint()
    Task { checkpoint.pass() }
    return checkpoint
  }

  private func pass() {
    passed.withLock { $0 = true }
  }

  var isPassed: Bool { passed.withLock { $0 } }
}
