import ComposableArchitecture
import ComposableArchitectureTestSupport
import Counter
import FavoritePrimes
import Foundation
import PrimeTimeApp

/// A fixed instant for activity timestamps: 2026-11-21 12:00:00 UTC.
let noon = Date(timeIntervalSince1970: 1_795_262_400)

extension AppEnvironment {
  /// An environment whose every dependency fails the test unless given, with a clock stopped at `date`. The
  /// favourites' client is no part of it: a test overrides `\.favoritePrimesClient` in the dependencies.
  static func stub(
    activity: ActivityClient = .failing,
    nthPrime: CounterEnvironment = .failing,
    date: Date = noon
  ) -> Self {
    AppEnvironment(activity: activity, nthPrime: nthPrime, date: .constant(date))
  }
}

extension FavoritePrimesClient {
  /// A client whose saves are recorded in `log` and whose loads fail the test.
  static func recordingSaves(into log: CallLog<[Int]>) -> Self {
    FavoritePrimesClient(
      load: FavoritePrimesClient.failing.load,
      save: { primes in
        log.append(primes)
        return primes
      }
    )
  }

  /// A client whose saves throw an error described as `reason`.
  static func failingSaves(_ reason: String) -> Self {
    FavoritePrimesClient(load: FavoritePrimesClient.failing.load, save: { _ in throw TestError(reason) })
  }
}

/// An error with a fixed description.
struct TestError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
