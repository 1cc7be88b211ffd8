public import FavoritePrimes
public import REPL

/// What a person can ask the favourite primes screen in a terminal: its list, its swipe-to-delete, and its
/// Save and Load buttons.
public enum FavoritePrimesCommand: Equatable, Sendable {
  /// Show the list, numbered from 1 (`favorites`).
  case favorites
  /// Delete the favourites at these positions, counted from 1 as `favorites` numbers them
  /// (`delete I [I ...]`).
  case delete(positions: [Int])
  /// Save the list as shown (`save`).
  case save
  /// Replace the list with the saved one (`load`).
  case load
  /// Write the list in the export format to the file at `path`, or to the output when nil (`export [FILE]`).
  case export(path: String?)
  /// Add the primes listed in the file at `path` (`import FILE`).
  case importFile(path: String)
  /// Write a copy of the database to a new file at `path` (`backup FILE`).
  case backup(path: String)
  /// Check the database for damage (`check`).
  case check

  /// The commands in the order `help` lists them, with the app's wording: ``table(in:)`` for PrimeTime's database.
  public static let table = table(in: .database)

  /// The commands in the order `help` lists them, their help speaking of where the favourites are kept: PrimeTime's
  /// database (shared with other PrimeTimes, copied by `backup`, checked by `check`), or a demo's memory, where
  /// `backup` and `check` are refused.
  public static func table(in storage: FavoritePrimesStorage) -> CommandTable<FavoritePrimesCommand> {
    let isDatabase = storage == .database
    return CommandTable<FavoritePrimesCommand>([
      .noArguments("favorites", summary: "List the favorite primes, numbered from 1", command: .favorites),
      .positiveIntegers(
        "delete",
        usage: "delete I [I ...]",
        summary: "Delete the favorite primes at these 'favorites' positions",
        detail: "'delete 2 4' deletes the 2nd and the 4th. If a position is past the end, nothing is deleted.",
        needs: "positions like 'delete 2 3'",
        make: { .delete(positions: $0) }
      ),
      .noArguments(
        "save",
        summary: "Save the favorite primes now",
        detail: isDatabase
          ? "Saves the changes not saved yet, takes in what another PrimeTime saved meanwhile, and says how many "
            + "favorites are saved."
          : "Saves the changes not saved yet to \(storage.name), and says how many favorites are saved.",
        command: .save
      ),
      .noArguments(
        "load",
        summary: "Replace the list with the saved one",
        detail: isDatabase
          ? "Useful when another PrimeTime saved to the same database meanwhile."
          : "Drops the changes not saved yet: the list is \(storage.name)'s again.",
        command: .load
      ),
      CommandSpec(
        "export",
        usage: "export [FILE]",
        summary: "Write the favorite primes to FILE, one per line, or print them",
        detail: "'export favorites.txt' writes a '# PrimeTime favorite primes' line, then one prime per line. "
          + "An existing FILE is replaced only if it is a previous export\(isDatabase ? "; never the database" : "").",
        argumentIsFile: true,
        parse: { arguments in
          guard arguments.count <= 1 else {
            let got = "got \(arguments.count) arguments"
            return .failure(CommandError("'export' takes at most one file, like 'export favorites.txt'; \(got)."))
          }
          guard let path = arguments.first else { return .success(.export(path: nil)) }
          return filePath(path, command: "export").map { .export(path: $0) }
        }
      ),
      CommandSpec(
        "import",
        usage: "import FILE",
        summary: "Add the primes listed in FILE that are not favorites yet",
        detail: "'import favorites.txt' reads what 'export' writes: one number per line; blank lines and lines "
          + "starting with '#' are ignored, and lines that are not primes are skipped and named.",
        argumentIsFile: true,
        parse: { arguments in
          oneFile(arguments, command: "import", example: "favorites.txt").map { .importFile(path: $0) }
        }
      ),
      CommandSpec(
        "backup",
        usage: "backup FILE",
        summary: isDatabase
          ? "Copy the database, favorites and activity, to a new FILE" : "Refused: nothing is on disk",
        detail: isDatabase
          ? "'backup copy.sqlite3' writes a consistent copy even while PrimeTime runs; open it with "
            + "'primetime --db copy.sqlite3'. An existing FILE is never replaced."
          : "\(storage.program) keeps its favorites in memory, so there is no file to copy; 'export FILE' writes them.",
        argumentIsFile: true,
        parse: { arguments in
          oneFile(arguments, command: "backup", example: "copy.sqlite3").map { .backup(path: $0) }
        }
      ),
      .noArguments(
        "check",
        summary: isDatabase ? "Check the database for damage" : "Refused: nothing is on disk",
        detail: isDatabase
          ? "Reads every page of the database and says whether it passed; if not, what is damaged and what "
            + "to do. PrimeTime checks only what is cheap when it opens a database."
          : "\(storage.program) keeps its favorites in memory, so there is nothing to check.",
        command: .check
      ),
    ])
  }
}

/// The one file `arguments` names, or the error: `'import' needs a file, like 'import favorites.txt'.`
private func oneFile(_ arguments: [String], command: String, example: String) -> Result<String, CommandError> {
  guard arguments.count == 1, let path = arguments.first else {
    let got = arguments.isEmpty ? "" : "; got \(arguments.count) arguments"
    return .failure(CommandError("'\(command)' needs a file, like '\(command) \(example)'\(got)."))
  }
  return filePath(path, command: command)
}

/// `path` as given, unless it is empty or starts with a `~` the tokenizer left (`~user`, a quoted or escaped `~`).
private func filePath(_ path: String, command: String) -> Result<String, CommandError> {
  guard !path.isEmpty else {
    return .failure(CommandError("'\(command)' got an empty file name: name a file."))
  }
  guard !path.hasPrefix("~") else {
    return .failure(
      CommandError(
        "'\(command)' expands only '~' and '~/', unquoted, to your home: give this path from '/' or from the current "
          + "directory."
      )
    )
  }
  return .success(path)
}
