public import ComposableArchitecture
public import Counter

extension AppEnvironment {
  /// The environment made of the dependencies in effect: how the live app runs ``appReducer`` through the
  /// dependency system, so that a whole run is redirected by overriding dependencies. The favourites' client
  /// is read from the same dependencies where it is used (``AppEnvironment`` says where).
  ///
  /// ```swift
  /// let app = Reduce(liveAppReducer, environment: AppEnvironment.init(dependencies:))
  ///   .dependency(\.favoritePrimesClient, .inMemory())   // --sandbox: nothing touches the disk
  /// ```
  public init(dependencies: DependencyValues) {
    self.init(
      activity: dependencies.activityClient,
      nthPrime: dependencies.counterEnvironment,
      date: dependencies.date,
      log: dependencies.appLog
    )
  }
}

extension DependencyValues {
  /// Where the activity of earlier sessions comes from. Tests fail when it is used without an override;
  /// previews keep it in memory. The executable provides the live value, which needs the database it opened.
  public var activityClient: ActivityClient {
    get { self[ActivityClientKey.self] }
    set { self[ActivityClientKey.self] = newValue }
  }

  /// How the counter finds the nth prime: computed on this machine, live and in previews.
  public var counterEnvironment: CounterEnvironment {
    get { self[CounterEnvironmentKey.self] }
    set { self[CounterEnvironmentKey.self] = newValue }
  }

  /// Where the app's log lines go: nowhere unless overridden.
  public var appLog: @Sendable (String) -> Void {
    get { self[AppLogKey.self] }
    set { self[AppLogKey.self] = newValue }
  }
}

private enum ActivityClientKey: TestDependencyKey {
  static let testValue = ActivityClient.failing
  static let previewValue = ActivityClient.inMemory()
}

private enum CounterEnvironmentKey: DependencyKey {
  static let liveValue = CounterEnvironment.live
  static let testValue = CounterEnvironment.failing
}

private enum AppLogKey: DependencyKey {
  static let liveValue: @Sendable (String) -> Void = { _ in }
  static let testValue: @Sendable (String) -> Void = { _ in }
}
