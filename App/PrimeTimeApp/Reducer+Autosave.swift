public import ComposableArchitecture
import FavoritePrimes

/// Saves the favourites through the dependencies' client (`\.favoritePrimesClient`, the one `FavoritePrimes`
/// uses) after every action that changed them, so quitting never loses a favourite. The save records the activity
/// in the same transaction, and what it returns joins the feed (``activityFeed(_:)``).
///
/// Each change is recorded by the list where it is made (``FavoriteList``); this only reads the list: after an
/// action that left more unsaved changes than it found, with no save running, they are saved. Saves do not
/// overlap. A failed save's changes, given back, wait for the next change or `save`, rather than being retried at
/// once for ever; the end of the session (``AppState/ending``) gives whatever is unsaved one last save, after the
/// save that was running, if one was. Saves are never cancelled (their changes would be lost).
public func autosave(
  _ reducer: @escaping Reducer<AppState, AppAction, AppEnvironment>
) -> Reducer<AppState, AppAction, AppEnvironment> {
  { state, action, environment in
    let unsavedBefore = state.favoritePrimes.unsavedChanges.count
    var effects = reducer(&state, action, environment)
    guard !state.favoritePrimes.isSaving else { return effects }
    var isLastSave = action == .quitRequested
    if state.ending == .afterTheRunningSave {
      state.ending = .lastSaveMade
      isLastSave = true
    }
    let changed: Bool
    if case .favoritePrimes(.saveFailed) = action {
      changed = false
    } else {
      changed = state.favoritePrimes.unsavedChanges.count > unsavedBefore
    }
    guard state.favoritePrimes.hasUnsavedChanges, changed || isLastSave else { return effects }
    effects.append(state.saveFavorites())
    return effects
  }
}

extension AppState {
  /// A save of the favourites' unsaved changes through the dependencies' client, which takes them out of the
  /// list (a failed save gives them back); with none, it only brings in what another PrimeTime stored since
  /// this one's last load or save, with its activity.
  mutating func saveFavorites() -> Effect<AppAction> {
    FavoritePrimes.save(takingUnsavedChangesOf: &favoritePrimes, with: DependencyValues.current.favoritePrimesClient)
      .map(AppAction.favoritePrimes)
  }
}
