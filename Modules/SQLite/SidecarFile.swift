/// A file SQLite keeps beside a database file, named by adding a suffix to the database's name: the one list
/// of them, which every check of a database's files reads.
///
/// SQLite names them after the name it was given (or, through a symbolic link, the file it points to), and
/// opens them only as regular files it makes itself.
public enum SidecarFile: String, CaseIterable, Sendable {
  /// `-wal`: the write-ahead log of a WAL database, holding committed changes not yet copied into the main
  /// file; it must stay beside the file until a checkpoint has copied them.
  case writeAheadLog = "-wal"
  /// `-shm`: the index of the write-ahead log, shared memory of the connections to a WAL database.
  case sharedMemory = "-shm"
  /// `-journal`: the rollback journal outside WAL mode; a "hot" one left by a crash is played back by the
  /// next connection that reads the file.
  case rollbackJournal = "-journal"

  /// The first 8 bytes of a rollback journal's header, once SQLite has made it valid.
  public static let rollbackJournalMagic: [UInt8] = [0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7]

  /// What SQLite adds to the database's name: `-wal`.
  public var suffix: String { rawValue }

  /// This file's path for the database at `database`: `database` followed by ``suffix``.
  public func path(of database: String) -> String {
    database + suffix
  }

  /// The sidecar `path` would be, and the database it would belong to, when `path` is a SQLite database's name
  /// with a sidecar's suffix added (`c.db-journal` beside the database `c.db`): SQLite, opening that database,
  /// would take a file at `path` for its own and overwrite or delete it. Nil otherwise, also beside a file that
  /// is no database (`notes.txt-wal` beside a text file).
  public static func owner(ofName path: String) -> (sidecar: SidecarFile, database: String)? {
    for sidecar in allCases where path.hasSuffix(sidecar.suffix) && path.utf8.count > sidecar.suffix.utf8.count {
      let database = String(path.dropLast(sidecar.suffix.count))
      if let bytes = try? DatabaseFileHeader.firstBytes(ofFileAt: database), DatabaseFileHeader(bytes) != nil {
        return (sidecar, database)
      }
    }
    return nil
  }

  /// The suffixes of every file of a database: `""` for the database itself, then each sidecar's, in the
  /// order of ``allCases``.
  public static let suffixesWithDatabase = [""] + allCases.map(\.suffix)

  /// The most bytes a suffix adds to the database's name (8, for `-journal`): the room a name must leave
  /// below the file system's limit for SQLite to make every sidecar.
  public static let longestSuffixLength = allCases.map(\.suffix.utf8.count).max() ?? 0
}
