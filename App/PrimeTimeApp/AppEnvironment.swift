public import ComposableArchitecture
public import Counter
public import FavoritePrimes

/// What PrimeTime's environment-style parts need from the outside world, in one flat value that
/// ``appReducer`` slices for each feature.
///
/// The favourites' client is not here: `FavoritePrimes` is written in the protocol style and reads it from
/// the dependencies (`\.favoritePrimesClient`), and so do the app's start-up load and ``autosave(_:)``, so
/// that one override reaches all three.
public struct AppEnvironment: Sendable {
  /// Reads the activity history, a page at a time.
  public var activity: ActivityClient
  /// Finds the nth prime, for the counter.
  public var nthPrime: NthPrimeClient
  /// Receives log lines when logging is switched on; it must never write to standard output.
  public var log: @Sendable (String) -> Void

  /// Creates an environment; `log` discards everything by default.
  public init(
    activity: ActivityClient,
    nthPrime: NthPrimeClient,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.activity = activity
    self.nthPrime = nthPrime
    self.log = log
  }
}

extension AppEnvironment {
  /// For replaying a recording (`primetime replay`, `assertReplay`): the activity in memory and
  /// ``Counter/NthPrimeClient/replaying``, the live clients' limit with effects that send nothing. Nothing
  /// outside the process is touched, and the reducers decide as the live ones did.
  public static let replaying = AppEnvironment(activity: .inMemory(), nthPrime: .replaying)

  /// For tests: every dependency fails the test when used; stub the ones a test needs.
  public static let failing = AppEnvironment(
    activity: .failing,
    nthPrime: .failing
  )
}

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
