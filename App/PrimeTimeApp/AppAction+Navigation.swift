import Counter
import FavoritePrimes
import PrimeModal

extension AppAction {
  /// The tab this action shows: the tab of the screen a person's tap was made on, or the tab they chose;
  /// nil for what the app sends itself or effects send back (loads, saves, nth-prime answers and progress),
  /// which never move the person.
  ///
  /// Every switch here is exhaustive, so a new action cannot compile until it is placed.
  var tabShown: Tab? {
    switch self {
    case let .tabSelected(tab):
      tab
    case let .counterView(.counter(action)):
      action.isTheUsers ? .counter : nil
    case let .counterView(.primeModal(action)):
      action.isTheUsers ? .counter : nil
    case let .favoritePrimes(action):
      action.isTheUsers ? .favorites : nil
    case .allActivityRequested:
      .activity
    case .launched, .activityLoaded, .activityLoadFailed, .quitRequested:
      nil
    }
  }
}

extension CounterAction {
  /// Whether a person sends this action (a tap, a typed count, Ctrl-C on a search), rather than the search
  /// for the nth prime.
  fileprivate var isTheUsers: Bool {
    switch self {
    case .decrTapped, .incrTapped, .countEntered, .nthPrimeButtonTapped, .nthPrimeCancelButtonTapped,
      .alertDismissButtonTapped, .isPrimeButtonTapped, .primeModalDismissed, .okTapped:
      true
    case .nthPrimeResponse, .nthPrimeComputedHere, .nthPrimeProgress:
      false
    }
  }
}

extension PrimeModalAction {
  /// Whether a person sends this action: every action of the modal is a tap on one of its buttons.
  fileprivate var isTheUsers: Bool {
    switch self {
    case .saveFavoritePrimeTapped, .removeFavoritePrimeTapped:
      true
    }
  }
}

extension FavoritePrimesAction {
  /// Whether a person sends this action, rather than the client answering.
  ///
  /// A save the app makes for the person at the end of the session (``AppAction/quitRequested``) is the save
  /// button's action too, so the session ends on the favourites; nothing shows after it.
  fileprivate var isTheUsers: Bool {
    switch self {
    case .deleteFavoritePrimes, .loadButtonTapped, .saveButtonTapped, .exportTapped, .exportTextTapped, .importTapped,
      .backupTapped, .checkTapped:
      true
    case .loadedFavoritePrimes, .loadFailed, .favoritePrimesSaved, .saveFailed, .exported, .exportFailed,
      .importRead, .importFailed, .backedUp, .backupFailed, .checked, .checkFailed:
      false
    }
  }
}
