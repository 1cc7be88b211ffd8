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

/// `path` as the file system will take it: absolute, the longest part that exists resolved by `realpath` (so
/// symbolic links, the file itself included, and `.`, `..` are gone), and the rest normalised lexically, so
/// `x/..` cancels when `x` does not exist yet (it is the directory the database's directory walk would make).
/// The path as given when not even `/` resolves.
func resolvedPath(_ path: String) -> String {
  var absolute = path
  if !path.hasPrefix("/") {
    guard let directory = currentDirectory() else { return path }
    absolute = directory + "/" + path
  }
  let components = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
  for existing in stride(from: components.count, through: 0, by: -1) {
    let prefix = "/" + components[..<existing].joined(separator: "/")
    guard let resolved = realpath(prefix, nil) else { continue }
    var result = String(cString: resolved).split(separator: "/").map(String.init)
    free(resolved)
    for component in components[existing...] {
      switch component {
      case ".": break
      case "..": _ = result.popLast()
      default: result.append(component)
      }
    }
    return "/" + result.joined(separator: "/")
  }
  return path
}
