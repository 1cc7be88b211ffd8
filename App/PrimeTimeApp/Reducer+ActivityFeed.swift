public import ComposableArchitecture
import FavoritePrimes

/// Records every change to the favourites in ``AppState/activityFeed``, dated by the environment's clock.
///
/// The entries come from comparing the favourites before and after `reducer` runs, so they say what really
/// changed, whichever action changed it: removals first, in the order the primes were listed, then additions
/// in their new order. Deleting several favourites at once records each prime that went, and a refused save
/// (a prime already a favourite, or not prime) records nothing. Loading favourites is not activity: a
/// loaded list replaces the old one without entries. The clock is read once per action that changed
/// something.
public func activityFeed(
  _ reducer: @escaping Reducer<AppState, AppAction, AppEnvironment>
) -> Reducer<AppState, AppAction, AppEnvironment> {
  afterTheUserChangesFavorites(reducer) { state, before, environment in
    let changes = FavoritesChange(from: before, to: state.favoritePrimes)
    guard !changes.isEmpty else { return [] }
    let timestamp = environment.date.now
    state.activityFeed += changes.removed.map { Activity(timestamp: timestamp, type: .removedFavoritePrime($0)) }
    state.activityFeed += changes.added.map { Activity(timestamp: timestamp, type: .addedFavoritePrime($0)) }
    return []
  }
}

/// `reducer`, followed by `body` after each action of the user's that changed the favourites; `body`
/// receives the favourites from before the action, and its effects run after `reducer`'s.
func afterTheUserChangesFavorites(
  _ reducer: @escaping Reducer<AppState, AppAction, AppEnvironment>,
  _ body: @escaping @Sendable (inout AppState, _ before: [Int], AppEnvironment) -> [Effect<AppAction>]
) -> Reducer<AppState, AppAction, AppEnvironment> {
  { state, action, environment in
    let before = state.favoritePrimes
    let effects = reducer(&state, action, environment)
    guard state.favoritePrimes != before, action.recordsActivity else { return effects }
    return effects + body(&state, before, environment)
  }
}

extension AppAction {
  /// Whether a change of the favourites made by this action is the user's doing, to record and save, rather
  /// than a list coming back from storage (loaded, or saved with another PrimeTime's changes in it).
  var recordsActivity: Bool {
    switch self {
    case .favoritePrimes(.loadedFavoritePrimes), .favoritePrimes(.favoritePrimesSaved): false
    case .launched, .activityLoaded, .activityLoadFailed, .quitRequested, .counterView, .favoritePrimes, .tabSelected:
      true
    }
  }
}
