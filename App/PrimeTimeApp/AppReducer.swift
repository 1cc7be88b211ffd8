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
      through: { state, reduce in reduce(&state.counterView) },
      action: AppAction.counterViewCase,
      environment: { $0.nthPrime }
    ),
    pullback(
      FavoritePrimes().asReducer(),
      value: \AppState.favorites,
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

/// The session's start and end, and the reading of the activity history. Start-up loads the favourites,
/// then the latest ``activityPageSize`` entries of the history, so a start does not read all of it; one failing
/// does not stop the other. The rest is read when asked for (``AppAction/allActivityRequested``); showing the
/// activity first brings in what another PrimeTime stored meanwhile, its activity and its favourites. The end
/// (``AppAction/quitRequested``) is recorded in ``AppState/ending``, so that ``autosave(_:)`` gives unsaved
/// favourites their last save.
///
/// Both clients come from the dependencies in effect (`\.favoritePrimesClient`, `\.activityClient`), the one
/// channel `FavoritePrimes` and ``autosave(_:)`` read too, so one override reaches them all.
let sessionReducer: Reducer<AppState, AppAction, AppEnvironment> = { state, action, _ in
  switch action {
  case .launched:
    let favorites = DependencyValues.current.favoritePrimesClient
    let activity = DependencyValues.current.activityClient
    return [
      .run { send in
        do {
          await send(.favoritePrimes(.loadedFavoritePrimes(try await favorites.load())))
        } catch is CancellationError {
          return
        } catch {
          await send(.favoritePrimes(.loadFailed("\(error)")))
        }
        await sendPage(of: activity, before: nil, limit: activityPageSize, to: send)
      }
    ]

  case .allActivityRequested:
    // The activity shows (``navigationReducer``), so it is brought up to date first, as choosing its tab does.
    let sync = state.saveFavorites()
    guard state.activity.hasEarlier else { return [sync] }
    let activity = DependencyValues.current.activityClient
    let before = state.activity.entries.first?.id
    return [
      .concatenate(
        sync,
        .run { send in await sendPage(of: activity, before: before, limit: nil, to: send) }
      )
    ]

  case let .activityLoaded(page):
    // Entries older than the feed's go before it, newer ones after; those it holds are not taken twice.
    let oldest = state.activity.entries.first?.id ?? .max
    let newest = state.activity.entries.last?.id ?? .min
    let older = page.activity.prefix { $0.id < oldest }
    let newer = page.activity[older.endIndex...].drop { $0.id <= newest }
    state.activity.entries = older + state.activity.entries + newer
    if page.activity.first.map({ $0.id < oldest }) ?? true {
      state.activity.hasEarlier = page.hasEarlier
    }
    state.activity.problem = nil
    return []

  case let .activityLoadFailed(reason):
    state.activity.problem = .loadFailed(reason)
    return []

  case .quitRequested:
    // The last save itself is autosave's: it saves whatever is unsaved once no save runs.
    state.ending = state.favorites.favoritePrimes.isSaving ? .afterTheRunningSave : .lastSaveMade
    // An import or backup still running is stopped, as Ctrl-C stops it, rather than waited for: an import's
    // primes join only once all are stored, so the favourites saved before it are all there is to keep.
    guard state.favorites.isStoppable else { return [] }
    return [.send(.favoritePrimes(.stopTapped))]

  case .interruptTapped:
    // One long command runs at a time: an import or a backup, else (if one is asked) the nth-prime question.
    let stop: AppAction =
      state.favorites.isStoppable ? .favoritePrimes(.stopTapped) : .counterView(.counter(.nthPrimeCancelButtonTapped))
    return [.send(stop)]

  case .tabSelected(.activity):
    // The feed is brought up to date, and the favourites with it, so the two agree: what another PrimeTime
    // stored since this one's last load or save comes in (a save of no changes asks for just that).
    return [state.saveFavorites()]

  case .counterView, .favoritePrimes, .tabSelected:
    return []
  }
}

/// Sends the page of the history `activity` reads (``AppAction/activityLoaded(_:)``), or why it could not be
/// read (``AppAction/activityLoadFailed(_:)``); nothing once the effect is cancelled.
private func sendPage(of activity: ActivityClient, before: Int64?, limit: Int?, to send: Send<AppAction>) async {
  do {
    await send(.activityLoaded(try await activity.page(before, limit)))
  } catch is CancellationError {
    return
  } catch {
    await send(.activityLoadFailed("\(error)"))
  }
}

/// How many of the latest activity entries start-up reads, and `activity` shows.
public let activityPageSize = 20

/// Moves ``AppState/tab`` to the tab an action shows (``AppAction/tabShown``): a person's action on a screen
/// shows that screen, choosing a tab shows it, and nothing effects send back moves the person.
let navigationReducer: Reducer<AppState, AppAction, AppEnvironment> = { state, action, _ in
  if let tab = action.tabShown {
    state.tab = tab
  }
  return []
}

/// Adds to ``AppState/activity`` the activity every load and save of the favourites brings back
/// (``FavoritePrimesSync/activity``): this session's changes and another PrimeTime's, as the store recorded and
/// dated them. Entries the feed holds already (an id not above its newest) are not taken twice; the app makes
/// no entry of its own.
public func activityFeed(
  _ reducer: @escaping Reducer<AppState, AppAction, AppEnvironment>
) -> Reducer<AppState, AppAction, AppEnvironment> {
  { state, action, environment in
    let effects = reducer(&state, action, environment)
    switch action {
    case let .favoritePrimes(.loadedFavoritePrimes(sync)), let .favoritePrimes(.favoritePrimesSaved(sync)),
      let .favoritePrimes(.importSaved(sync)):
      let newest = state.activity.entries.last?.id ?? .min
      // Oldest first, ids increasing: the new ones are a suffix.
      state.activity.entries += sync.activity.drop { $0.id <= newest }
    default:
      break
    }
    return effects
  }
}

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
    let unsavedBefore = state.favorites.favoritePrimes.unsavedChanges.count
    var effects = reducer(&state, action, environment)
    guard !state.favorites.favoritePrimes.isSaving else { return effects }
    // A pattern, not `==`: comparing AppActions with `==` on every action cost `app.send.incr` half its time.
    var isLastSave = if case .quitRequested = action { true } else { false }
    if state.ending == .afterTheRunningSave {
      state.ending = .lastSaveMade
      isLastSave = true
    }
    let changed: Bool
    if case .favoritePrimes(.saveFailed) = action {
      changed = false
    } else {
      changed = state.favorites.favoritePrimes.unsavedChanges.count > unsavedBefore
    }
    guard state.favorites.favoritePrimes.hasUnsavedChanges, changed || isLastSave else { return effects }
    effects.append(state.saveFavorites())
    return effects
  }
}

extension AppState {
  /// A save of the favourites' unsaved changes through the dependencies' client, which takes them out of the
  /// list (a failed save gives them back); with none, it only brings in what another PrimeTime stored since
  /// this one's last load or save, with its activity.
  mutating func saveFavorites() -> Effect<AppAction> {
    FavoritePrimes.save(takingUnsavedChangesOf: &favorites.favoritePrimes, with: DependencyValues.current.favoritePrimesClient)
      .map(AppAction.favoritePrimes)
  }
}
