public import Counter
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
  /// The favourite primes, in the order they were added.
  public var favoritePrimes: [Int]
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
  /// The changes to the favourites no save has stored yet: see ``FavoritePrimesState/unsavedChanges``.
  public var favoritePrimesUnsavedChanges: [Activity.Kind] = []
  /// What the last export, import or backup of the favourites did: see ``FavoritePrimesState/notice``.
  public var favoritePrimesNotice: FavoritePrimesNotice?
  /// Whether ``favoritePrimes`` is the stored list: false until the first load or save brings it back; see
  /// ``FavoritePrimesState/isLoaded``.
  public var favoritePrimesAreLoaded = false
  /// Why the activity of earlier sessions could not be loaded, if it could not.
  public var activityFeedProblem: ActivityFeedProblem?
  /// The screen the person's last action was on, or the tab they chose: see ``AppAction/tabSelected(_:)``.
  public var tab: Tab

  /// Creates the app's state; every field has the value of a fresh start by default.
  public init(
    count: Int = 0,
    favoritePrimes: [Int] = [],
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

  /// Whether the favourites shown have changes no save stored: see ``FavoritePrimesState/hasUnsavedChanges``.
  /// The executable reads it to exit with a failure status.
  public var favoritePrimesHaveUnsavedChanges: Bool { !favoritePrimesUnsavedChanges.isEmpty }

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
        unsavedChanges: favoritePrimesUnsavedChanges,
        notice: favoritePrimesNotice,
        isLoaded: favoritePrimesAreLoaded
      )
    }
    set {
      favoritePrimes = newValue.favoritePrimes
      favoritePrimesProblem = newValue.problem
      favoritePrimesUnsavedChanges = newValue.unsavedChanges
      favoritePrimesNotice = newValue.notice
      favoritePrimesAreLoaded = newValue.isLoaded
    }
  }
}
