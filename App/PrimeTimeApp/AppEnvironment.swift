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
  /// Loads the activity of earlier sessions.
  public var activity: ActivityClient
  /// Finds the nth prime, for the counter.
  public var nthPrime: NthPrimeClient
  /// The clock that dates activity.
  public var date: DateGenerator
  /// Receives log lines when logging is switched on; it must never write to standard output.
  public var log: @Sendable (String) -> Void

  /// Creates an environment; `log` discards everything by default.
  public init(
    activity: ActivityClient,
    nthPrime: NthPrimeClient,
    date: DateGenerator,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.activity = activity
    self.nthPrime = nthPrime
    self.date = date
    self.log = log
  }
}

extension AppEnvironment {
  /// For tests: every dependency fails the test when used; stub the ones a test needs.
  public static let failing = AppEnvironment(
    activity: .failing,
    nthPrime: .failing,
    date: DateGenerator {
      reportIssue("AppEnvironment.date was read, but the test did not stub it.")
      return .distantPast
    }
  )
}
