public import ComposableArchitecture
import Counter
import FavoritePrimes

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
      nthPrime: dependencies.nthPrimeClient,
      log: dependencies.appLog
    )
  }
}

extension DependencyValues {
  /// Where the app's log lines go: nowhere unless overridden.
  public var appLog: @Sendable (String) -> Void {
    get { self[AppLogKey.self] }
    set { self[AppLogKey.self] = newValue }
  }
}

private enum AppLogKey: DependencyKey {
  static let liveValue: @Sendable (String) -> Void = { _ in }
  static let testValue: @Sendable (String) -> Void = { _ in }
}
