public import FoundationEssentials
public import SQLite

/// Why a ``FavoritePrimesDatabase`` could not be opened, read or written.
///
/// Its ``description`` is one line for the user: the path, what is wrong, and what to do. Every refusal at
/// open (``notADatabase(path:)``, ``corrupt(path:detail:)``, ``foreignApplication(path:applicationID:)``,
/// ``newerSchema(path:version:supported:)``, ``strayJournal(path:journal:)``,
/// ``notARegularFile(path:kind:)``, ``isADirectory(path:)``, ``hardLinked(path:links:)``, ``journalNotARegularFile(journal:kind:)``,
/// ``symlinkLoop(path:)``, ``notReadable(path:reason:)``, ``foreignSidecar(path:sidecar:)``) leaves the file, its `-wal` and `-journal`, and
/// the directory listing exactly as they were; those that say "left it untouched" say so only then.
public enum FavoritePrimesDatabaseError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
  /// The file is not a SQLite database (SQLite said `SQLITE_NOTADB`).
  case notADatabase(path: String)
  /// The file is a SQLite database that is damaged: cut short, with a page of a table SQLite cannot read, or
  /// failing `PRAGMA quick_check`; `detail` says how (with the first findings of the check when it ran).
  case corrupt(path: String, detail: String)
  /// The same damage, in a database SQLite first recovered from a crash: it played back the unfinished
  /// transaction its hot `-journal` held (which then went), as it must before anything can be read. PrimeTime
  /// changed nothing else.
  case corruptAfterRecovery(path: String, detail: String)
  /// The file holds tables but another application's `application_id` (or none).
  case foreignApplication(path: String, applicationID: Int64)
  /// The file was written by a newer PrimeTime: its `user_version` is above the one this build knows.
  case newerSchema(path: String, version: Int64, supported: Int64)
  /// A missing directory on the way to the database could not be created; `path` is that directory.
  case cannotCreateDirectory(path: String, reason: String)
  /// PrimeTime may not write in `path`, the directory that must hold the database and its journal files.
  case notWritable(path: String)
  /// PrimeTime may not write the database file at `path` (its directory is writable).
  case fileNotWritable(path: String)
  /// `path`, the database file or the directory that must hold it and its journal files, is on a file system
  /// mounted read-only: no permission would let PrimeTime write there.
  case readOnlyFileSystem(path: String)
  /// `journal` (the `-wal`) holds changes to a database that is not at `path`: the main file is missing,
  /// empty, or one whose pages are of another size. Opening would discard the log.
  case strayJournal(path: String, journal: String)
  /// `path` is not a regular file: `kind` says what it is, with its article ("a FIFO").
  case notARegularFile(path: String, kind: String)
  /// `path` is a directory.
  case isADirectory(path: String)
  /// The file at `path` has `links` names (hard links, more than one): SQLite keeps a `-wal` and `-shm` for each
  /// name, so changes committed through one name would be lost by a checkpoint through another.
  case hardLinked(path: String, links: Int)
  /// `path` names no file, such as `:memory:` or nothing at all.
  case notAFilePath(path: String)
  /// `path` starts with `file:`, as a SQLite URI does; PrimeTime takes plain paths only.
  case uri(path: String)
  /// A component of the directories leading to the database, `path`, is a file.
  case notADirectory(path: String)
  /// `path` could not be examined before opening, for `reason` (e.g. a directory that may not be searched).
  case cannotInspect(path: String, reason: String)
  /// The file holds values PrimeTime never writes (`detail` says which): another program changed it.
  case unexpectedContent(path: String, detail: String)
  /// A name in `path` is too long: a directory's over 255 bytes, or the file's over 247, leaving no room for
  /// the `-journal` SQLite adds to it.
  case nameTooLong(path: String)
  /// `path` is `length` bytes long once made absolute and its links followed: more than SQLite opens a
  /// database by (512).
  case pathTooLong(path: String, length: Int)
  /// `path` is a symbolic link that leads back to itself, or through too many others.
  case symlinkLoop(path: String)
  /// `journal` (the database's `-wal`, `-shm` or `-journal`) is not a regular file but `kind` ("a symbolic
  /// link"): SQLite would not open it, and PrimeTime left it as it was.
  case journalNotARegularFile(journal: String, kind: String)
  /// `sidecar`, at the name SQLite gives the `-wal`, `-shm` or `-journal` of the database at `path`, is a file
  /// SQLite did not make (an export, a backup, notes named so): opening would overwrite or delete it.
  case foreignSidecar(path: String, sidecar: String)
  /// The disk holding the database at `path` is full.
  case diskFull(path: String)
  /// The file size limit (`ulimit -f`, or the largest file the file system holds) stops the database at
  /// `path`, or its `-wal` or `-shm`, from growing: SQLite's I/O error with `EFBIG`.
  case fileSizeLimit(path: String)
  /// The file at `path` could not be opened or read, for `reason` (e.g. "permission denied": it belongs to
  /// another user); it was left untouched.
  case notReadable(path: String, reason: String)
  /// `path` no longer names the database file opened: it was moved, deleted or replaced by another file while
  /// PrimeTime ran, so nothing more is read from or saved into it until the file opened is put back there.
  case movedOrDeleted(path: String)
  /// Closing could not copy the log into the main file at `path` (SQLite's `error`, e.g. `SQLITE_FULL`): what
  /// was last stored is still only in its `-wal`, which must stay beside it until a later run finishes. The
  /// description says "stored", not "changes": a run whose saves all failed leaves only what opening wrote.
  case checkpointFailed(path: String, error: SQLiteError)
  /// Closing could not copy the changes in the `-wal` into the database at `path`, as the file size limit
  /// (`ulimit -f`) stops the file from growing: they are still only in the `-wal`, which must stay beside it.
  case checkpointStoppedByFileSizeLimit(path: String)
  /// Closing met damage in the database at `path` that no load or save had met (reading the whole list, to
  /// keep its copy): `detail` says what, with `quick_check`'s first findings. What was saved before is kept.
  case damagedAtClose(path: String, detail: String)
  /// The database was closed; nothing more can be read or written through this object.
  case closed(path: String)
  /// Any other SQLite failure on the database at `path`, with SQLite's code and message.
  case sqlite(path: String, error: SQLiteError)

  /// One line: the path, the reason, and what to do.
  public var description: String {
    switch self {
    case let .notADatabase(path):
      "\(path) is not a SQLite database; PrimeTime left it untouched. Choose another database file."
    case let .corrupt(path, detail):
      "\(path) is corrupt (\(Self.oneLine(detail))); PrimeTime left it untouched. "
        + "Restore it from a backup, or move it away to start afresh."
    case let .corruptAfterRecovery(path, detail):
      "\(path) is corrupt (\(Self.oneLine(detail))); SQLite first played back the unfinished transaction its "
        + "-journal held, as after a crash, and PrimeTime changed nothing else. Restore it from a backup, or move "
        + "it away to start afresh."
    case let .foreignApplication(path, applicationID):
      "\(path) belongs to another application (application_id \(applicationID)); PrimeTime left it "
        + "untouched. Choose another database file."
    case let .newerSchema(path, version, supported):
      "\(path) was made by a newer PrimeTime (schema version \(version); this build knows up to "
        + "\(supported)); PrimeTime left it untouched. Update PrimeTime to use it."
    case let .cannotCreateDirectory(path, reason):
      "cannot create the directory \(path): \(Self.oneLine(reason)). Create it yourself, or choose "
        + "another location for the database."
    case let .readOnlyFileSystem(path):
      "\(path) is on a read-only file system, and PrimeTime must write the database and its journal files "
        + "there. Choose another location for the database."
    case let .notWritable(path):
      "\(path) is not writable, and PrimeTime must write the database and its journal files there. "
        + "Fix its permissions, or choose another location for the database."
    case let .fileNotWritable(path):
      "\(path) is not writable, and PrimeTime saves the favorites by writing to it. Fix its permissions, or "
        + "choose another database file."
    case let .sqlite(path, error) where ResultCode.busy ~= error:
      "\(path) is locked by another program (SQLite error \(error.code): \(Self.oneLine(error.message))); "
        + "wait until it is done."
    case let .strayJournal(path, journal):
      "\(journal) holds changes to a database that is not at \(path) (missing, empty or replaced); PrimeTime left "
        + "both untouched. Put the database file back, or move \(journal) away to start afresh."
    case let .notARegularFile(path, kind):
      "\(path) is \(kind), not a regular file; PrimeTime left it untouched. Choose a regular file for the "
        + "database."
    case let .hardLinked(path, links):
      "\(path) is one of \(links) names (hard links) of one file, and SQLite would keep a separate journal for each "
        + "name and lose changes; PrimeTime left it untouched. Use one name (remove the others), or copy the file."
    case let .isADirectory(path):
      "\(path) is a directory; choose a file path for the database, such as "
        + "\(path.hasSuffix("/") ? path : path + "/")primetime.sqlite3."
    case let .notAFilePath(path):
      "'\(path)' is not a file path; PrimeTime keeps favorites in a database file. Give a file path, or use "
        + "--sandbox to keep them in memory only."
    case let .uri(path):
      "\(path) looks like a SQLite URI, which PrimeTime does not take; give a plain file path "
        + "(./\(path) for a file of that name)."
    case let .notADirectory(path):
      "\(path) is a file, not a directory, so the database can't be kept under it. Move it away, or choose "
        + "another location for the database."
    case let .cannotInspect(path, reason):
      "can't examine \(path): \(Self.oneLine(reason)). Fix the permissions of the directories leading to it, "
        + "or choose another location for the database."
    case let .unexpectedContent(path, detail):
      "\(path) holds data PrimeTime did not write (\(Self.oneLine(detail))): another program changed it. "
        + "Restore it from a backup, or move it away to start afresh."
    case let .nameTooLong(path):
      "\(path) has a name too long: a name in a path may have at most 255 bytes, and the database's at most 247, "
        + "leaving room for its '-journal'. Choose a shorter name for the database."
    case let .pathTooLong(path, length):
      "\(path) is too long a path: SQLite opens a database by a path of at most 512 bytes, and this one has "
        + "\(length) once made absolute and its links followed. Choose a shorter path for the database."
    case let .symlinkLoop(path):
      "\(path) is a loop of symbolic links (or too long a chain of them); PrimeTime left it untouched. Point the "
        + "link at a file, or choose another database file."
    case let .foreignSidecar(path, sidecar):
      "\(sidecar) is not a file SQLite made for \(path), but SQLite would take it for one and overwrite or delete it; "
        + "PrimeTime left both untouched. Move or rename \(sidecar), or choose another database file."
    case let .journalNotARegularFile(journal, kind):
      "\(journal) is \(kind), where SQLite keeps the database's journal only in a regular file it makes itself; "
        + "PrimeTime left it untouched. Move it away, or choose another database file."
    case let .diskFull(path):
      "the disk holding \(path) is full; free some space on it, then try again."
    case let .fileSizeLimit(path):
      "\(path): the file size limit (ulimit -f) stops the database from growing; raise the limit or choose a "
        + "database on another file system."
    case let .notReadable(path, reason):
      "\(path) can't be read (\(Self.oneLine(reason))); PrimeTime left it untouched. Fix its permissions, or run "
        + "PrimeTime as the user who may read it."
    case let .movedOrDeleted(path):
      "\(path) was moved, deleted or replaced while PrimeTime was running; put the file it opened back there for "
        + "PrimeTime to save into it again."
    case let .checkpointStoppedByFileSizeLimit(path):
      "what was last stored in \(path) is still only in \(path)-wal, as the file size limit (ulimit -f) stops the "
        + "database from growing; keep that file beside \(path), raise the limit, then run PrimeTime again to move "
        + "it into the database."
    case let .checkpointFailed(path, error) where ResultCode.full ~= error:
      "what was last stored in \(path) is still only in \(path)-wal, as the disk is full; keep that file beside "
        + "\(path), free some space on the disk, then run PrimeTime again to move it into the database."
    case let .checkpointFailed(path, error):
      "what was last stored in \(path) is still only in \(path)-wal (SQLite error \(error.code): "
        + "\(Self.oneLine(error.message))); keep that file beside \(path), check the disk, then run PrimeTime "
        + "again to move it into the database."
    case let .damagedAtClose(path, detail):
      "\(path) is damaged (\(Self.oneLine(detail))), as PrimeTime found reading the favorites at the end; 'check' "
        + "says more. Restore it from a backup, or move it away to start afresh."
    case let .closed(path):
      "\(path) is already closed; PrimeTime reads and writes it no more in this run."
    case let .sqlite(path, error):
      "\(path): SQLite error \(error.code): \(Self.oneLine(error.message)). Check the disk and the "
        + "file's permissions, then try again."
    }
  }

  /// The same line as ``description``, for `localizedDescription`.
  public var errorDescription: String? { description }

  /// `text` with line breaks turned into spaces, so a description stays one line.
  private static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
