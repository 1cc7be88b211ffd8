import ComposableArchitecture
import FavoritePrimes
import PrimeTimeApp
import REPL

extension Options {
  /// `primetime replay FILE [--until N]` and `primetime replay --diff OLD FILE`, through PrimeTime's reducer.
  ///
  /// The reducers read the favourites' client and call the nth-prime client to build effects that are then
  /// dropped: in-memory and never-answering ones, so that nothing outside the process is touched.
  static var replayCommand: ReplayCommand<AppState, AppAction> {
    ReplayCommand(program: "primetime", version: version, reducerName: "PrimeTime's reducer") { recording, until in
      withDependencies {
        $0.favoritePrimesClient = .inMemory()
        $0.activityClient = .inMemory()
      } operation: {
        replay(
          recording,
          reducer: primeTimeReducer,
          environment: AppEnvironment(activity: .inMemory(), nthPrime: .answering(nil)),
          through: until
        )
      }
    }
  }
}
