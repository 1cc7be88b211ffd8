/// The key of the `\.clock` dependency.
enum ClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static let previewValue: any Clock<Duration> = ContinuousClock()
  static let testValue: any Clock<Duration> = UnimplementedClock()
}

extension DependencyValues {
  /// The clock to sleep on: `try await clock.sleep(for: .seconds(1))`. The continuous clock when live.
  public var clock: any Clock<Duration> {
    get { self[ClockKey.self] }
    set { self[ClockKey.self] = newValue }
  }
}

/// The clock a test gets when it did not choose one: each sleep is reported, then returns at once like an
/// ``ImmediateClock``'s.
final class UnimplementedClock: Clock, Sendable {
  private let base = ImmediateClock()

  var now: ImmediateClock.Instant { base.now }

  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: ImmediateClock.Instant, tolerance: Duration?) async throws {
    RuntimeWarning.report(
      "A test slept on @Dependency(\\.clock) without overriding it; use e.g. $0.clock = ImmediateClock()."
    )
    try await base.sleep(until: deadline, tolerance: tolerance)
  }
}
