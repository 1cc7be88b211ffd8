public import ComposableArchitecture
public import Counter
public import FavoritePrimes

extension AppEnvironment {
  /// The environment made of the dependencies in effect: how the live app runs ``appReducer`` through the
  /// dependency system, so that a whole run is redirected by overriding dependencies.
  ///
  /// ```swift
  /// let app = Reduce(liveAppReducer, environment: AppEnvironment.init(dependencies:))
  ///   .dependency(\.favoritePrimesClient, .inMemory())   // --sandbox: nothing touches the disk
  /// ```
  public init(dependencies: DependencyValues) {
    self.init(
      favoritePrimes: dependencies.favoritePrimesClient,
      activity: dependencies.activityClient,
      nthPrime: dependencies.counterEnvironment,
      date: dependencies.date,
      log: dependencies.appLog
    )
  }
}

extension DependencyValues {
  /// Where favourites are kept. Tests fail when it is used without an override; previews keep them in
  /// memory. The executable provides the live value, which needs the database it opened.
  public var favoritePrimesClient: FavoritePrimesClient {
    get { self[FavoritePrimesClientKey.self] }
    set { self[FavoritePrimesClientKey.self] = newValue }
  }

  /// Where the activity of earlier sessions comes from; as ``favoritePrimesClient``.
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

private enum FavoritePrimesClientKey: TestDependencyKey {
  static let testValue = FavoritePrimesClient.failing
  static let previewValue = FavoritePrimesClient.inMemory()
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
