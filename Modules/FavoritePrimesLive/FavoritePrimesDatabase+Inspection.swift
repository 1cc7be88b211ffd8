#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SQLite

import Platform

extension FavoritePrimesDatabase {
  /// The checks made before SQLite may touch `path`: only `stat`, `mkdir` of missing directories, and
  /// plain reads. Returns the absolute path to open, which SQLite can never take for a URI; the directories
  /// it made are added to `createdDirectories` (see ``createMissingDirectories(_:)``).
  ///
  /// Refuses (leaving every file as it was) a name that is no file path (also one ending in `/`), anything but a regular file, a
  /// file with more than one name (hard links), a
  /// `-wal` beside a missing, empty or foreign main file, a file cut short, a file that is not a database,
  /// another application's, a newer PrimeTime's (judged with the changes still in its `-wal`; a hot
  /// `-journal`'s owner is judged by the main file), and a file or directory that may not be written.
  static func inspect(_ path: String, createdDirectories: inout [String]) throws -> String {
    if path.isEmpty || path == ":memory:" {
      throw FavoritePrimesDatabaseError.notAFilePath(path: path)
    }
    if path.hasPrefix("file:") {
      throw FavoritePrimesDatabaseError.uri(path: path)
    }
    let absolute = DatabaseFile.absolute(path)
    if absolute.hasSuffix("/") {  // names a directory, existing or not: make none for it
      var status = stat()
      if stat(absolute, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
        throw FavoritePrimesDatabaseError.isADirectory(path: path)
      }
      throw FavoritePrimesDatabaseError.notAFilePath(path: path)
    }
    // SQLite names its journals by adding up to 8 bytes ("-journal") to the file's name.
    let journal = SidecarFile.rollbackJournal.path(of: absolute)
    if journal.split(separator: "/").contains(where: { $0.utf8.count > DatabaseFile.nameMax }) {
      throw FavoritePrimesDatabaseError.nameTooLong(path: path)
    }
    if absolute.utf8.count > DatabaseFile.pathMax {
      throw FavoritePrimesDatabaseError.pathTooLong(path: path, length: absolute.utf8.count)
    }
    let directory = DatabaseFile.parentDirectory(of: absolute)
    createdDirectories += try createMissingDirectories(directory)
    // SQLite follows the links in the path before opening it: the path it ends with must fit too.
    if let length = resolvedLength(of: absolute, in: directory), length > DatabaseFile.pathMax {
      throw FavoritePrimesDatabaseError.pathTooLong(path: path, length: length)
    }

    let wal = SidecarFile.writeAheadLog.path(of: path)
    var journalStatuses: [SidecarFile: stat] = [:]
    for sidecar in SidecarFile.allCases {
      // Not followed: SQLite opens its journals only as regular files, never through a link.
      let name = sidecar.path(of: path)
      guard let status = try status(of: sidecar.path(of: absolute), named: name, followingLinks: false) else {
        continue
      }
      guard status.st_mode & S_IFMT == S_IFREG else {
        throw FavoritePrimesDatabaseError.journalNotARegularFile(journal: name, kind: kind(of: status))
      }
      journalStatuses[sidecar] = status
    }
    let walSize = journalStatuses[.writeAheadLog].map { Int($0.st_size) } ?? 0
    let journalSize = journalStatuses[.rollbackJournal].map { Int($0.st_size) } ?? 0

    guard let main = try status(of: absolute, named: path) else {
      if walSize > 0 { throw FavoritePrimesDatabaseError.strayJournal(path: path, journal: wal) }
      try requireWritable(directory: directory, file: nil, path: path)
      return absolute
    }
    switch main.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw FavoritePrimesDatabaseError.isADirectory(path: path)
    default: throw FavoritePrimesDatabaseError.notARegularFile(path: path, kind: kind(of: main))
    }
    // SQLite names the -wal and -shm after the name it was given: two names for one file would each get a log
    // of their own, and a checkpoint through one would overwrite what was committed through the other.
    if main.st_nlink > 1 {
      throw FavoritePrimesDatabaseError.hardLinked(path: path, links: Int(main.st_nlink))
    }
    let size = Int(main.st_size)
    guard size > 0 else {
      if walSize > 0 { throw FavoritePrimesDatabaseError.strayJournal(path: path, journal: wal) }
      try requireWritable(directory: directory, file: absolute, path: path)
      return absolute
    }

    guard let header = DatabaseFileHeader(try firstBytes(of: absolute, named: path)) else {
      throw FavoritePrimesDatabaseError.notADatabase(path: path)
    }
    var current = header
    if walSize > 0, let log = WriteAheadLog(contentsOf: SidecarFile.writeAheadLog.path(of: absolute)) {
      guard log.pageSize == header.pageSize else {
        throw FavoritePrimesDatabaseError.strayJournal(path: path, journal: wal)
      }
      if let page = log.firstPage, let newer = DatabaseFileHeader(page) {
        // An application sets its id once, with its first tables: a log that says otherwise than the
        // main file's tables was written for another file.
        if header.hasSchema, newer.applicationID != header.applicationID {
          throw FavoritePrimesDatabaseError.strayJournal(path: path, journal: wal)
        }
        current = newer
      }
    }
    if walSize == 0, journalSize == 0 {
      let expected = (header.recordedPageCount ?? 0) * header.pageSize
      if !size.isMultiple(of: header.pageSize) || size < expected {
        throw FavoritePrimesDatabaseError.corrupt(
          path: path,
          detail: "the file is cut short: \(size) bytes, where its header counts \(max(expected, size)) or more"
        )
      }
    }
    if current.hasSchema, !(1...4).contains(current.schemaFormat) {
      throw FavoritePrimesDatabaseError.corrupt(
        path: path, detail: "its header's schema format number is \(current.schemaFormat), where SQLite writes 1 to 4")
    }
    if current.hasSchema, current.applicationID != Schema.applicationID {
      throw FavoritePrimesDatabaseError.foreignApplication(path: path, applicationID: current.applicationID)
    }
    if current.userVersion > Schema.version {
      throw FavoritePrimesDatabaseError.newerSchema(
        path: path, version: current.userVersion, supported: Schema.version)
    }
    try requireWritable(directory: directory, file: absolute, path: path)
    return absolute
  }

  /// How long `absolute` (in `directory`) is with every link followed, as SQLite opens it: the file's own
  /// real path when it exists, else its directory's plus its name; nil when neither can be resolved.
  private static func resolvedLength(of absolute: String, in directory: String) -> Int? {
    if let real = realpath(absolute, nil) {
      defer { free(real) }
      return strlen(real)
    }
    guard let real = realpath(directory, nil) else { return nil }
    defer { free(real) }
    let name = absolute.split(separator: "/").last.map { $0.utf8.count } ?? 0
    let length = strlen(real)
    return (length == 1 ? 0 : length) + 1 + name
  }

  /// `stat` of `absolute` (following links unless `followingLinks` is false, then `lstat`); nil when nothing
  /// is there.
  ///
  /// - Throws: naming `name`: ``FavoritePrimesDatabaseError/symlinkLoop(path:)`` for a loop of links,
  ///   ``FavoritePrimesDatabaseError/nameTooLong(path:)`` for a name too long, and
  ///   ``FavoritePrimesDatabaseError/cannotInspect(path:reason:)`` for any other failure, such as a directory
  ///   on the way that may not be searched.
  private static func status(of absolute: String, named name: String, followingLinks: Bool = true) throws -> stat? {
    var status = stat()
    guard (followingLinks ? stat(absolute, &status) : lstat(absolute, &status)) == 0 else {
      let code = errno
      switch code {
      case ENOENT: return nil
      case ELOOP: throw FavoritePrimesDatabaseError.symlinkLoop(path: name)
      case ENAMETOOLONG: throw FavoritePrimesDatabaseError.nameTooLong(path: name)
      default: throw FavoritePrimesDatabaseError.cannotInspect(path: name, reason: describe(errno: code))
      }
    }
    return status
  }

  /// The first ``DatabaseFileHeader/length`` bytes of the file at `absolute` (fewer if it is shorter).
  ///
  /// - Throws: ``FavoritePrimesDatabaseError/notReadable(path:reason:)`` naming `name` when it may not be
  ///   opened or read, e.g. it belongs to another user.
  static func firstBytes(of absolute: String, named name: String) throws -> [UInt8] {
    do {
      return try DatabaseFileHeader.firstBytes(ofFileAt: absolute)
    } catch {
      throw FavoritePrimesDatabaseError.notReadable(path: name, reason: error.description)
    }
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

  /// Refuses a directory or file this process may not write: WAL needs to create files beside the database.
  private static func requireWritable(directory: String, file: String?, path: String) throws {
    if let refusal = unwritable(directory, named: directory, needing: W_OK | X_OK) {
      throw refusal
    }
    if let file, let refusal = unwritable(file, named: path, needing: W_OK) {
      throw refusal
    }
  }

  /// Why PrimeTime may not write at `absolute` (named `name` in the error), asking `access` for `mode`: on a
  /// read-only file system, or for want of permission; nil when it may.
  static func unwritable(_ absolute: String, named name: String, needing mode: Int32) -> FavoritePrimesDatabaseError? {
    guard access(absolute, mode) != 0 else { return nil }
    return errno == EROFS ? .readOnlyFileSystem(path: name) : .notWritable(path: name)
  }

  /// Creates the missing directories of the absolute path `directory`, walking its components from the
  /// root, each missing one with mode 0700; existing ones are left alone. Returns the directories this call
  /// made, outermost first, each named by the prefix of `directory` that reached it (empty when all existed;
  /// one another process made meanwhile is not counted).
  ///
  /// The walk is Platform's ``PrivateDirectories/createMissing(_:)``, the one the history file uses too;
  /// this names its failures in the database's words.
  ///
  /// - Throws: ``FavoritePrimesDatabaseError/notADirectory(path:)`` when a component is a file,
  ///   ``FavoritePrimesDatabaseError/cannotCreateDirectory(path:reason:)`` when one cannot be made.
  static func createMissingDirectories(_ directory: String) throws -> [String] {
    do {
      return try PrivateDirectories.createMissing(directory)
    } catch {
      switch error {
      case .notADirectory(let path): throw FavoritePrimesDatabaseError.notADirectory(path: path)
      case .cannotCreate(let path, let code):
        throw FavoritePrimesDatabaseError.cannotCreateDirectory(path: path, reason: describe(errno: code))
      }
    }
  }
}
