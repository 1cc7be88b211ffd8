import Platform

extension Connection {
  /// Writes a consistent copy of this connection's database into the new file at `path` with `VACUUM INTO`,
  /// then flushes it to disk; the copy is one snapshot, what was committed when it started.
  ///
  /// `path` must name no file yet, or an empty one made for the copy (with the mode it should have): a copy
  /// that fails half-way is removed, with the journal SQLite made for it, and a finished one is left for the
  /// caller to put where it belongs. A file at `path` that is not empty is refused and left as it is.
  ///
  /// - Throws: ``BackupError``.
  public func copy(to path: String) throws(BackupError) {
    var status = stat()
    if lstat(path, &status) == 0, status.st_size > 0 {
      throw .sqlite(SQLiteError(.error, message: "the copy's file already holds data: \(path)"))
    }
    do {
      try execute("VACUUM INTO ?", [.text(path)])
    } catch {
      let error = error as? SQLiteError ?? SQLiteError(.error, message: "\(error)")
      let limited = error.isFileSizeLimit(forDatabaseAt: path)
      DatabaseFile.removeWithSidecars(path)
      throw limited ? .fileSizeLimit : .sqlite(error)
    }
    if let code = DatabaseFile.flush(path) {
      DatabaseFile.removeWithSidecars(path)
      throw .flush(errno: code)
    }
  }
}

/// Why ``Connection/copy(to:)`` made no copy.
public enum BackupError: Error, Equatable, Sendable {
  /// The file size limit (`ulimit -f`) stopped the copy from growing.
  case fileSizeLimit
  /// SQLite could not write the copy: a full disk, a directory that may not be written.
  case sqlite(SQLiteError)
  /// The copy could not be flushed to disk, for this `errno`.
  case flush(errno: Int32)
}

extension DatabaseFile {
  /// Removes the file at `path` and every ``SidecarFile`` of it that exists: a database this program made
  /// and must not leave behind.
  public static func removeWithSidecars(_ path: String) {
    for suffix in SidecarFile.suffixesWithDatabase {
      var status = stat()
      if lstat(path + suffix, &status) == 0 {
        unlink(path + suffix)
      }
    }
  }
}
