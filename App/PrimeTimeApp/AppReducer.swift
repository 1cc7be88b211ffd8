public import ComposableArchitecture
import Counter
import FavoritePrimes

/// PrimeTime's logic: the counter screen's and the favourites screen's reducers, each pulled back onto its
/// part of ``AppState``, the app's own start-up loading, and the navigation (``AppState/tab``) that follows
/// the person's actions.
///
/// The two features are written in the two styles of the library and composed alike: the counter is
/// environment-style and gets its slice of ``AppEnvironment``; the favourites' `FavoritePrimes` is
/// protocol-style, turned into an environment-style reducer by `asReducer()`, and reads its client from the
/// dependencies in effect where the app runs (`.dependency(\.favoritePrimesClient, ...)` on the app's store,
/// or a test's override).
///
/// This is the bare composition, as the original app tested it; ``primeTimeReducer`` adds the activity feed
/// and autosave. Each read makes it anew, so the `FavoritePrimes` inside captures the overrides of the code
/// that reads it, never those of whoever read it first.
public var appReducer: Reducer<AppState, AppAction, AppEnvironment> {
  combine(
    pullback(
      counterViewReducer,
      value: \AppState.counterView,
      action: AppAction.counterViewCase,
      environment: { $0.nthPrime }
    ),
    pullback(
      FavoritePrimes().asReducer(),
      value: \AppState.favoritePrimesState,
      action: AppAction.favoritePrimesCase,
      environment: { (_: AppEnvironment) in () }
    ),
    sessionReducer,
    navigationReducer
  )
}

/// ``appReducer`` with ``activityFeed(_:)`` and ``autosave(_:)``: what the `primetime` executable runs
/// (wrapped in a trace when asked to log). Each read makes it anew, as ``appReducer``.
public var primeTimeReducer: Reducer<AppState, AppAction, AppEnvironment> { activityFeed(autosave(appReducer)) }

/// The session's start and end, and the reading of the activity history. Start-up loads the favourites
/// (through the dependencies' client, as `FavoritePrimes` does), then the latest ``activityPageSize`` entries
/// of the history, so a start does not read all of it; one failing does not stop the other. The rest is read
/// when asked for (``AppAction/allActivityRequested``); choosing the activity tab first brings in what another
/// PrimeTime stored meanwhile, its activity and its favourites. The end (``AppAction/quitRequested``) is
/// recorded in ``AppState/ending``, so that ``autosave(_:)`` gives unsaved favourites their last save.
let sessionReducer: Reducer<AppState, AppAction, AppEnvironment> = { state, action, environment in
  switch action {
  case .launched:
    let favorites = DependencyValues.current.favoritePrimesClient
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
          await send(.activityLoaded(try await activity.page(nil, activityPageSize)))
        } catch is CancellationError {
          return
        } catch {
          await send(.activityLoadFailed("\(error)"))
        }
      }
    ]

  case .allActivityRequested:
    guard state.activityFeedHasEarlier else { return [] }
    let activity = environment.activity
    let before = state.activityFeed.first?.id
    return [
      .run { send in
        do {
          await send(.activityLoaded(try await activity.page(before, nil)))
        } catch is CancellationError {
          return
        } catch {
          await send(.activityLoadFailed("\(error)"))
        }
      }
    ]

  case let .activityLoaded(page):
    // Entries older than the feed's go before it, newer ones after; those it holds are not taken twice.
    let oldest = state.activityFeed.first?.id ?? .max
    let newest = state.activityFeed.last?.id ?? .min
    let older = page.activity.prefix { $0.id < oldest }
    let newer = page.activity[older.endIndex...].drop { $0.id <= newest }
    state.activityFeed = older + state.activityFeed + newer
    if page.activity.first.map({ $0.id < oldest }) ?? true {
      state.activityFeedHasEarlier = page.hasEarlier
    }
    state.activityFeedProblem = nil
    return []

  case let .activityLoadFailed(reason):
    state.activityFeedProblem = .loadFailed(reason)
    return []

  case .quitRequested:
    // The last save itself is autosave's: it saves whatever is unsaved once no save runs.
    state.ending = state.favoritePrimes.isSaving ? .afterTheRunningSave : .lastSaveMade
    return []

  case .tabSelected(.activity):
    // The feed is brought up to date, and the favourites with it, so the two agree: what another PrimeTime
    // stored since this one's last load or save comes in (a save of no changes asks for just that).
    return [state.saveFavorites()]

  case .counterView, .favoritePrimes, .tabSelected:
    return []
  }
}

/// How many of the latest activity entries start-up reads, and `activity` shows.
public let activityPageSize = 20
