#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

import Synchronization
import Terminal

/// The file `--log` appends to: a regular file of this user's, private (mode 0600), each line written with
/// one `write` to a descriptor opened with `O_APPEND`, so lines from two PrimeTimes sharing a log never
/// interleave mid-line.
///
/// Opening never blocks and never follows a symbolic link (`O_NONBLOCK | O_NOFOLLOW`); anything but a
/// regular file (a FIFO, a device such as `/dev/full`, a directory) is refused. A missing file is created
/// with mode 0600; an existing one that others may read or write is changed to 0600 (the log holds every
/// favourite), and refused if that is not allowed. The database in use, its `-wal`, `-shm` and `-journal`
/// files, and any file that is a SQLite database are refused too, so a log never writes into a database.
/// The first line that can't be written (a full disk) is
/// reported through `report`; later lines are dropped and ``hasFailed`` turns true.
final class LogFile: Sendable {
  /// The path, as given.
  let path: String
  private let descriptor: Int32
  private let report: @Sendable (String) -> Void
  private let failed = Atomic<Bool>(false)

  /// Opens `path` for appending, or says in one line why it can't; `report` gets the one-line message
  /// about the first failed write.
  ///
  /// The log is refused, before anything is created, written or chmod-ed, when it is `databasePath` or one
  /// of its `-wal`, `-shm` or `-journal` files (the same path once the directories are resolved, or the
  /// same file by device and inode, a hard link included), and when the file already starts with SQLite's
  /// 16-byte header (any SQLite database). Pass nil for `databasePath` when no database is used.
  init(path: String, databasePath: String?, report: @escaping @Sendable (String) -> Void) throws(LogFileError) {
    let databaseFiles = databasePath.map { database in
      ["", "-wal", "-shm", "-journal"].map { database + $0 }
    } ?? []
    if let databasePath, databaseFiles.map(resolvedPath).contains(resolvedPath(path)) {
      throw .partOfDatabase(path: path, database: databasePath)
    }
    // Read and write when allowed, to look for SQLite's header; write only when the file can't be read.
    let flags = O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
    var descriptor = open(path, O_RDWR | flags, 0o600)
    if descriptor < 0 && errno == EACCES {
      descriptor = open(path, O_WRONLY | flags, 0o600)
    }
    guard descriptor >= 0 else {
      let code = errno
      var status = stat()
      if lstat(path, &status) == 0 {
        switch status.st_mode & S_IFMT {
        case S_IFLNK: throw .symbolicLink(path: path)
        case S_IFREG: break
        default: throw .notARegularFile(path: path)
        }
      }
      throw .cannotOpen(path: path, reason: describe(errno: code))
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .notARegularFile(path: path)
    }
    if let databasePath, databaseFiles.contains(where: { isFile($0, sameAs: status) }) {
      close(descriptor)
      throw .partOfDatabase(path: path, database: databasePath)
    }
    if startsWithSQLiteHeader(descriptor) {
      close(descriptor)
      throw .sqliteDatabase(path: path)
    }
    if status.st_mode & 0o077 != 0 && fchmod(descriptor, 0o600) != 0 {
      let reason = describe(errno: errno)
      close(descriptor)
      throw .notPrivate(path: path, reason: reason)
    }
    let descriptorFlags = fcntl(descriptor, F_GETFL)
    if descriptorFlags >= 0 {
      _ = fcntl(descriptor, F_SETFL, descriptorFlags & ~O_NONBLOCK)
    }
    self.path = path
    self.descriptor = descriptor
    self.report = report
  }

  deinit {
    close(descriptor)
  }

  /// Whether a line could not be written; the log is then incomplete.
  var hasFailed: Bool {
    failed.load(ordering: .sequentiallyConsistent)
  }

  /// Appends `line` and a newline; the first failure is reported, and from then on lines are dropped.
  func write(_ line: String) {
    guard !hasFailed, let code = writeAll(line + "\n", to: descriptor) else { return }
    guard !failed.exchange(true, ordering: .sequentiallyConsistent) else { return }
    report("can't write to the log file \(path): \(describe(errno: code)); the log stops here.")
  }
}

/// `path` with its directory resolved (`realpath`, so `.`, `..` and symbolic links in the directories are
/// gone) and its last component kept as it is; the path as given when its directory can't be resolved.
private func resolvedPath(_ path: String) -> String {
  let directory: String
  let name: String
  if let slash = path.lastIndex(of: "/") {
    directory = slash == path.startIndex ? "/" : String(path[..<slash])
    name = String(path[path.index(after: slash)...])
  } else {
    directory = "."
    name = path
  }
  guard let resolved = realpath(directory, nil) else { return path }
  defer { free(resolved) }
  let base = String(cString: resolved)
  return base.hasSuffix("/") ? base + name : base + "/" + name
}

/// Whether `path` names the file described by `status` (same device and inode).
private func isFile(_ path: String, sameAs status: stat) -> Bool {
  var other = stat()
  return stat(path, &other) == 0 && other.st_dev == status.st_dev && other.st_ino == status.st_ino
}

/// Whether the file open on `descriptor` starts with `SQLite format 3\0`, the header of every SQLite
/// database; false when it can't be read.
private func startsWithSQLiteHeader(_ descriptor: Int32) -> Bool {
  let header = Array("SQLite format 3\0".utf8)
  var bytes = [UInt8](repeating: 0, count: header.count)
  let count = bytes.withUnsafeMutableBytes { buffer in
    pread(descriptor, buffer.baseAddress, buffer.count, 0)
  }
  return count == header.count && bytes == header
}
