import Platform
import SQLite

/// The files SQLite keeps for a database: the file itself and its `-wal`, `-shm` and `-journal`, named as given
/// and, since SQLite names the journal files after the file a symbolic link points to, as resolved.
///
/// What `--log` and `--record` must never write to, even before any of them exists: a log or a recording in
/// the database's place would make it unopenable, and one in the place of its `-wal` would be taken by SQLite
/// for a write-ahead log.
struct DatabaseFiles {
  /// The suffixes SQLite adds to the database's name for its other files; "" is the database itself.
  static let suffixes = SidecarFile.suffixesWithDatabase

  /// The database's path, as given.
  let database: String

  /// The four files' paths, as given (the same files, once they exist, as ``contains(_:)`` names).
  var paths: [String] { Self.suffixes.map { database + $0 } }

  /// Whether `path` names one of the four files once the directories are resolved: `./x.db`, `sub/../x.db`,
  /// and the `-wal` of the file a symbolic link to the database points to all count, and so does a path
  /// through directories not made yet, as the database's directory walk would make them.
  func contains(_ path: String) -> Bool {
    let base = resolvedPath(database)
    let resolved = paths.map(resolvedPath) + Self.suffixes.map { base + $0 }
    return resolved.contains(resolvedPath(path))
  }
}
