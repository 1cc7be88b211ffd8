import FavoritePrimes
import FavoritePrimesLive
import FoundationEssentials
import Platform
import PrimeTimeApp

/// Where this run keeps favourites and activity: the database, or memory only (`--sandbox`).
enum Storage {
  case database(FavoritePrimesDatabase)
  /// Favourites and their activity in memory: the two clients share it, so the feed pages through what the
  /// saves recorded.
  case sandbox(FavoritePrimesMemory)

  /// Memory for `--sandbox`: saves dated by the real time, or, for a recorded run (`--record`), by a
  /// ``FavoritePrimes/SteppingClock`` from 2026-11-21 12:00:00 UTC, one second per save, so that two recorded runs
  /// of one script record the same bytes and `replay --diff` shows their real difference.
  static func sandbox(isRecorded: Bool) -> Storage {
    .sandbox(FavoritePrimesMemory(now: isRecorded ? SteppingClock().now : Date.init))
  }

  /// The favourites client for the app's dependencies; its exports and backups never write to one of the
  /// `protected` files.
  ///
  /// In the sandbox nothing on disk is read or written: `export FILE`, `import FILE` and `backup FILE` are
  /// refused, each saying why and what to do (`export` alone still prints the favourites).
  func favoritePrimes(protecting protected: [ProtectedFile]) -> FavoritePrimesClient {
    switch self {
    case let .database(database):
      return .live(database, protecting: protected)
    case let .sandbox(memory):
      var client = FavoritePrimesClient.inMemory(memory)
      client.export = { _, path in
        throw FavoritePrimesFileError(
          "--sandbox writes nothing on disk, so \(path) was not written; 'export' alone prints the favorites, or "
            + "run without --sandbox to write a file")
      }
      client.read = { path in
        throw FavoritePrimesFileError(
          "--sandbox reads nothing on disk, so \(path) was not read; run without --sandbox to import it")
      }
      return client
    }
  }

  /// The activity client for the app's dependencies.
  var activity: ActivityClient {
    switch self {
    case let .database(database): .live(database)
    case let .sandbox(memory): .inMemory(memory)
    }
  }

  /// Closes the database, if there is one, so the main file holds everything; for every way out.
  ///
  /// Returns the line to print when the changes could not all be moved into the main file (a full disk):
  /// they are then only in its `-wal`. Closing again answers the same.
  @discardableResult
  func close() -> String? {
    guard case let .database(database) = self else { return nil }
    return database.close()?.description
  }

  /// The line ``close()`` returned, nil until a close has finished; never waits, so a signal's farewell can
  /// ask even while the cleanup is stuck.
  var closeFailure: String? {
    guard case let .database(database) = self else { return nil }
    return database.closeFailure?.description
  }

  /// The banner's second line: where favourites go, and which directories opening the database created (shown
  /// at a terminal only, as the banner is; a piped run says nothing about them). Paths in the home are written
  /// `~`. When the line would be wider than `columns`, the directories made are only called new, and the
  /// database's path loses its middle if it still does not fit.
  func summary(home: String?, columns: Int?) -> String {
    switch self {
    case let .database(database):
      let created = Self.sentence(created: database.createdDirectories.map { ShownPath.abbreviating($0, home: home) })
      let prefix = "Favorites are saved in "
      let path = ShownPath.abbreviating(database.path, home: home)
      let whole = prefix + path + (created.map { ". " + $0 } ?? ".")
      guard let columns, whole.count > columns else { return whole }
      // Too wide: the path comes first; the directories made for it are only said to be new.
      let suffix = created == nil ? "." : " (new)."
      return prefix + ShownPath.fitting(path, width: columns - prefix.count - suffix.count) + suffix
    case .sandbox: return "Sandbox: favorites live in memory and nothing is saved."
    }
  }

  /// "Created the directory A for the database.", or "the directories A and B", or for three or more (a
  /// chain, each inside the one before) the outermost and how many more below it; nil when none was created.
  static func sentence(created directories: [String]) -> String? {
    switch directories.count {
    case 0: nil
    case 1: "Created the directory \(directories[0]) for the database."
    case 2: "Created the directories \(directories[0]) and \(directories[1]) for the database."
    default: "Created the directory \(directories[0]) and \(directories.count - 1) more below it for the database."
    }
  }
}
