public import Counter
import FavoriteList
public import FavoritePrimes
public import PrimeModal

/// Everything PrimeTime shows: each feature's state, nested as the features are, and which of them the
/// person is on (``tab``, and ``screen`` read from it).
///
/// The favourites have one owner, ``favorites``; the counter screen, whose modal edits them, sees them through
/// ``counterView``, the view state of the original app, which reads and writes the same value.
///
/// `Codable` for recordings, as Swift synthesizes it: `{"counter":{"count":7,…},"favorites":{…},…}`. Recordings
/// made before the state was nested held every field flat; they are read too.
public struct AppState: Equatable, Sendable, Codable {
  /// The counter: the count, the nth-prime question and its answer, and whether the modal shows.
  public var counter: CounterState
  /// The favourite primes screen: the favourites (and their unsaved changes), and what its last action did.
  public var favorites: FavoritePrimesState
  /// Why the modal's last button did not change the favourites, until the next modal action.
  public var primeModalProblem: PrimeModalProblem?
  /// What happened to the favourites, this session's and earlier ones'.
  public var activity: ActivityFeed
  /// The screen the person's last action was on, or the tab they chose: see ``AppAction/tabSelected(_:)``.
  public var tab: Tab
  /// How far the session's end has got, once it was asked for (``AppAction/quitRequested``); nil before.
  public var ending: Ending?

  /// Creates the app's state; every field has the value of a fresh start by default, favourites not loaded yet.
  public init(
    counter: CounterState = CounterState(),
    favorites: FavoritePrimesState = FavoritePrimesState(isLoaded: false),
    primeModalProblem: PrimeModalProblem? = nil,
    activity: ActivityFeed = ActivityFeed(),
    tab: Tab = .counter,
    ending: Ending? = nil
  ) {
    self.counter = counter
    self.favorites = favorites
    self.primeModalProblem = primeModalProblem
    self.activity = activity
    self.tab = tab
    self.ending = ending
  }

  /// Whether the session has ended: its end was asked for, its last save (if it needed one) has been made, and
  /// no save is running. The favourites still unsaved then are lost, and the executable exits with a failure
  /// status.
  public var hasEnded: Bool { ending == .lastSaveMade && !favorites.favoritePrimes.isSaving }

  /// The counter screen's part of the state: the counter, and the favourites its modal edits.
  public var counterView: CounterViewState {
    get { CounterViewState(counter: counter, favoritePrimes: favorites.favoritePrimes, primeModalProblem: primeModalProblem) }
    set {
      counter = newValue.counter
      favorites.favoritePrimes = newValue.favoritePrimes
      primeModalProblem = newValue.primeModalProblem
    }
    _modify {
      // The fields move into the view and back rather than being copied (the app's reducer pulls the screen
      // back through this accessor, not through a key path).
      var view = CounterViewState()
      swap(&view.counter, &counter)
      swap(&view.favoritePrimes, &favorites.favoritePrimes)
      swap(&view.primeModalProblem, &primeModalProblem)
      defer {
        swap(&view.counter, &counter)
        swap(&view.favoritePrimes, &favorites.favoritePrimes)
        swap(&view.primeModalProblem, &primeModalProblem)
      }
      yield &view
    }
  }

  /// Decodes a recorded state: nested, or flat as recordings held it before.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard container.contains(.counter) else {
      self = try FlatAppState(from: decoder).nested(counter: CounterState(from: decoder))
      return
    }
    counter = try container.decode(CounterState.self, forKey: .counter)
    favorites = try container.decode(FavoritePrimesState.self, forKey: .favorites)
    primeModalProblem = try container.decodeIfPresent(PrimeModalProblem.self, forKey: .primeModalProblem)
    activity = try container.decode(ActivityFeed.self, forKey: .activity)
    tab = try container.decode(Tab.self, forKey: .tab)
    ending = try container.decodeIfPresent(Ending.self, forKey: .ending)
  }
}

/// The state as recordings held it before it was nested: every field flat, the counter's read by `CounterState`
/// from the same object, and the favourites' unsaved changes, in the oldest ones, beside the list.
private struct FlatAppState: Decodable {
  var favoritePrimes: FavoriteList
  var favoritePrimesUnsavedChanges: [FavoriteChange]?
  var favoritePrimesProblem: FavoritePrimesProblem?
  var favoritePrimesNotice: FavoritePrimesNotice?
  var favoritePrimesAreLoaded: Bool
  var counterProblem: CounterProblem?
  var primeModalProblem: PrimeModalProblem?
  var activityFeed: [Activity]
  var activityFeedHasEarlier: Bool
  var activityFeedProblem: ActivityFeedProblem?
  var tab: Tab
  var ending: Ending?

  func nested(counter: CounterState) -> AppState {
    var list = favoritePrimes
    if let unsaved = favoritePrimesUnsavedChanges, !unsaved.isEmpty {
      list = FavoriteList(list.primes, unsavedChanges: unsaved, savesRunning: list.savesRunning)
    }
    var counter = counter
    counter.problem = counterProblem
    return AppState(
      counter: counter,
      favorites: FavoritePrimesState(
        favoritePrimes: list, problem: favoritePrimesProblem, notice: favoritePrimesNotice,
        isLoaded: favoritePrimesAreLoaded
      ),
      primeModalProblem: primeModalProblem,
      activity: ActivityFeed(entries: activityFeed, hasEarlier: activityFeedHasEarlier, problem: activityFeedProblem),
      tab: tab,
      ending: ending
    )
  }
}

/// How far the end of a session has got: the last save the favourites get, and whether it waits for one running.
public enum Ending: Equatable, Sendable, Codable {
  /// A save was running when the end was asked for (a signal during a command): when it ends, the changes it
  /// could not store get one last try.
  case afterTheRunningSave
  /// The last save has started, or none was needed; the session has ended once no save runs.
  case lastSaveMade
}

extension AppState {
  /// What the person sees: ``tab``, and on the counter the modal if it is shown, else the nth-prime answer if
  /// there is one, else the counter itself.
  public var screen: Screen {
    switch tab {
    case .counter:
      if counter.isPrimeModalShown {
        return .primeModal
      }
      if let alert = counter.alertNthPrime {
        return .nthPrimeAnswer(alert)
      }
      return .counter
    case .favorites:
      return .favorites
    case .activity:
      return .activity
    }
  }
}

/// What a person sees: the chosen ``Tab``, and on the counter what is on top of it. Read from the state
/// (``AppState/screen``), never stored.
public enum Screen: Equatable, Sendable {
  /// The counter, with nothing on top.
  case counter
  /// The is-this-prime modal, over the counter (and over an nth-prime answer, if one is showing).
  case primeModal
  /// The answer to the last nth-prime question, over the counter.
  case nthPrimeAnswer(PrimeAlert)
  /// The favourite primes.
  case favorites
  /// The activity feed.
  case activity
}

/// The screen a person chose: the counter, the favourite primes or the activity feed, as the tabs of the
/// original app's navigation. ``AppState/tab`` keeps it; ``AppState/screen`` adds what shows on the counter.
///
/// `Codable` as Swift synthesizes it for a `String` raw value: recordings hold `"counter"`, `"favorites"` or
/// `"activity"`.
public enum Tab: String, Equatable, Sendable, Codable {
  /// The counter, with its is-this-prime modal and nth-prime answer.
  case counter
  /// The favourite primes.
  case favorites
  /// The activity feed.
  case activity
}
