public import ComposableArchitecture
import FavoritePrimes
import PrimeModal

/// Saves the changes to the favourites through the dependencies' client (`\.favoritePrimesClient`, the one
/// `FavoritePrimes` uses) after every action that made one, so quitting never loses a favourite; the save
/// records the activity in the same transaction, and what it returns joins the feed (``activityFeed(_:)``).
///
/// Each change is known from the action that made it, never by comparing lists: the favourites screen
/// records its own (``FavoritePrimesState/unsavedChanges``), and the counter's modal, which knows nothing of
/// saving, adds or removes the count when its button did not record a problem, which this records. A save
/// sends the changes not saved yet and takes them out of the state; one that fails gives them back for the next
/// save, so each change is sent once. A save that comes back with another PrimeTime's list takes it in
/// (``FavoritePrimesAction/favoritePrimesSaved(_:)``). Saves are never cancelled, not even by a newer one
/// (their changes would be lost); the stored list can be told from this session's changes only if its saves
/// do not overlap, so a front end waits for each save to finish, as the `primetime` REPL does.
public func autosave(
  _ reducer: @escaping Reducer<AppState, AppAction, AppEnvironment>
) -> Reducer<AppState, AppAction, AppEnvironment> {
  { state, action, environment in
    let unsaved = state.favoritePrimesUnsavedChanges.count
    var effects = reducer(&state, action, environment)
    if case let .counterView(.primeModal(button)) = action, state.primeModalProblem == nil {
      switch button {
      case .saveFavoritePrimeTapped: state.favoritePrimesUnsavedChanges.append(.addedFavoritePrime(state.count))
      case .removeFavoritePrimeTapped: state.favoritePrimesUnsavedChanges.append(.removedFavoritePrime(state.count))
      }
    }
    // Only an action that made a change saves: a failed save's changes, given back, wait for the next change
    // or `save`, rather than being retried at once for ever.
    if case .favoritePrimes(.saveFailed) = action { return effects }
    guard state.favoritePrimesUnsavedChanges.count > unsaved else { return effects }
    effects.append(state.saveFavorites())
    return effects
  }
}

extension AppState {
  /// A save of the favourites' unsaved changes through the dependencies' client, which takes them out of the
  /// state (a failed save gives them back); with none, it only brings in what another PrimeTime stored since
  /// this one's last load or save, with its activity.
  mutating func saveFavorites() -> Effect<AppAction> {
    var favorites = favoritePrimesState
    let save = FavoritePrimes.save(
      takingUnsavedChangesOf: &favorites, with: DependencyValues.current.favoritePrimesClient)
    favoritePrimesUnsavedChanges = favorites.unsavedChanges
    return save.map(AppAction.favoritePrimes)
  }
}
