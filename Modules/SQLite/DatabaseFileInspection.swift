import Platform

/// A database file and its sidecars judged from their bytes, before SQLite may open them: what SQLite would
/// find, or why opening would lose or damage something.
///
/// Only `lstat`, `stat` and plain reads: no lock is taken, no journal played back, nothing created. The
/// header judged is the one SQLite would read, the newest committed page 1 of a valid `-wal` when there is
/// one, so a database's version and owner count with the changes still in its log.
public enum DatabaseFileInspection: Equatable, Sendable {
  /// No file is at the path, and no `-wal` with changes is beside it: opening creates the database.
  case missing
  /// An empty file is at the path, and no `-wal` with changes beside it: opening makes it a database.
  case empty
  /// A database whose page 1 (from its `-wal` when that holds a newer one) is this header.
  case database(DatabaseFileHeader)

  /// Inspects the database at `absolutePath` and its ``SidecarFile``s.
  ///
  /// - Throws: ``DatabaseFileRefusal``, naming the file it is about.
  public static func inspect(_ absolutePath: String) throws(DatabaseFileRefusal) -> DatabaseFileInspection {
    var sizes: [SidecarFile: Int] = [:]
    for sidecar in SidecarFile.allCases {
      // Not followed: SQLite opens its journals only as regular files, never through a link.
      guard let status = try status(of: sidecar.path(of: absolutePath), sidecar: sidecar, followingLinks: false)
      else { continue }
      guard status.st_mode & S_IFMT == S_IFREG else {
        throw .notARegularFile(sidecar, kind: kind(of: status))
      }
      if status.st_size > 0, try !sidecar.couldBeSQLites(sidecar.path(of: absolutePath)) {
        throw .foreignSidecar(sidecar)
      }
      sizes[sidecar] = Int(status.st_size)
    }
    let logSize = sizes[.writeAheadLog] ?? 0
    let journalSize = sizes[.rollbackJournal] ?? 0

    guard let main = try status(of: absolutePath, sidecar: nil) else {
      if logSize > 0 { throw .strayLog }
      return .missing
    }
    switch main.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .isADirectory
    default: throw .notARegularFile(nil, kind: kind(of: main))
    }
    // SQLite names the -wal and -shm after the name it was given: two names for one file would each get a log
    // of their own, and a checkpoint through one would overwrite what was committed through the other.
    if main.st_nlink > 1 {
      throw .hardLinked(links: Int(main.st_nlink))
    }
    let size = Int(main.st_size)
    guard size > 0 else {
      if logSize > 0 { throw .strayLog }
      return .empty
    }

    let bytes: [UInt8]
    do {
      bytes = try DatabaseFileHeader.firstBytes(ofFileAt: absolutePath)
    } catch {
      throw .notReadable(errno: error.errno)
    }
    guard let header = DatabaseFileHeader(bytes) else { throw .notADatabase }
    var current = header
    if logSize > 0, let log = WriteAheadLog(contentsOf: SidecarFile.writeAheadLog.path(of: absolutePath)) {
      guard log.pageSize == header.pageSize else { throw .strayLog }
      if let page = log.firstPage, let newer = DatabaseFileHeader(page) {
        // An application sets its id once, with its first tables: a log that says otherwise than the
        // main file's tables was written for another file.
        if header.hasSchema, newer.applicationID != header.applicationID { throw .strayLog }
        current = newer
      }
    }
    if logSize == 0, journalSize == 0 {
      let expected = (header.recordedPageCount ?? 0) * header.pageSize
      if !size.isMultiple(of: header.pageSize) || size < expected {
        throw .cutShort(size: size, expected: max(expected, size))
      }
    }
    if current.hasSchema, !(1...4).contains(current.schemaFormat) {
      throw .unknownSchemaFormat(current.schemaFormat)
    }
    return .database(current)
  }

  /// `stat` of `path` (`lstat` unless `followingLinks`); nil when nothing is there.
  private static func status(
    of path: String,
    sidecar: SidecarFile?,
    followingLinks: Bool = true
  ) throws(DatabaseFileRefusal) -> stat? {
    var status = stat()
    guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else {
      let code = errno
      guard code == ENOENT else { throw .cannotExamine(sidecar, errno: code) }
      return nil
    }
    return status
  }

  /// What kind of file `status` describes, with its article: "a FIFO".
  private static func kind(of status: stat) -> String {
    switch status.st_mode & S_IFMT {
    case S_IFDIR: "a directory"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "not a regular file"
    }
  }
}

/// Why ``DatabaseFileInspection/inspect(_:)`` refused a database's files: opening them would lose changes,
/// damage another program's file, or fail.
public enum DatabaseFileRefusal: Error, Equatable, Sendable {
  /// The database file (`nil`) or a sidecar could not be examined, for `errno` (`ELOOP` for a loop of links,
  /// `ENAMETOOLONG`, `EACCES` for a directory on the way that may not be searched).
  case cannotExamine(SidecarFile?, errno: Int32)
  /// The database file (`nil`) or a sidecar is not a regular file but `kind`, with its article ("a FIFO").
  case notARegularFile(SidecarFile?, kind: String)
  /// The database's path names a directory.
  case isADirectory
  /// The file has `links` names: SQLite would keep a log for each.
  case hardLinked(links: Int)
  /// The `-wal` holds changes to a database that is not there: the main file is missing, empty, has pages of
  /// another size, or another application's id. Opening would discard the log.
  case strayLog
  /// The first bytes of the file could not be read, for `errno`.
  case notReadable(errno: Int32)
  /// The file does not start as a SQLite database does.
  case notADatabase
  /// The file has `size` bytes, where its header counts `expected` (or its size is not a whole number of
  /// pages), with no journal that could explain it.
  case cutShort(size: Int, expected: Int)
  /// The header's schema format number, which SQLite writes as 1 to 4 and refuses to read otherwise.
  case unknownSchemaFormat(UInt64)
  /// A file at the sidecar's name that SQLite did not make (another file of the user's, named so): SQLite would
  /// take it for the database's own, and overwrite or delete it.
  case foreignSidecar(SidecarFile)
}

extension SidecarFile {
  /// Whether the file at `path` begins as SQLite writes this sidecar: a `-wal` with a valid header (SQLite resets
  /// any other), a `-shm` with its index's version number or zeros (SQLite cuts it to 3 bytes before it writes
  /// it again), a `-journal` with the journal's magic number or a zeroed header (what SQLite leaves of a finished
  /// one, or writes first). A file another connection removed or emptied since it was seen is SQLite's.
  fileprivate func couldBeSQLites(_ path: String) throws(DatabaseFileRefusal) -> Bool {
    let bytes: [UInt8]
    do {
      bytes = try DatabaseFileHeader.firstBytes(ofFileAt: path)
    } catch {
      guard error.errno == ENOENT else { throw .cannotExamine(self, errno: error.errno) }
      return true
    }
    guard !bytes.isEmpty else { return true }
    switch self {
    case .writeAheadLog:
      return WriteAheadLog(bytes) != nil  // Its header alone: the first bytes hold no whole frame.
    case .sharedMemory:
      // The version, 3007000, in the machine's byte order (0x002DE218), or nothing written yet.
      let start = bytes.prefix(4)
      return [[0, 0, 0, 0], [0x18, 0xE2, 0x2D, 0x00], [0x00, 0x2D, 0xE2, 0x18]].contains { $0.starts(with: start) }
    case .rollbackJournal:
      return bytes.first == 0 || Self.rollbackJournalMagic.starts(with: bytes.prefix(8))
    }
  }
}
