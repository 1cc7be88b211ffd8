public import ComposableArchitecture
public import Counter
public import FavoritePrimes

/// What PrimeTime's environment-style parts need from the outside world, in one value that ``appReducer``
/// slices for each feature: the counter's client, and the log.
///
/// The favourites' and the activity's clients are not here: `FavoritePrimes` is written in the protocol style
/// and reads its client from the dependencies (`\.favoritePrimesClient`), and so do the app's session and
/// ``autosave(_:)``, with the activity's (`\.activityClient`), so that one override reaches all of them.
public struct AppEnvironment: Sendable {
  /// Finds the nth prime, for the counter.
  public var nthPrime: NthPrimeClient
  /// Receives log lines when logging is switched on; it must never write to standard output.
  public var log: @Sendable (String) -> Void

  /// Creates an environment; `log` discards everything by default.
  public init(nthPrime: NthPrimeClient, log: @escaping @Sendable (String) -> Void = { _ in }) {
    self.nthPrime = nthPrime
    self.log = log
  }
}

extension AppEnvironment {
  /// For replaying a recording (`primetime replay`, `assertReplay`): ``Counter/NthPrimeClient/replaying``,
  /// the live clients' limit with effects that send nothing, so the reducers decide as the live ones did.
  /// The replay puts the favourites and the activity in memory through the dependencies.
  public static let replaying = AppEnvironment(nthPrime: .replaying)

  /// For tests: the nth-prime client fails the test when used; stub it where a test needs it.
  public static let failing = AppEnvironment(nthPrime: .failing)
}

extension AppEnvironment {
  /// The environment made of the dependencies in effect: how the live app runs ``appReducer`` through the
  /// dependency system, so that a whole run is redirected by overriding dependencies. The favourites' and the
  /// activity's clients are read from the same dependencies where they are used (``AppEnvironment`` says where).
  ///
  /// ```swift
  /// let app = Reduce(liveAppReducer, environment: AppEnvironment.init(dependencies:))
  ///   .dependency(\.favoritePrimesClient, .inMemory())   // --sandbox: nothing touches the disk
  /// ```
  public init(dependencies: DependencyValues) {
    self.init(nthPrime: dependencies.nthPrimeClient, log: dependencies.appLog)
  }
}

extension Store where Value == AppState, Action == AppAction {
  /// PrimeTime's store as `primetime` runs it: ``primeTimeReducer`` over the environment made of the
  /// dependencies, in the live context, with these clients; traced to `log` when there is one.
  ///
  /// The benchmarks build their stores here too, so that what they time is what the executable runs.
  public static func primeTime(
    favoritePrimes: FavoritePrimesClient,
    activity: ActivityClient,
    nthPrime: NthPrimeClient,
    log: (@Sendable (String) -> Void)? = nil
  ) -> Store {
    let reducer = log == nil ? primeTimeReducer : tracing(primeTimeReducer, to: { Trace(write: $0.log) })
    return Store(
      initialState: AppState(),
      reducer: Reduce(reducer, environment: AppEnvironment.init(dependencies:))
        .dependency(\.context, .live)
        .dependency(\.favoritePrimesClient, favoritePrimes)
        .dependency(\.activityClient, activity)
        .dependency(\.nthPrimeClient, nthPrime)
        .dependency(\.appLog, log ?? { _ in })
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
