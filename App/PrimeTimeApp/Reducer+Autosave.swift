public import ComposableArchitecture
import FavoritePrimes

/// Saves the favourites through the dependencies' client (`\.favoritePrimesClient`, the one `FavoritePrimes`
/// uses) after every action that changed them, so quitting
/// never loses a favourite; the save also records the activity in the same transaction.
///
/// A save that finishes sends ``FavoritePrimesAction/favoritePrimesSaved(sent:stored:)``, which takes in what
/// another PrimeTime saved meanwhile (neither recorded as this session's activity nor saved again); one that
/// fails sends ``FavoritePrimesAction/saveFailed(_:)``, which shows the problem while the list stays in
/// memory for the next try. A newer autosave replaces one still in flight; the merge with another
/// PrimeTime's changes needs this session's saves not to overlap, which the `primetime` REPL ensures. Loaded
/// favourites are not saved back.
public func autosave(
  _ reducer: @escaping Reducer<AppState, AppAction, AppEnvironment>
) -> Reducer<AppState, AppAction, AppEnvironment> {
  afterTheUserChangesFavorites(reducer) { state, _, _ in
    let save = FavoritePrimes.save(state.favoritePrimes, with: DependencyValues.current.favoritePrimesClient)
    return [save.map(AppAction.favoritePrimes).cancellable(id: Autosave.id, cancelInFlight: true)]
  }
}

/// The cancellation id of autosaves.
private enum Autosave: Hashable, Sendable {
  case id
}
