public import ComposableArchitecture
import FavoritePrimes

/// Adds to ``AppState/activityFeed`` the activity every load and save of the favourites brings back
/// (``FavoritePrimesSync/activity``): this session's changes and another PrimeTime's, as the store recorded and
/// dated them. Entries the feed holds already (an id not above its newest) are not taken twice; the app makes
/// no entry of its own.
public func activityFeed(
  _ reducer: @escaping Reducer<AppState, AppAction, AppEnvironment>
) -> Reducer<AppState, AppAction, AppEnvironment> {
  { state, action, environment in
    let effects = reducer(&state, action, environment)
    switch action {
    case let .favoritePrimes(.loadedFavoritePrimes(sync)), let .favoritePrimes(.favoritePrimesSaved(sync)):
      let newest = state.activityFeed.last?.id ?? .min
      // Oldest first, ids increasing: the new ones are a suffix.
      state.activityFeed += sync.activity.drop { $0.id <= newest }
    default:
      break
    }
    return effects
  }
}
