/// The key of the `\.clock` dependency.
enum ClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static let previewValue: any Clock<Duration> = ContinuousClock()
  static let testValue: any Clock<Duration> = UnimplementedClock(name: "@Dependency(\\.clock)")
}

extension DependencyValues {
  /// The clock to sleep on: `try await clock.sleep(for: .seconds(1))`. The continuous clock when live.
  ///
  /// In a test that did not choose one, an ``UnimplementedClock``: each sleep fails the test, then returns at
  /// once. Tests set a ``TestClock`` to move time themselves, or an ``ImmediateClock``.
  public var clock: any Clock<Duration> {
    get { self[ClockKey.self] }
    set { self[ClockKey.self] = newValue }
  }
}
