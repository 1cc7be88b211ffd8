public import Counter
public import FavoriteList
public import FavoritePrimes
public import PrimeModal

/// Everything PrimeTime shows: the counter, its nth-prime alert and is-this-prime modal, the favourite primes
/// and the activity feed, and which of them the person is on (``tab``, and ``screen`` read from it).
///
/// Each feature sees its part through a computed view (``counterView``, ``favoritePrimesState``) that reads and
/// writes the same fields, so the count and the favourites are one value however a feature changes them.
public struct AppState: Equatable, Sendable {
  /// The count.
  public var count: Int
  /// The favourite primes, in the order they were added, with the changes no save has stored yet and the saves
  /// running: the one owner of both, which ``autosave(_:)`` reads.
  public var favoritePrimes: FavoriteList
  /// What happened to the favourites, oldest first, ids increasing: the latest page of the history read at
  /// launch (or all of it, once asked for), then the entries every load and save brought back.
  public var activityFeed: [Activity]
  /// Whether the history holds entries older than the first of ``activityFeed``, not read yet.
  public var activityFeedHasEarlier = false
  /// The answer to the last nth-prime question, until dismissed.
  public var alertNthPrime: PrimeAlert?
  /// Whether an nth-prime question is being answered.
  public var isNthPrimeButtonDisabled: Bool
  /// Whether the is-this-prime modal is shown.
  public var isPrimeModalShown: Bool
  /// How far the nth-prime question in flight is answered, in percent; `nil` when none is in flight.
  public var nthPrimeProgress: Int?
  /// Why the counter's last action did not do what was asked, if it did not.
  public var counterProblem: CounterProblem?
  /// Why the modal's last button did not change the favourites, until the next modal action.
  public var primeModalProblem: PrimeModalProblem?
  /// The n of the nth-prime question the user withdrew, until the next counter action.
  public var withdrawnNthPrime: Int?
  /// Why the last load or save of the favourites failed, until the next favourites action.
  public var favoritePrimesProblem: FavoritePrimesProblem?
  /// What the last export, import or backup of the favourites did: see ``FavoritePrimesState/notice``.
  public var favoritePrimesNotice: FavoritePrimesNotice?
  /// Whether ``favoritePrimes`` is the stored list: false until the first load or save brings it back; see
  /// ``FavoritePrimesState/isLoaded``.
  public var favoritePrimesAreLoaded = false
  /// Why the activity of earlier sessions could not be loaded, if it could not.
  public var activityFeedProblem: ActivityFeedProblem?
  /// The screen the person's last action was on, or the tab they chose: see ``AppAction/tabSelected(_:)``.
  public var tab: Tab
  /// How far the session's end has got, once it was asked for (``AppAction/quitRequested``); nil before.
  public var ending: Ending?

  /// Creates the app's state; every field has the value of a fresh start by default.
  public init(
    count: Int = 0,
    favoritePrimes: FavoriteList = [],
    activityFeed: [Activity] = [],
    alertNthPrime: PrimeAlert? = nil,
    isNthPrimeButtonDisabled: Bool = false,
    isPrimeModalShown: Bool = false,
    nthPrimeProgress: Int? = nil,
    counterProblem: CounterProblem? = nil,
    favoritePrimesProblem: FavoritePrimesProblem? = nil,
    activityFeedProblem: ActivityFeedProblem? = nil,
    tab: Tab = .counter
  ) {
    self.count = count
    self.favoritePrimes = favoritePrimes
    self.activityFeed = activityFeed
    self.alertNthPrime = alertNthPrime
    self.isNthPrimeButtonDisabled = isNthPrimeButtonDisabled
    self.isPrimeModalShown = isPrimeModalShown
    self.nthPrimeProgress = nthPrimeProgress
    self.counterProblem = counterProblem
    self.favoritePrimesProblem = favoritePrimesProblem
    self.activityFeedProblem = activityFeedProblem
    self.tab = tab
  }

  /// Whether the session has ended: its end was asked for, its last save (if it needed one) has been made, and
  /// no save is running. The favourites still unsaved then are lost (``favoritePrimes``), and the executable
  /// exits with a failure status.
  public var hasEnded: Bool { ending == .lastSaveMade && !favoritePrimes.isSaving }

  /// What `activity` shows: the latest ``activityPageSize`` entries of the feed, oldest first.
  public var latestActivity: ArraySlice<Activity> { activityFeed.suffix(activityPageSize) }

  /// Whether the activity holds more than ``latestActivity``: entries of the feed before them, or entries of
  /// the history not read yet (``activityFeedHasEarlier``); `activity all` then shows them.
  public var activityHasMoreThanTheLatest: Bool { activityFeed.count > activityPageSize || activityFeedHasEarlier }

  /// The counter screen's part of the state.
  public var counterView: CounterViewState {
    get {
      CounterViewState(
        alertNthPrime: alertNthPrime,
        count: count,
        favoritePrimes: favoritePrimes,
        isNthPrimeButtonDisabled: isNthPrimeButtonDisabled,
        isPrimeModalShown: isPrimeModalShown,
        nthPrimeProgress: nthPrimeProgress,
        problem: counterProblem,
        primeModalProblem: primeModalProblem,
        withdrawnNthPrime: withdrawnNthPrime
      )
    }
    set {
      alertNthPrime = newValue.alertNthPrime
      count = newValue.count
      favoritePrimes = newValue.favoritePrimes
      isNthPrimeButtonDisabled = newValue.isNthPrimeButtonDisabled
      isPrimeModalShown = newValue.isPrimeModalShown
      nthPrimeProgress = newValue.nthPrimeProgress
      counterProblem = newValue.problem
      primeModalProblem = newValue.primeModalProblem
      withdrawnNthPrime = newValue.withdrawnNthPrime
    }
  }

  /// The favourite primes screen's part of the state.
  public var favoritePrimesState: FavoritePrimesState {
    get {
      FavoritePrimesState(
        favoritePrimes: favoritePrimes,
        problem: favoritePrimesProblem,
        notice: favoritePrimesNotice,
        isLoaded: favoritePrimesAreLoaded
      )
    }
    set {
      favoritePrimes = newValue.favoritePrimes
      favoritePrimesProblem = newValue.problem
      favoritePrimesNotice = newValue.notice
      favoritePrimesAreLoaded = newValue.isLoaded
    }
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
      if isPrimeModalShown {
        return .primeModal
      }
      if let alert = alertNthPrime {
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
