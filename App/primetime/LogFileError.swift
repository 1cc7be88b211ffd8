/// Why the log file can't be used, in one line for `primetime: …`.
enum LogFileError: Error, CustomStringConvertible {
  /// `open` failed for `reason` (the system's text for its `errno`).
  case cannotOpen(path: String, reason: String)
  /// The path names a FIFO, a device, a directory or a socket.
  case notARegularFile(path: String)
  /// The path is a symbolic link, which `--log` never follows.
  case symbolicLink(path: String)
  /// The path is the database in use or one of its `-wal`, `-shm` or `-journal` files.
  case partOfDatabase(path: String, database: String)
  /// The file is a SQLite file of the given kind (`database`, `write-ahead log` or `rollback journal`), as
  /// its first bytes say.
  case sqliteFile(path: String, kind: String)
  /// The file is an export of favourite primes, which the next `export` to it would replace, log and all.
  case export(path: String)
  /// The file is a recording made with `--record`, which a log appended to would make unreadable.
  case recording(path: String)
  /// The path names a file PrimeTime keeps for another use (`ProtectedFile`): the line editor's history.
  case protected(path: String, role: String)
  /// The file has more than one name (hard link), so the log would also change it behind the other name.
  case hardLinked(path: String)
  /// The file can be read or written by others and its mode could not be set to 0600.
  case notPrivate(path: String, reason: String)

  var description: String {
    switch self {
    case let .cannotOpen(path, reason):
      "can't open the log file \(path): \(reason). Choose another path for '--log'."
    case let .notARegularFile(path):
      "the log file \(path) is not a regular file; choose a file path for '--log'."
    case let .symbolicLink(path):
      "the log file \(path) is a symbolic link; give '--log' the path of a regular file."
    case let .partOfDatabase(path, database):
      "the log file \(path) is the database \(database) or one of its files; choose another path for '--log'."
    case let .sqliteFile(path, kind):
      "the log file \(path) is a SQLite \(kind); choose another path for '--log'."
    case let .export(path):
      "the log file \(path) is an export of favorite primes, which the next 'export' to it would replace; "
        + "choose another path for '--log'."
    case let .recording(path):
      "the log file \(path) is a recording made with --record, which a log appended to it would make unreadable "
        + "for 'primetime replay'; choose another path for '--log'."
    case let .protected(path, role):
      "the log file \(path) is \(role); choose another path for '--log'."
    case let .hardLinked(path):
      "the log file \(path) has another name (a hard link); choose another path for '--log'."
    case let .notPrivate(path, reason):
      "the log file \(path) can be read by others and can't be made private (\(reason)); "
        + "choose another path for '--log'."
    }
  }
}
