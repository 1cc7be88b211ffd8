public import CounterTerminal
public import FavoritePrimesTerminal
public import REPL

/// One thing a person can ask PrimeTime to do, whatever screen they are on: a command of the counter
/// screen's front end, of the favourites screen's, or the app's own `activity`.
public enum AppCommand: Equatable, Sendable {
  /// A command of the counter screen and its modal (``CounterCommand``): `+`, `set 7`, `prime`, `fav`, `nth`.
  case counter(CounterCommand)
  /// A command of the favourites screen (``FavoritePrimesCommand``): `favorites`, `delete 2`, `save`, `load`.
  case favorites(FavoritePrimesCommand)
  /// Show the latest entries of the activity feed (`activity`), or all of it (`activity all`).
  case activity(all: Bool)

  /// The commands in the order `help` lists them: the counter's, the favourites', then `activity`.
  public static let table =
    CounterCommand.table.map(AppCommand.counter)
    + FavoritePrimesCommand.table.map(AppCommand.favorites)
    + CommandTable([
      CommandSpec(
        "activity",
        usage: "activity [all]",
        summary: "Show what happened to the favorite primes, oldest first",
        detail: "Shows the latest \(activityPageSize) entries; 'activity all' reads and shows the whole history.",
        parse: { arguments in
          switch arguments {
          case []: .success(.activity(all: false))
          case ["all"]: .success(.activity(all: true))
          default:
            .failure(CommandError("'activity' takes nothing, or 'all' for the whole history, like 'activity all'."))
          }
        }
      )
    ])
}
