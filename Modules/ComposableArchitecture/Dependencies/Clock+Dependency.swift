/// The key of the `\.clock` dependency.
enum ClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static let previewValue: any Clock<Duration> = ContinuousClock()
  static var testValue: any Clock<Duration> {
    RuntimeWarning.report(
      "A test used @Dependency(\\.clock) without overriding it; use e.g. $0.clock = ImmediateClock()."
    )
    return ImmediateClock()
  }
}

extension DependencyValues {
  /// The clock to sleep on: `try await clock.sleep(for: .seconds(1))`. The continuous clock when live.
  public var clock: any Clock<Duration> {
    get { self[ClockKey.self] }
    set { self[ClockKey.self] = newValue }
  }
}
