public import ComposableArchitecture
import Counter
import FavoritePrimes

/// PrimeTime's logic: the counter screen's and the favourites screen's reducers, each pulled back onto its
/// part of ``AppState`` with its slice of ``AppEnvironment``, the app's own start-up loading, and the
/// navigation (``AppState/tab``) that follows the person's actions.
///
/// This is the bare composition, as the original app tested it; ``primeTimeReducer`` adds the activity feed
/// and autosave.
public let appReducer: Reducer<AppState, AppAction, AppEnvironment> = combine(
  pullback(
    counterViewReducer,
    value: \AppState.counterView,
    action: AppAction.counterViewCase,
    environment: { $0.nthPrime }
  ),
  pullback(
    favoritePrimesReducer,
    value: \AppState.favoritePrimesState,
    action: AppAction.favoritePrimesCase,
    environment: { $0.favoritePrimes }
  ),
  sessionReducer,
  navigationReducer
)

/// ``appReducer`` with ``activityFeed(_:)`` and ``autosave(_:)``: what the `primetime` executable runs
/// (wrapped in `logging` when asked to log).
public let primeTimeReducer: Reducer<AppState, AppAction, AppEnvironment> = activityFeed(autosave(appReducer))

/// The session's start and end. Start-up loads the favourites, then the activity of earlier sessions; one
/// failing does not stop the other. At the end, favourites a save could not store are saved once more, so a
/// lock that has gone away by then loses nothing.
let sessionReducer: Reducer<AppState, AppAction, AppEnvironment> = { state, action, environment in
  switch action {
  case .launched:
    let favorites = environment.favoritePrimes
    let activity = environment.activity
    return [
      .run { send in
        do {
          await send(.favoritePrimes(.loadedFavoritePrimes(try await favorites.load())))
        } catch is CancellationError {
          return
        } catch {
          await send(.favoritePrimes(.loadFailed("\(error)")))
        }
        do {
          await send(.activityLoaded(try await activity.load()))
        } catch is CancellationError {
          return
        } catch {
          await send(.activityLoadFailed("\(error)"))
        }
      }
    ]

  case let .activityLoaded(activity):
    state.activityFeed = activity + state.activityFeed
    state.activityFeedProblem = nil
    return []

  case let .activityLoadFailed(reason):
    state.activityFeedProblem = .loadFailed(reason)
    return []

  case .quitRequested:
    return state.favoritePrimesHaveUnsavedChanges ? [.send(.favoritePrimes(.saveButtonTapped))] : []

  case .counterView, .favoritePrimes, .tabSelected:
    return []
  }
}
