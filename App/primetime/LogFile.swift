
import ComposableArchitecture
import FavoritePrimes
import FavoritePrimesLive
import Synchronization
import Platform
import SQLite

/// The file `--log` appends to: a regular file of this user's, private (mode 0600), each entry written with
/// one `write` to a descriptor opened with `O_APPEND`, so entries from two PrimeTimes sharing a log never
/// interleave mid-entry. The path `-` is standard error, taken as it is (none of the checks below).
///
/// Opening never blocks and never follows a symbolic link (`O_NONBLOCK | O_NOFOLLOW`); anything but a
/// regular file (a FIFO, a device such as `/dev/full`, a directory) is refused. A missing file is created
/// with mode 0600; an existing one that others may read or write is changed to 0600 (the log holds every
/// favourite), and refused if that is not allowed. The database in use, its `-wal`, `-shm` and `-journal`
/// files, any SQLite database, write-ahead log or rollback journal, and a file with another name (a hard link)
/// are refused too, so a log never writes into a database or behind another name's back.
/// The first line that can't be written (a full disk, the file size limit) is
/// reported through `report`; later lines are dropped and ``hasFailed`` turns true. The file then ends with the
/// last entry written whole: the part of an entry a write could not finish is cut off.
final class LogFile: Sendable {
  /// The path that means standard error.
  static let standardError = "-"

  /// The path, as given.
  let path: String
  /// Whether the log is standard error (`--log -`), which may share a terminal with the progress line.
  var isStandardError: Bool { !ownsDescriptor }
  private let descriptor: Int32
  /// Whether the descriptor is this object's to close (not standard error's).
  private let ownsDescriptor: Bool
  private let report: @Sendable (String) -> Void
  private let failed = Atomic<Bool>(false)

  /// Opens `path` for appending, or says in one line why it can't; `report` gets the one-line message
  /// about the first failed write.
  ///
  /// The log is refused, before anything is created, written or chmod-ed, when it is `databasePath` or one
  /// of its `-wal`, `-shm` or `-journal` files (the same path once the directories are resolved, or the
  /// same file by device and inode, a hard link included; a symbolic link to the database and a directory
  /// not made yet followed by `..` count as the path SQLite will use), when the file already starts with the
  /// header of a SQLite database, write-ahead log or rollback journal or of an export of favourite primes,
  /// and when it has more than one hard link, or is named as a sidecar of another SQLite database
  /// (``SidecarFile/owner(ofName:)``). Pass nil for `databasePath` when no database is used. It is
  /// refused too when it is one of the `protected` files (the line editor's history), existing or not.
  init(
    path: String, databasePath: String?, protecting protected: [ProtectedFile] = [],
    report: @escaping @Sendable (String) -> Void
  ) throws(LogFileError) {
    if path == Self.standardError {
      self.path = path
      descriptor = STDERR_FILENO
      ownsDescriptor = false
      self.report = report
      return
    }
    let databaseFiles = databasePath.map { DatabaseFiles(database: $0) }
    if let databasePath, databaseFiles?.contains(path) == true {
      throw .partOfDatabase(path: path, database: databasePath)
    }
    if let file = protected.first(namedBy: path) {
      throw .protected(path: path, role: file.role)
    }
    // Another database's -wal, -shm or -journal, by name: SQLite would delete the log when that one is opened.
    if let (_, database) = SidecarFile.owner(ofName: path) {
      throw .partOfDatabase(path: path, database: database)
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
    if let databasePath, let databaseFiles, databaseFiles.paths.contains(where: { isFile($0, sameAs: status) }) {
      close(descriptor)
      throw .partOfDatabase(path: path, database: databasePath)
    }
    if let kind = sqliteFileKind(descriptor) {
      close(descriptor)
      throw .sqliteFile(path: path, kind: kind)
    }
    if startsWith(FavoritePrimesFile.header, descriptor) {
      close(descriptor)
      throw .export(path: path)
    }
    if startsWith(RecordingFormat.headerPrefix, descriptor) {
      close(descriptor)
      throw .recording(path: path)
    }
    // Another name for the same file would get the log (and its mode 0600) behind that name's back.
    if status.st_nlink > 1 {
      close(descriptor)
      throw .hardLinked(path: path)
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
    ownsDescriptor = true
    self.report = report
  }

  deinit {
    if ownsDescriptor {
      close(descriptor)
    }
  }

  /// Whether a line could not be written; the log is then incomplete.
  var hasFailed: Bool {
    failed.load(ordering: .sequentiallyConsistent)
  }

  /// Appends `line` (one entry, which may span lines) and a newline with one `write`, every character that
  /// is not shown as itself escaped (`Echo.escapedLines`); the first failure is reported, and from then on
  /// lines are dropped.
  func write(_ line: String) {
    guard !hasFailed else { return }
    if !ownsDescriptor {
      // Standard error: the output kept back goes first, so a log and output in one file keep their order.
      StandardStreams.flushOutput()
    }
    // The entry repeats what was typed or read: shown escaped, as every message that repeats input is.
    let entry = Echo.escapedLines(line) + "\n"
    // A file gets the whole entry or none of it, so that a log stopped by the file size limit or a full disk
    // ends with its last whole entry, never inside a line or a character.
    guard let code = ownsDescriptor ? appendWhole(entry, toFile: descriptor) : writeAll(entry, to: descriptor) else {
      return
    }
    guard !failed.exchange(true, ordering: .sequentiallyConsistent) else { return }
    let what = ownsDescriptor ? "to the log file \(path)" : "the log to standard error"
    let reason = code == EFBIG ? "the file size limit (ulimit -f) stops it from growing" : describe(errno: code)
    report("can't write \(what): \(reason); the log stops here\(ownsDescriptor ? ", after its last whole entry" : "").")
  }
}

/// Whether `path` names the file described by `status` (same device and inode).
private func isFile(_ path: String, sameAs status: stat) -> Bool {
  var other = stat()
  return stat(path, &other) == 0 && other.st_dev == status.st_dev && other.st_ino == status.st_ino
}

/// What kind of SQLite file is open on `descriptor`, judged by its first bytes: `database` for
/// `SQLite format 3\0`, `write-ahead log` for the WAL magic `0x377f0682` or `0x377f0683` (big-endian), and
/// `rollback journal` for the journal magic `d9 d5 05 f9 20 a1 63 d7`; nil for anything else, or when the
/// file can't be read.
private func sqliteFileKind(_ descriptor: Int32) -> String? {
  var bytes = [UInt8](repeating: 0, count: 16)
  let count = bytes.withUnsafeMutableBytes { buffer in
    pread(descriptor, buffer.baseAddress, buffer.count, 0)
  }
  if count == 16 && bytes == Array("SQLite format 3\0".utf8) {
    return "database"
  }
  if count >= 4 && bytes[0..<3] == [0x37, 0x7F, 0x06] && (bytes[3] == 0x82 || bytes[3] == 0x83) {
    return "write-ahead log"
  }
  if count >= 8 && bytes[0..<8].elementsEqual(SidecarFile.rollbackJournalMagic) {
    return "rollback journal"
  }
  return nil
}

/// Whether the file open at `descriptor` starts with `text`: the header line of an export of favourite
/// primes, or the start of a recording's.
private func startsWith(_ text: String, _ descriptor: Int32) -> Bool {
  let header = Array(text.utf8)
  var bytes = [UInt8](repeating: 0, count: header.count)
  let count = bytes.withUnsafeMutableBytes { buffer in
    pread(descriptor, buffer.baseAddress, buffer.count, 0)
  }
  return count == header.count && bytes == header
}
