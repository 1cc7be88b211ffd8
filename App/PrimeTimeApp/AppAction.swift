import ComposableArchitecture
public import Counter
public import FavoritePrimes

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
  /// not store (another program held the file, the disk was full) get one last save before the app closes.
  case quitRequested
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
