/// A clock no test should sleep on: each sleep is reported as a runtime warning, which fails the running test,
/// naming the clock and how to fix the test, and then returns at once, like an ``ImmediateClock``'s.
///
/// It is the test value of the `\.clock` dependency, named `@Dependency(\.clock)`, so a test that sleeps
/// without choosing a clock fails and says so. Name your own after the wait it stands for:
///
/// ```swift
/// let clock = UnimplementedClock(name: "the retry delay")
/// try await clock.sleep(for: .seconds(5))
/// ```
///
/// fails the running test with a message that starts `UnimplementedClock "the retry delay" was asked to
/// sleep for 5.0 seconds` and says how to fix the test.
///
/// Its instants are an ``ImmediateClock``'s: each sleep moves its time forward to the deadline.
public final class UnimplementedClock: Clock, Sendable {
  /// What the warnings call the clock.
  public let name: String

  private let base = ImmediateClock()

  /// Creates a clock at time zero that warnings call `name`.
  public init(name: String = "Clock") {
    self.name = name
  }

  /// The clock's time: zero plus every sleep so far.
  public var now: ImmediateClock.Instant { base.now }

  /// The clock measures any duration exactly.
  public var minimumResolution: Duration { base.minimumResolution }

  /// Reports the sleep as a runtime warning, then moves the clock's time to `deadline`, if it is later, and
  /// returns after a yield; throws `CancellationError` when the task is cancelled.
  public func sleep(until deadline: ImmediateClock.Instant, tolerance: Duration?) async throws {
    RuntimeWarning.report(
      "UnimplementedClock \"\(name)\" was asked to sleep for \(now.duration(to: deadline)), but it is a clock "
        + "no test should sleep on. Give the code under test a clock the test chooses: a TestClock, whose time "
        + "moves only when the test advances it, or an ImmediateClock, whose sleeps return at once (for "
        + "@Dependency(\\.clock), set $0.clock = TestClock() in the test store's dependencies)."
    )
    try await base.sleep(until: deadline, tolerance: tolerance)
  }
}
