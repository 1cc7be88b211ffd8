import FoundationEssentials
import SQLite

import Platform

extension FavoritePrimesDatabase {
  /// Writes a consistent copy of the database, every favourite and all the activity, to a new file at
  /// `target`, with SQLite's `VACUUM INTO`, while this and other connections go on using the database.
  ///
  /// The copy is one snapshot: what was committed when it started, nothing of a save still in progress. It is
  /// made with mode 0600, flushed to disk before this returns, and opens with `primetime --db TARGET`.
  /// Refused, with a ``FavoritePrimesFileError`` and nothing created: an existing `target` (never replaced), the
  /// database itself or its `-wal`, `-shm` or `-journal` (the real file's too, when the database was named
  /// through a symbolic link), `:memory:` or a `file:` name or a name longer than 247 bytes (which `--db` would
  /// not open), a `target` ending in `/`, an existing `target-journal`, `-wal` or `-shm` (SQLite would take it
  /// for the copy's own and delete it), a directory that does not exist, and a database that fails its
  /// integrity check (the copy would hold the same damage). A path that cannot be examined or made is refused
  /// with the system's reason (`not a directory`, `file name too long`, `permission denied`). The copy is
  /// written under a hidden name beside `target` (`.primetime-backup-XXXXXX`) and takes `target`'s name only
  /// once whole and on disk; one that fails half-way is removed, with the journal SQLite made for it. One of
  /// the `protected` files (``ProtectedFile``: the history, the log) is refused too, even before it exists.
  public func backup(to target: String, protecting protected: [ProtectedFile] = []) throws {
    try backup(to: target, protecting: protected, stopping: Interruption())
  }

  /// ``backup(to:protecting:)``, stopped by `interruption`: once it is requested (Ctrl-C, the end of the
  /// session) the check or the copy stops within milliseconds, the hidden file goes, and this throws: nothing
  /// is left at `target`.
  func backup(to target: String, protecting protected: [ProtectedFile], stopping interruption: Interruption) throws {
    // `primetime --db` opens neither (SQLite reads them as no file and as a URI): the copy could not be opened.
    if target == ":memory:" || target.hasPrefix("file:") {
      throw FavoritePrimesFileError("primetime --db would not open a copy named \(target); name it ./\(target)")
    }
    try TransferFiles.refuseDatabase(target, database: path)
    try TransferFiles.refuse(target, protecting: protected)
    try TransferFiles.refuseSidecarName(target)
    var status = stat()
    if lstat(target, &status) == 0 {
      throw FavoritePrimesFileError("\(target) already exists; a backup never replaces a file, so name a new one")
    }
    let lookup = errno
    guard lookup == ENOENT else {
      throw FavoritePrimesFileError("can't examine \(target): \(TransferFiles.reason(lookup))")
    }
    let destination = DatabaseFile.absolute(target)
    let name = destination.split(separator: "/").last.map { $0.utf8.count } ?? 0
    if name > DatabaseFile.nameMax - SidecarFile.longestSuffixLength {
      throw FavoritePrimesFileError(
        "\(target) has too long a name for a database: primetime --db opens names of at most 247 bytes, leaving "
          + "room for the '-journal' SQLite adds; name the copy shorter"
      )
    }
    if destination.utf8.count > DatabaseFile.pathMax {
      throw FavoritePrimesFileError(
        "\(target) is too long a path for a database: SQLite opens one by a path of at most \(DatabaseFile.pathMax) "
          + "bytes; "
          + "name a shorter one"
      )
    }
    // SQLite would take such a file for the new copy's own journal or write-ahead log, and delete it.
    for sidecar in SidecarFile.allCases where lstat(sidecar.path(of: target), &status) == 0 {
      throw FavoritePrimesFileError(
        "\(sidecar.path(of: target)) exists beside it, and SQLite would take it for the copy's own and delete it; "
          + "move it away or name another file"
      )
    }
    let folder = URL(fileURLWithPath: destination).deletingLastPathComponent().path
    guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw FavoritePrimesFileError("there is no directory \(folder) for the copy \(target)")
    }
    // The copy is written under a hidden name first (below), which SQLite must open too, with its journal.
    let hidden = folder + "/" + TransferFiles.hiddenName("backup")
    if SidecarFile.rollbackJournal.path(of: hidden).utf8.count > DatabaseFile.pathMax {
      throw FavoritePrimesFileError(
        "\(target) is too long a path for a backup: the copy is written beside it under a longer hidden name "
          + "first, and SQLite opens one by a path of at most \(DatabaseFile.pathMax) bytes; name a shorter one"
      )
    }
    // A connection of its own, so the copy never waits for this object's calls. It reads one snapshot, and is
    // closed when released, without the checkpoint a close would do: the database file is only read.
    let source: Connection
    let findings: [String]
    do {
      source = try Connection(inspecting: DatabaseFile.absolute(path))
      // Damage the check cannot even get past is its finding, as for `check`.
      findings = try source.interrupting(when: interruption) {
        try source.integrityFindings(limit: Self.integrityFindingsKept)
      }
    } catch let error as SQLiteError {
      throw FavoritePrimesFileError("can't read the database to copy it: \(error.message)")
    }
    // A copy of a damaged file is no backup: it would be announced as one and hold the same damage.
    guard findings.isEmpty else {
      throw FavoritePrimesFileError(
        "the database fails its integrity check (\(findings.joined(separator: "; "))), and a copy would hold the "
          + "same damage, so no copy was made; 'check' says what is damaged"
      )
    }
    // The copy is written under a hidden name of its own beside `target` (made here, empty, mode 0600, which
    // `VACUUM INTO` accepts), flushed, and only then linked to `target`: a process killed half-way leaves no
    // half copy under the name asked for, which would pass for a backup.
    // Hidden files a PrimeTime killed half-way through an earlier backup left in this directory.
    TransferFiles.removeStaleHiddenFiles(in: folder)
    guard let (descriptor, temporary) = TransferFiles.makeHiddenFile(in: folder, named: "backup") else {
      throw FavoritePrimesFileError("can't make the copy \(target): \(TransferFiles.reason(errno))")
    }
    _ = fchmod(descriptor, 0o600)  // the umask may have taken bits from mkstemp's 0600; 0600 exactly was asked
    // Open, and so locked, until the copy has its name: another run's cleanup then leaves it alone.
    defer { closeFile(descriptor) }
    do {
      try source.interrupting(when: interruption) { () throws(BackupError) in try source.copy(to: temporary) }
    } catch .fileSizeLimit {
      throw FavoritePrimesFileError(
        "can't write the copy \(target): the file size limit (ulimit -f) stops it from growing; raise the limit "
          + "or make the copy on another file system"
      )
    } catch .sqlite(let error) {
      throw FavoritePrimesFileError.copyNotWritten(target, error)
    } catch .flush(let code) {
      throw FavoritePrimesFileError("can't flush the copy \(target) to disk: \(TransferFiles.reason(code))")
    }
    // Stopped once the copy was written: it does not take its name, so a stop never leaves a copy unannounced.
    if interruption.isRequested {
      DatabaseFile.removeWithSidecars(temporary)
      throw SQLiteError.interrupted
    }
    do {
      try Self.place(temporary, at: destination, in: folder, named: target)
    } catch {
      // The copy, and any journal SQLite made for it.
      DatabaseFile.removeWithSidecars(temporary)
      throw error
    }
  }

  /// Puts the finished copy `temporary` at `destination` (the absolute form of `target`, in `folder`) without
  /// replacing anything (``TransferFiles/moveWithoutReplacing(_:to:)``), then flushes `folder`, so the new name
  /// survives a crash. On failure `temporary` is left for the caller to remove.
  private static func place(_ temporary: String, at destination: String, in folder: String, named target: String)
    throws
  {
    switch TransferFiles.moveWithoutReplacing(temporary, to: destination) {
    case .moved:
      _ = DatabaseFile.flush(folder)
    case .targetExists:
      throw FavoritePrimesFileError(
        "\(target) appeared while the copy was written; a backup never replaces a file, so name a new one")
    case .failed(let code):
      throw FavoritePrimesFileError("can't make the copy \(target): \(TransferFiles.reason(code))")
    }
  }
}

extension FavoritePrimesDatabase {
  /// Removes from the database's directory the hidden files a PrimeTime killed half-way through a backup or an
  /// export there left (`.primetime-backup-XXXXXX`, its `-journal`, `.primetime-export-XXXXXX`): those no
  /// running PrimeTime holds, unchanged for a minute; every other file is left as it is. PrimeTime calls it
  /// once opened, so a kill's leftovers beside the database go at the next start; a backup or an export does
  /// the same in the directory it writes to.
  public func removeStaleHiddenFiles() {
    TransferFiles.removeStaleHiddenFiles(in: DatabaseFile.parentDirectory(of: DatabaseFile.absolute(path)))
  }
}

/// `close(2)`, named apart from ``FavoritePrimesDatabase/close()``, which hides it inside the type.
private func closeFile(_ descriptor: Int32) {
  _ = close(descriptor)
}

extension FavoritePrimesFileError {
  /// Why the copy `target` could not be written (SQLite's `error`), with what to do when the disk is full.
  static func copyNotWritten(_ target: String, _ error: SQLiteError) -> Self {
    guard ResultCode.full ~= error else { return Self("can't write the copy \(target): \(error.message)") }
    return Self("can't write the copy \(target): the disk is full; \(TransferFiles.fullDiskAdvice)")
  }
}
