import FoundationEssentials
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
    // Through a link, SQLite opens (or makes) the file it names, and names its journals after that.
    let absolute = DatabaseFile.followingLinks(DatabaseFile.absolute(path))
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

    let inspection: DatabaseFileInspection
    do {
      inspection = try DatabaseFileInspection.inspect(absolute)
    } catch {
      // Through a link, the journals named are the ones beside the file it names, where SQLite keeps them.
      throw refusal(error, path: path, sidecarsBeside: absolute == DatabaseFile.absolute(path) ? path : absolute)
    }
    switch inspection {
    case .missing:
      try requireWritable(directory: directory, file: nil, path: path)
    case .empty:
      try requireWritable(directory: directory, file: absolute, path: path)
    case let .database(current):
      if current.hasSchema, current.applicationID != Schema.applicationID {
        throw FavoritePrimesDatabaseError.foreignApplication(path: path, applicationID: current.applicationID)
      }
      if current.userVersion > Schema.version {
        throw FavoritePrimesDatabaseError.newerSchema(
          path: path, version: current.userVersion, supported: Schema.version)
      }
      try requireWritable(directory: directory, file: absolute, path: path)
    }
    return absolute
  }

  /// What `refusal` of the files of the database at `path` (as given) means for the user; its journals are
  /// named beside `database` (`path`, or the file a link at `path` names).
  private static func refusal(
    _ refusal: DatabaseFileRefusal, path: String, sidecarsBeside database: String
  ) -> FavoritePrimesDatabaseError {
    func name(_ sidecar: SidecarFile?) -> String { sidecar?.path(of: database) ?? path }
    switch refusal {
    case let .cannotExamine(sidecar, code) where code == ELOOP:
      return .symlinkLoop(path: name(sidecar))
    case let .cannotExamine(sidecar, code) where code == ENAMETOOLONG:
      return .nameTooLong(path: name(sidecar))
    case let .cannotExamine(sidecar, code):
      return .cannotInspect(path: name(sidecar), reason: describe(errno: code))
    case let .notARegularFile(sidecar?, kind):
      return .journalNotARegularFile(journal: sidecar.path(of: database), kind: kind)
    case let .notARegularFile(nil, kind):
      return .notARegularFile(path: path, kind: kind)
    case .isADirectory:
      return .isADirectory(path: path)
    case let .hardLinked(links):
      return .hardLinked(path: path, links: links)
    case .strayLog:
      return .strayJournal(path: path, journal: SidecarFile.writeAheadLog.path(of: database))
    case let .foreignSidecar(sidecar):
      return .foreignSidecar(path: path, sidecar: sidecar.path(of: database))
    case let .notReadable(code):
      return .notReadable(path: path, reason: describe(errno: code))
    case .notADatabase:
      return .notADatabase(path: path)
    case let .cutShort(size, expected):
      return .corrupt(
        path: path, detail: "the file is cut short: \(size) bytes, where its header counts \(expected) or more")
    case let .unknownSchemaFormat(format):
      return .corrupt(path: path, detail: "its header's schema format number is \(format), where SQLite writes 1 to 4")
    }
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

  /// Refuses a directory or file this process may not write: WAL needs to create files beside the database.
  private static func requireWritable(directory: String, file: String?, path: String) throws {
    if let refusal = unwritable(directory, named: directory, needing: W_OK | X_OK) {
      throw refusal
    }
    if let file, let refusal = unwritable(file, named: path, needing: W_OK, isDirectory: false) {
      throw refusal
    }
  }

  /// Why PrimeTime may not write at `absolute` (named `name` in the error), asking `access` for `mode`: on a
  /// read-only file system, or for want of permission (of the database file itself unless `isDirectory`); nil
  /// when it may.
  static func unwritable(
    _ absolute: String, named name: String, needing mode: Int32, isDirectory: Bool = true
  ) -> FavoritePrimesDatabaseError? {
    guard access(absolute, mode) != 0 else { return nil }
    if errno == EROFS {
      return .readOnlyFileSystem(path: name)
    }
    return isDirectory ? .notWritable(path: name) : .fileNotWritable(path: name)
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
