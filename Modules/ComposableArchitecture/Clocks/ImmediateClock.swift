import Synchronization

/// A clock whose sleeps return at once, moving its time forward to the deadline: time-based code runs
/// instantly and deterministically in tests and demos.
///
/// Sleeping still suspends briefly (it yields), and throws `CancellationError` when the task is cancelled.
public final class ImmediateClock: Clock, Sendable {
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

  private let current = Mutex(Instant(offset: .zero))

  /// Creates a clock at time zero.
  public init() {}

  /// The clock's time: zero plus every sleep so far.
  public var now: Instant { current.withLock { $0 } }

  /// The clock measures any duration exactly.
  public var minimumResolution: Duration { .zero }

  /// Moves the clock's time to `deadline`, if it is later, and returns after a yield.
  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = Swift.max($0, deadline) }
    await Task.yield()
    try Task.checkCancellation()
  }
}
