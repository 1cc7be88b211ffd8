import ComposableArchitecture
import FavoritePrimes
import PrimeTimeApp
import Replay

extension Options {
  /// `primetime replay FILE [--until N]` and `primetime replay --diff OLD FILE`, through PrimeTime's reducer.
  ///
  /// The reducers read the favourites' client and call the nth-prime client to build effects that are then
  /// dropped: in-memory ones and ``PrimeTimeApp/AppEnvironment/replaying``, so that nothing outside the process
  /// is touched and an n beyond the live limit is refused as it was live.
  static var replayCommand: ReplayCommand<AppState, AppAction> {
    ReplayCommand(program: "primetime", version: version, reducerName: "PrimeTime's reducer") { recording, until in
      withDependencies {
        $0.favoritePrimesClient = .inMemory()
        $0.activityClient = .inMemory()
      } operation: {
        replay(
          recording,
          reducer: primeTimeReducer,
          environment: .replaying,
          through: until
        )
      }
    }
  }
}
