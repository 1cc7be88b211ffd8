import ComposableArchitecture
import ComposableArchitectureTestSupport
import Counter
import FavoriteList
import FavoritePrimes
import Foundation
import PrimeTimeApp
import Synchronization

/// A fixed instant for activity timestamps: 2026-11-21 12:00:00 UTC.
let noon = Date(timeIntervalSince1970: 1_795_262_400)

extension AppEnvironment {
  /// An environment whose nth-prime client fails the test unless given. The favourites' and the activity's
  /// clients are no part of it: a test overrides `\.favoritePrimesClient` and `\.activityClient` in the
  /// dependencies.
  static func stub(nthPrime: NthPrimeClient = .failing) -> Self {
    AppEnvironment(nthPrime: nthPrime)
  }
}

extension AppState {
  /// A fresh start's state with the fields most tests set: the count, the favourites (not loaded yet), the
  /// activity and the tab.
  init(count: Int = 0, favoritePrimes: FavoriteList = [], activityFeed: [Activity] = [], tab: Tab = .counter) {
    self.init(
      counter: CounterState(count: count),
      favorites: FavoritePrimesState(favoritePrimes: favoritePrimes, isLoaded: false),
      activity: ActivityFeed(entries: activityFeed),
      tab: tab
    )
  }
}

extension FavoritePrimesClient {
  /// A client whose saves are recorded in `log`, each returning an entry for every change sent (dated
  /// ``noon``, ids from `firstID` on) and no list; its loads fail the test.
  static func recordingSaves(into log: CallLog<[Activity.Kind]>, firstID: Int64 = 1) -> Self {
    let next = Mutex(firstID)
    return FavoritePrimesClient(
      load: FavoritePrimesClient.failing.load,
      save: { changes in
        log.append(changes)
        return FavoritePrimesSync(activity: changes.map { change in
          Activity(id: next.withLock { id in defer { id += 1 }; return id }, timestamp: noon, type: change)
        })
      }
    )
  }

  /// A client whose saves are recorded in `log`; the first throws an error described as `reason`, the others
  /// store their changes and bring back nothing. Its loads fail the test.
  static func firstSaveFailing(_ reason: String, log: CallLog<[Activity.Kind]>) -> Self {
    FavoritePrimesClient(
      load: FavoritePrimesClient.failing.load,
      save: { changes in
        log.append(changes)
        if log.values.count == 1 { throw TestError(reason) }
        return FavoritePrimesSync()
      }
    )
  }

  /// A client whose saves throw an error described as `reason`.
  static func failingSaves(_ reason: String) -> Self {
    FavoritePrimesClient(load: FavoritePrimesClient.failing.load, save: { _ in throw TestError(reason) })
  }
}

/// The feed's entry `id`: `type`, dated ``noon``.
func entry(_ id: Int64, _ type: Activity.Kind) -> Activity {
  Activity(id: id, timestamp: noon, type: type)
}

/// An error with a fixed description.
struct TestError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
