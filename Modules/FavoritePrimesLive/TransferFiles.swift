import FavoritePrimes
import FoundationEssentials
import SQLite

import Platform

/// The files of exports, imports and backups on disk: the checks that keep the database safe from them, and
/// the reading and writing that does not trap, hang or leave half a file.
///
/// Every refusal throws a ``FavoritePrimesFileError`` and leaves the file named as it was.
public enum TransferFiles {
  /// Writes `text` to `path`: a new file, or in place of a previous export (one whose first line is
  /// ``FavoritePrimesFile/header``), whole or not at all (written beside it, flushed, then renamed over it).
  ///
  /// Refused: the database at `databasePath` or its `-wal`, `-shm` or `-journal` (also when named through a
  /// symbolic link or `..`), one of the `protected` files (``ProtectedFile``: the history, the log), a
  /// symbolic link, anything that is not a regular file, and an existing file that is not a previous export.
  public static func writeExport(
    _ text: String, to path: String, database databasePath: String?, protecting protected: [ProtectedFile] = []
  ) throws {
    try writeExport(text, to: path, database: databasePath, protecting: protected, afterChecking: {})
  }

  /// ``writeExport(_:to:database:)``, calling `afterChecking` once `path` has passed the checks and before the
  /// file is written, and `beforePlacing` once the written file is about to take `path`'s name (every check
  /// done), so a test can put a file at `path` in either moment, as another program might.
  static func writeExport(
    _ text: String,
    to path: String,
    database databasePath: String?,
    protecting protected: [ProtectedFile] = [],
    afterChecking: () -> Void,
    beforePlacing: () -> Void = {}
  ) throws {
    try refuseDirectoryName(path)
    if let databasePath {
      try refuseDatabase(path, database: databasePath)
    }
    try refuse(path, protecting: protected)
    try refuseSidecarName(path)
    let previous = try previousExport(at: path)
    afterChecking()
    try writeAtomically(Array(text.utf8), to: path, replacing: previous, beforePlacing: beforePlacing)
  }

  /// The previous export at `path`, which an export may replace; nil when there is no file there. Throws when
  /// there is a file that is not a previous export.
  private static func previousExport(at path: String) throws -> FileIdentity? {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      guard errno == ENOENT else { throw FavoritePrimesFileError("can't examine \(path): \(reason(errno))") }
      return nil
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw FavoritePrimesFileError(
        "\(path) is \(kind(status.st_mode)), not a previous export, so it was left as it is")
    }
    guard let identity = exportIdentity(path) else {
      throw FavoritePrimesFileError("\(path) exists and is not a previous export, so it was left as it is")
    }
    return identity
  }

  /// The text of the export or list at `path`, for an import.
  ///
  /// Refused: a missing or unreadable file, a directory, FIFO or device (a FIFO is never waited on), a file
  /// larger than ``FavoritePrimesFile/maximumSize``, and text that is not UTF-8.
  public static func readImport(_ path: String) throws -> String {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      throw FavoritePrimesFileError(
        code == ENOENT ? "there is no file \(path)" : "can't read \(path): \(reason(code))"
      )
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw FavoritePrimesFileError("can't read \(path): \(reason(errno))")
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw FavoritePrimesFileError("\(path) is \(kind(status.st_mode)), not a file of favorite primes")
    }
    let limit = FavoritePrimesFile.maximumSize
    guard status.st_size <= limit else {
      throw FavoritePrimesFileError(
        "\(path) is larger than \(limit >> 20) MiB, more than any list of favorite primes; nothing was read"
      )
    }
    // Room for one byte more than `fstat` said, so a file that grew meanwhile is noticed, not cut short.
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
    var count = 0
    while count < bytes.count {
      let got = bytes.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
      }
      if got < 0 {
        if errno == EINTR { continue }
        throw FavoritePrimesFileError("can't read \(path): \(reason(errno))")
      }
      if got == 0 { break }
      count += got
    }
    guard count < bytes.count else {
      // Files of /proc and /sys say they are empty, and hold what the system makes as they are read.
      if status.st_size == 0 {
        throw FavoritePrimesFileError(
          "\(path) says it is empty but is not (a file the system makes as it is read, as under /proc); nothing "
            + "was imported from it")
      }
      throw FavoritePrimesFileError("\(path) changed while it was read; nothing was imported from it")
    }
    guard let text = String(validating: bytes[..<count], as: UTF8.self) else {
      throw FavoritePrimesFileError("\(path) is not UTF-8 text; nothing was imported from it")
    }
    return text
  }

  /// Throws when `path` names the database at `databasePath`, its `-wal`, `-shm` or `-journal`: by name,
  /// once symbolic links and `..` in the directories are resolved, or as the same file.
  static func refuseDatabase(_ path: String, database databasePath: String) throws {
    try refuseDirectoryName(path)
    let target = resolved(path)
    // The database as named, and the file it names through a final symbolic link, beside which SQLite keeps
    // its journal and write-ahead log.
    let databases = Set([resolved(databasePath), fullyResolved(databasePath)].compactMap { $0 })
    for database in databases.sorted() {
      try refuse(target, path: path, database: database)
    }
  }

  /// Throws when `path` is the name of a sidecar of another file (``SidecarFile/owner(ofName:)``): SQLite would
  /// delete what is written there when that file is next opened as a database.
  static func refuseSidecarName(_ path: String) throws {
    if let (sidecar, database) = SidecarFile.owner(ofName: path) {
      throw FavoritePrimesFileError(
        "\(path) is where SQLite keeps the \(sidecar.suffix.dropFirst()) file of \(database), and would delete it "
          + "there; name another file")
    }
  }

  /// Refuses `path` (absolute and resolved as `target`) when it is `database` or one of its files.
  private static func refuse(_ target: String, path: String, database: String) throws {
    for suffix in SidecarFile.suffixesWithDatabase {
      let protected = database + suffix
      let sameFile = FileIdentity(of: protected).map { $0 == FileIdentity(of: path) } ?? false
      if target == protected || sameFile {
        throw FavoritePrimesFileError(
          suffix.isEmpty
            ? "\(path) is the database itself; name another file"
            : "\(path) is the database's \(suffix.dropFirst()) file; name another file"
        )
      }
    }
  }

  /// Throws when `path` names one of the `protected` files (``ProtectedFile/isNamed(by:)``).
  static func refuse(_ path: String, protecting protected: [ProtectedFile]) throws {
    if let file = protected.first(namedBy: path) {
      throw FavoritePrimesFileError("\(path) is \(file.role); name another file")
    }
  }

  /// Refuses a path ending in `/`: it names a directory, and a file must not be made of it.
  static func refuseDirectoryName(_ path: String) throws {
    if path.hasSuffix("/") {
      throw FavoritePrimesFileError("\(path) ends in '/', so it names a directory; name a file")
    }
  }

  /// `path` absolute with every symbolic link resolved, the last name's too; nil when it does not exist.
  private static func fullyResolved(_ path: String) -> String? {
    guard let real = realpath(DatabaseFile.absolute(path), nil) else { return nil }
    defer { free(real) }
    return String(cString: real)
  }

  /// `path` absolute, with its directory's symbolic links and `..` resolved (the last name is kept as is).
  private static func resolved(_ path: String) -> String {
    let absolute = DatabaseFile.absolute(path)
    let url = URL(fileURLWithPath: absolute)
    let directory = url.deletingLastPathComponent().path
    guard let real = realpath(directory, nil) else { return url.standardizedFileURL.path }
    defer { free(real) }
    let base = String(cString: real)
    return (base == "/" ? "" : base) + "/" + url.lastPathComponent
  }

  /// The file at `path` when it is a regular file (a symbolic link is not followed) that starts with the
  /// export header line; nil for anything else. The identity and the header are read from one open file, so
  /// they are the same file's.
  private static func exportIdentity(_ path: String) -> FileIdentity? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes = [UInt8](repeating: 0, count: FavoritePrimesFile.header.utf8.count + 2)
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0, let start = String(validating: bytes[..<count], as: UTF8.self),
      FavoritePrimesFile.isExport(start[...])
    else { return nil }
    return FileIdentity(descriptor: descriptor)
  }

  /// Writes `bytes` to a new file beside `path`, flushes it to disk, then puts it at `path`; on any failure
  /// the new file is removed and `path` is as it was.
  ///
  /// When `replacing` (the previous export found at `path`), the new file takes its place only if it is still
  /// that file (``replace(_:with:at:named:)``); another program's file put there since is kept. Otherwise the
  /// new file is linked to `path`, which fails if a file appeared there since the checks (another program's,
  /// which is kept); on a file system without hard links it is renamed only if `path` still does not exist, a
  /// check that a file appearing in the moment between cannot be protected from.
  private static func writeAtomically(
    _ bytes: [UInt8], to path: String, replacing: FileIdentity?, beforePlacing: () -> Void
  ) throws {
    let url = URL(fileURLWithPath: DatabaseFile.absolute(path))
    removeStaleHiddenFiles(in: url.deletingLastPathComponent().path)
    // A short name of its own, so that any name the directory allows for `path` works.
    guard let (descriptor, temporary) = makeHiddenFile(in: url.deletingLastPathComponent().path, named: "export")
    else {
      throw FavoritePrimesFileError("can't write \(path): \(reason(errno))")
    }
    // What the hidden name holds while it is this export's: the one file ever removed on a failure.
    let written = FileIdentity(descriptor: descriptor)
    // The lock stays until the file has its name: a copy of the descriptor keeps it (a lock belongs to the open
    // file, not to one descriptor), so that closing the first still reports a failed write.
    let lockHolder = dup(descriptor)
    defer {
      if lockHolder >= 0 { close(lockHolder) }
    }
    var failure = bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    if failure == nil, fsync(descriptor) != 0 { failure = errno }
    if close(descriptor) != 0, failure == nil { failure = errno }
    if failure == nil {
      do {
        try place(temporary, at: url.path, named: path, replacing: replacing, beforePlacing: beforePlacing)
      } catch {
        if let written, FileIdentity(ofLink: temporary) == written {
          unlink(temporary)
        }
        throw error
      }
    }
    if let failure {
      unlink(temporary)
      throw FavoritePrimesFileError("can't write \(path): \(reason(failure))")
    }
  }

  /// Moves the written file `temporary` to `target` (the absolute form of `path`), as
  /// ``writeAtomically(_:to:replacing:beforePlacing:)`` says; on failure `temporary` is left for the caller to
  /// remove (when it still holds the export).
  private static func place(
    _ temporary: String, at target: String, named path: String, replacing previous: FileIdentity?,
    beforePlacing: () -> Void
  ) throws {
    let appeared = FavoritePrimesFileError("\(path) appeared while the export was written, so it was left as it is")
    if let previous {
      guard try previousExport(at: path) == previous else { throw changed(path) }
      beforePlacing()
      try replace(previous, with: temporary, at: target, named: path)
      return
    }
    beforePlacing()
    switch moveWithoutReplacing(temporary, to: target) {
    case .moved: return
    case .targetExists: throw appeared
    case .failed(let code): throw FavoritePrimesFileError("can't write \(path): \(reason(code))")
    }
  }

  /// Puts the written file `temporary` at `target` (the absolute form of `path`) in place of `previous`, the
  /// previous export found there, and removes that; never anything else that is at `target` by then.
  ///
  /// The two are exchanged in one step (``exchangePaths(_:_:)``), then what came out from `target` is
  /// examined: `previous`, still an export, is removed; anything else (another program swapped its own file
  /// in after the checks) is exchanged back, so it keeps its name, and the export is refused. At no moment is
  /// a file at `target` replaced or missing. Where the file system cannot exchange, the new file is renamed
  /// over `target`, checked just before: a file swapped in in the moment between cannot be protected from.
  private static func replace(_ previous: FileIdentity, with temporary: String, at target: String, named path: String)
    throws
  {
    // Locked while the exchange gives it the hidden name, so another run's cleanup leaves it to this one.
    let previousHolder = open(target, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    defer {
      if previousHolder >= 0 { close(previousHolder) }
    }
    if previousHolder >= 0 {
      _ = flock(previousHolder, LOCK_EX | LOCK_NB)
    }
    if let code = exchangePaths(temporary, target) {
      guard code == EINVAL || code == EOPNOTSUPP || code == ENOSYS else {
        throw FavoritePrimesFileError("can't write \(path): \(reason(code))")
      }
      guard rename(temporary, target) == 0 else {
        throw FavoritePrimesFileError("can't write \(path): \(reason(errno))")
      }
      return
    }
    // `temporary` now names what was at `target`.
    if FileIdentity(ofLink: temporary) == previous, exportIdentity(temporary) == previous {
      unlink(temporary)
      return
    }
    if let code = exchangePaths(temporary, target) {
      throw FavoritePrimesFileError(
        "\(path) changed while the export was written, and the file found there could not be put back "
          + "(\(reason(code))); it is at \(temporary)")
    }
    throw changed(path)
  }

  /// The refusal of an export whose target was replaced by another file after it was checked.
  private static func changed(_ path: String) -> FavoritePrimesFileError {
    FavoritePrimesFileError("\(path) changed while the export was written, so it was left as it is")
  }

  /// Makes a new, empty file of mode 0600 in `directory` named `.primetime-KIND-XXXXXX` (`mkstemp`), for a
  /// file to be written whole before it takes the name asked for: its open descriptor and path, or nil with
  /// `errno` set. The file is locked (`flock`) while the descriptor is open: keep it open while the file is
  /// being written, so that another run's ``removeStaleHiddenFiles(in:)`` knows it is in use.
  static func makeHiddenFile(in directory: String, named kind: String) -> (descriptor: Int32, path: String)? {
    var template = Array(URL(fileURLWithPath: directory).appendingPathComponent(hiddenName(kind)).path.utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else { return nil }
    // New, so no one else holds it; a file system without flock only loses the cleanup's certainty.
    _ = flock(descriptor, LOCK_EX | LOCK_NB)
    return (descriptor, String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

  /// The kinds of hidden file a backup or an export writes first (``makeHiddenFile(in:named:)``).
  static let hiddenKinds = ["backup", "export"]

  /// How long a hidden file must have gone unchanged before it is taken for one a killed PrimeTime left: a
  /// minute. What proves it stale is the lock (``makeHiddenFile(in:named:)``): a PrimeTime holds its hidden
  /// file locked from the moment it is made until it has its name, and the system drops the lock when the
  /// process dies, whatever killed it. The minute only covers the instant between `mkstemp` and `flock`, and a
  /// `-journal`, which no one locks.
  static let staleAge: time_t = 60

  /// Removes from `directory` the hidden files a PrimeTime killed half-way through a backup or an export left
  /// there (``makeHiddenFile(in:named:)``'s `.primetime-backup-XXXXXX` and `.primetime-export-XXXXXX`, and the
  /// `-journal`, `-wal` or `-shm` SQLite made beside a backup's): only regular files of this user's, unchanged
  /// for ``staleAge``, and not locked by a process still writing them (a journal goes with its copy). Any
  /// other file, and anything that can't be examined, is left as it is.
  ///
  /// A backup or an export runs it in the directory it writes to, and a start in the database's
  /// (``FavoritePrimesDatabase/removeStaleHiddenFiles()``), so a kill leaves them only until PrimeTime next
  /// opens that database or writes there.
  static func removeStaleHiddenFiles(in directory: String) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    var removed: Set<String> = []
    for name in names where isHiddenName(name) && removeIfStale(directory + "/" + name, checkingLock: true) {
      removed.insert(name)
    }
    // SQLite's files beside a copy that is gone, or was just removed as stale.
    for name in names {
      for suffix in SidecarFile.suffixesWithDatabase where !suffix.isEmpty && name.hasSuffix(suffix) {
        let base = String(name.dropLast(suffix.count))
        if isHiddenName(base), removed.contains(base) || !names.contains(base) {
          _ = removeIfStale(directory + "/" + name, checkingLock: false)
        }
      }
    }
  }

  /// Whether `name` is one ``makeHiddenFile(in:named:)`` gives: `.primetime-KIND-` and six letters or digits.
  private static func isHiddenName(_ name: String) -> Bool {
    hiddenKinds.contains { kind in
      let prefix = hiddenName(kind).dropLast(6)
      let rest = name.utf8.dropFirst(prefix.utf8.count)
      return name.hasPrefix(prefix) && rest.count == 6 && rest.allSatisfy { $0 < 0x80 && isalnum(Int32($0)) != 0 }
    }
  }

  /// Removes the file at `path` when it is a regular file of this user's, unchanged for ``staleAge``, and (when
  /// `checkingLock`) locked by no one; whether it did.
  private static func removeIfStale(_ path: String, checkingLock: Bool) -> Bool {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(),
      time(nil) - status.st_mtim.tv_sec >= staleAge
    else { return false }
    guard checkingLock else { return unlink(path) == 0 }
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
    return unlink(path) == 0
  }

  /// The name ``makeHiddenFile(in:named:)`` gives, before `mkstemp` fills in its last six characters.
  static func hiddenName(_ kind: String) -> String {
    ".primetime-\(kind)-XXXXXX"
  }

  /// How ``moveWithoutReplacing(_:to:)`` ended.
  enum MoveOutcome: Equatable {
    /// `temporary` is at `target` now, under that name only.
    case moved
    /// A file is at `target` (it appeared after the caller's checks); it was left as it is.
    case targetExists
    /// The system refused, with this `errno`.
    case failed(Int32)
  }

  /// Gives the finished file `temporary` the name `target` without ever replacing a file there: linked, which
  /// fails if one appeared, then its own name removed; on a file system without hard links (FAT, some network
  /// file systems), renamed only if `target` still does not exist, a check a file appearing in the moment
  /// between cannot be protected from. On failure `temporary` is left for the caller to remove.
  static func moveWithoutReplacing(_ temporary: String, to target: String) -> MoveOutcome {
    if link(temporary, target) == 0 {
      unlink(temporary)
      return .moved
    }
    let code = errno
    switch code {
    case EEXIST:
      return .targetExists
    case EPERM, EOPNOTSUPP, ENOSYS, EMLINK:
      var status = stat()
      guard lstat(target, &status) != 0, errno == ENOENT else { return .targetExists }
      return rename(temporary, target) == 0 ? .moved : .failed(errno)
    default:
      return .failed(code)
    }
  }

  /// What a file of mode `mode` is, with its article: `a directory`, `a FIFO`.
  private static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFCHR, S_IFBLK: "a device"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "not a regular file"
    }
  }

  /// The system's words for `code`, as every message words them (``describe(errno:)``): `permission denied`;
  /// for a full disk (or quota), with what to do (``fullDiskAdvice``).
  static func reason(_ code: Int32) -> String {
    guard code == ENOSPC || code == EDQUOT else { return describe(errno: code) }
    return describe(errno: code) + "; " + fullDiskAdvice
  }

  /// What to do when a file PrimeTime writes (an export, a backup) does not fit on its disk.
  static let fullDiskAdvice = "free some space on that disk, or name a file on another one"
}
