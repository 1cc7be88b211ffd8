import ComposableArchitecture
public import Counter
public import FavoritePrimes
import PrimeModal

/// What happened in PrimeTime: on the counter screen, on the favourites screen, in the navigation between
/// them, or to the app itself.
///
/// Recordings (`primetime --record`) hold actions in the coding Swift synthesizes for this enum and the
/// feature actions, problems and notices it carries: `{"counterView":{"_0":{"counter":{"_0":{"incrTapped":{}}}}}}`.
/// A case's name and labels are therefore part of the recorded format: renaming one makes older recordings
/// unreadable, which the recorded stories in Tests/AppTests/Recordings show at once.
public enum AppAction: Equatable, Sendable, Codable {
  /// The app started: it loads the favourites, then the latest page of the activity history.
  case launched
  /// The person asked for the whole activity history: the entries older than the feed's are read.
  case allActivityRequested
  /// A page of the activity history came back; its entries join the feed where their ids put them.
  case activityLoaded(ActivityPage)
  /// Reading the activity history failed, for the reason given.
  case activityLoadFailed(String)
  /// The user ended the session (`quit`, Ctrl-D, the end of piped input): favourites an earlier save could
  /// not store (another program held the file, the disk was full) get one last save before the app closes; an
  /// import or backup still running is stopped (``FavoritePrimes/FavoritePrimesAction/stopTapped``).
  case quitRequested
  /// The person pressed Ctrl-C while a command ran: the import or backup running stops, else the nth-prime
  /// question is withdrawn. It shows no tab of its own: the action it sends does.
  case interruptTapped
  /// An action of the counter screen (the counter and its modal).
  case counterView(CounterViewAction)
  /// An action of the favourite primes screen.
  case favoritePrimes(FavoritePrimesAction)
  /// The person chose a tab: the counter, the favourites or the activity feed (`favorites`, `activity`).
  case tabSelected(Tab)

  static let counterViewCase = CasePath(Self.counterView) {
    if case let .counterView(action) = $0 { action } else { nil }
  }
  static let favoritePrimesCase = CasePath(Self.favoritePrimes) {
    if case let .favoritePrimes(action) = $0 { action } else { nil }
  }
}

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
    case .counterView(.primeModal):
      .counter
    case let .favoritePrimes(action):
      action.isTheUsers ? .favorites : nil
    case .allActivityRequested:
      .activity
    case .launched, .activityLoaded, .activityLoadFailed, .quitRequested, .interruptTapped:
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
      .alertNthPrime, .isPrimeButtonTapped, .okTapped:
      true
    case .nthPrimeResponse, .nthPrimeComputedHere, .nthPrimeProgress:
      false
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
      .importRead, .importParsed, .importProgress, .importSaved, .importFailed, .backedUp, .backupFailed, .checked, .checkFailed,
      // Ctrl-C comes while the import's or backup's screen shows, and the end of a session sends it too.
      .stopTapped:
      false
    }
  }
}
