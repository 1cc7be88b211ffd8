public import FoundationEssentials
import Synchronization

/// The time a recorded session that keeps things in memory dates its activity by: a fixed instant first, then one
/// second later at every reading, whatever the real time. Two runs of one script then record the same dates, and
/// `replay --diff` shows where they really differ rather than when they ran.
///
/// `primetime --sandbox --record FILE` and `favorite-primes-demo --record FILE` give it to their store in memory
/// (``FavoritePrimesMemory``), which reads it once per save that changes something:
///
/// ```swift
/// let clock = SteppingClock()
/// let memory = FavoritePrimesMemory(now: clock.now)
/// // The first save is dated 2026-11-21 12:00:00 UTC, the next 12:00:01, and so on.
/// ```
public final class SteppingClock: Sendable {
  /// Where a recorded session's time starts: 2026-11-21 12:00:00 UTC.
  public static let recordingStart = Date(timeIntervalSince1970: 1_795_262_400)

  private let start: Date
  private let step: Double
  private let readings = Mutex(0)

  /// A clock that reads `start` first, then `step` seconds (1 by default) later at each reading.
  public init(start: Date = SteppingClock.recordingStart, step: Double = 1) {
    self.start = start
    self.step = step
  }

  /// The next reading: `start`, then `start + step`, `start + 2 × step`, …
  @Sendable public func now() -> Date {
    let count = readings.withLock { count in
      defer { count += 1 }
      return count
    }
    return start.addingTimeInterval(Double(count) * step)
  }
}
