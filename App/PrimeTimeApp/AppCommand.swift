public import CounterTerminal
public import FavoritePrimesTerminal
public import Terminal

/// One thing a person can ask PrimeTime to do, whatever screen they are on: a command of the counter
/// screen's front end, of the favourites screen's, or the app's own `activity`.
public enum AppCommand: Equatable, Sendable {
  /// A command of the counter screen and its modal (``CounterCommand``): `+`, `set 7`, `prime`, `fav`, `nth`.
  case counter(CounterCommand)
  /// A command of the favourites screen (``FavoritePrimesCommand``): `favorites`, `delete 2`, `save`, `load`.
  case favorites(FavoritePrimesCommand)
  /// Show the activity feed (`activity`).
  case activity

  /// The commands in the order `help` lists them: the counter's, the favourites', then `activity`.
  public static let table =
    CounterCommand.table.map(AppCommand.counter)
    + FavoritePrimesCommand.table.map(AppCommand.favorites)
    + CommandTable([
      .noArguments("activity", summary: "Show what happened to the favorite primes, oldest first", command: .activity)
    ])
}
