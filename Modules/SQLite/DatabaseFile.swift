import Platform

/// What can be learnt about a database's files without SQLite opening them: the limits of their names,
/// whether another process has them open, whether they hold anything.
public enum DatabaseFile {
  /// The longest name of one file or directory Linux file systems take (`NAME_MAX`).
  public static let nameMax = 255
  /// The longest path SQLite's Unix VFS opens a database by, once made absolute (its `MAX_PATHNAME`).
  public static let pathMax = 512

  /// `path` made absolute against the current directory; left relative when the system cannot name the
  /// current directory (SQLite then refuses it, as it cannot either), never made a name in `/`.
  public static func absolute(_ path: String) -> String {
    guard !path.hasPrefix("/"), let directory = currentDirectory() else { return path }
    return directory + "/" + path
  }

  /// The file SQLite opens for the absolute path `absolute`: a symbolic link at its end followed to what it
  /// names, through any number of links, whether or not that exists yet. SQLite names the `-wal`, `-shm` and
  /// `-journal` after it, and creates it when it is missing (a new database made through a link), so every
  /// check of a database's files must be made there. `absolute` itself for a loop of links, or one that cannot
  /// be read or whose target is not UTF-8: opening then fails, or goes on, as it did without this.
  public static func followingLinks(_ absolute: String) -> String {
    var current = absolute
    for _ in 0..<40 {
      var status = stat()
      guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
      var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(current, &target, target.count - 1)
      guard length > 0 else { return absolute }
      // A target that is not UTF-8 cannot be named by a `String`: left to SQLite, as before.
      guard let name = String(validating: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) else {
        return absolute
      }
      current = name.hasPrefix("/") ? name : parentDirectory(of: current) + "/" + name
    }
    return absolute
  }

  /// The directory holding `absolute`: everything before its last `/`, or `/`.
  public static func parentDirectory(of absolute: String) -> String {
    guard let slash = absolute.lastIndex(of: "/"), slash != absolute.startIndex else { return "/" }
    return String(absolute[..<slash])
  }

  /// Whether another process holds a lock (SQLite's, taken with `fcntl`) on the database at `path` or on its
  /// `-shm`: it has the file open.
  ///
  /// Call it only with no connection of this process open on the file: closing the descriptor this opens
  /// would drop this process's own locks on it.
  public static func isLockedByAnotherProcess(_ path: String) -> Bool {
    [path, SidecarFile.sharedMemory.path(of: path)].contains { file in
      let descriptor = open(file, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
      guard descriptor >= 0 else { return false }
      defer { _ = close(descriptor) }
      var lock = flock()
      lock.l_type = Int16(F_WRLCK)
      lock.l_whence = Int16(SEEK_SET)
      // From the start on without end: SQLite's lock bytes lie past 1 GiB, beyond the end of the file.
      lock.l_start = 0
      lock.l_len = 0
      guard fcntl(descriptor, F_GETLK, &lock) == 0 else { return false }
      return lock.l_type != Int16(F_UNLCK)
    }
  }

  /// Whether the database at `path` holds nothing: it is not there, or empty, or its first page lists no
  /// table, and no `-wal` beside it holds changes.
  public static func holdsNothing(_ path: String) -> Bool {
    var status = stat()
    if lstat(SidecarFile.writeAheadLog.path(of: path), &status) == 0, status.st_size > 0 { return false }
    guard lstat(path, &status) == 0, status.st_size > 0 else { return true }
    guard let bytes = try? DatabaseFileHeader.firstBytes(ofFileAt: path), let header = DatabaseFileHeader(bytes)
    else {
      return false
    }
    return !header.hasSchema
  }

  /// Whether this process has a file size limit (`ulimit -f`) that a file of the database at `path` (it or
  /// a sidecar) is within a write of: 64 KiB, the largest page, and a log frame's header.
  public static func reachesFileSizeLimit(_ path: String) -> Bool {
    var limit = rlimit()
    // RLIM_INFINITY, all bits set, which Swift does not import.
    guard getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {
      return false
    }
    return SidecarFile.suffixesWithDatabase.contains { suffix in
      var status = stat()
      return stat(path + suffix, &status) == 0 && UInt64(status.st_size) + 65_536 + 24 > UInt64(limit.rlim_cur)
    }
  }

  /// Creates an empty file at `path` with mode 0600 exactly, whatever the umask, for SQLite to open as a new
  /// database: SQLite creates a database with the mode the umask leaves (0644 under the usual 022), and makes
  /// its `-wal`, `-shm` and `-journal` with the database's mode, so all of them are private this way.
  ///
  /// Does nothing when something is at `path` already (`O_EXCL`, no link followed), or when the file can't be
  /// made: opening it then fails, or succeeds, just as it would have, and says why. Returns whether it made it.
  @discardableResult
  public static func createPrivately(_ path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    // The umask may have taken bits from 0600; 0600 exactly was asked.
    _ = fchmod(descriptor, 0o600)
    _ = close(descriptor)
    return true
  }

  /// Flushes the file or directory at `path` to disk; the `errno` of the failure, or nil.
  public static func flush(_ path: String) -> Int32? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return errno }
    defer { _ = close(descriptor) }
    return fsync(descriptor) == 0 ? nil : errno
  }
}

extension SQLiteError {
  /// Whether this error is the file size limit stopping a file of the database at `path`: an I/O error whose
  /// `errno` is `EFBIG`, or, as SQLite does not always keep that `errno`, one with a file within a write of
  /// the limit (``DatabaseFile/reachesFileSizeLimit(_:)``).
  public func isFileSizeLimit(forDatabaseAt path: String) -> Bool {
    resultCode == .ioError && (systemErrno == EFBIG || DatabaseFile.reachesFileSizeLimit(path))
  }
}
