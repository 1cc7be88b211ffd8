#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SQLite

import Platform

extension FavoritePrimesDatabase {
  /// Writes a consistent copy of the database, every favourite and all the activity, to a new file at
  /// `target`, with SQLite's `VACUUM INTO`, while this and other connections go on using the database.
  ///
  /// The copy is one snapshot: what was committed when it started, nothing of a save still in progress. It is
  /// flushed to disk before this returns, and opens with `primetime --db TARGET`. Refused, with a
  /// ``FavoritePrimesFileError`` and nothing created: an existing `target` (never replaced), the database
  /// itself or its `-wal`, `-shm` or `-journal` (the real file's too, when the database was named through a
  /// symbolic link), `:memory:` or a `file:` name (which `--db` would not open), a `target` ending in `/`, an existing `target-journal`, `-wal` or `-shm` (SQLite would
  /// take it for the copy's own and delete it), and a directory that does not exist. A copy that fails
  /// half-way is removed, with the journal SQLite made for it.
  public func backup(to target: String) throws {
    // `primetime --db` opens neither (SQLite reads them as no file and as a URI): the copy could not be opened.
    if target == ":memory:" || target.hasPrefix("file:") {
      throw FavoritePrimesFileError("primetime --db would not open a copy named \(target); name it ./\(target)")
    }
    try TransferFiles.refuseDatabase(target, database: path)
    var status = stat()
    guard lstat(target, &status) != 0, errno == ENOENT else {
      throw FavoritePrimesFileError("\(target) already exists; a backup never replaces a file, so name a new one")
    }
    // SQLite would take such a file for the new copy's own journal or write-ahead log, and delete it.
    for suffix in ["-journal", "-wal", "-shm"] where lstat(target + suffix, &status) == 0 || errno != ENOENT {
      throw FavoritePrimesFileError(
        "\(target)\(suffix) exists beside it, and SQLite would take it for the copy's own and delete it; "
          + "move it away or name another file"
      )
    }
    let destination = Self.absolute(target)
    let folder = URL(fileURLWithPath: destination).deletingLastPathComponent().path
    guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw FavoritePrimesFileError("there is no directory \(folder) for the copy \(target)")
    }
    do {
      // A connection of its own, so the copy never waits for this object's calls. It reads one snapshot, and
      // is closed when released, without the checkpoint a close would do: the database file is only read.
      let source = try Connection(path: Self.absolute(path), mode: .readWrite)
      try source.setCheckpointsOnClose(false)
      try source.execute("VACUUM INTO ?", [.text(destination)])
    } catch let error as SQLiteError {
      // The copy, and the journal SQLite made for it: none was there before (refused above).
      for leftover in [destination, destination + "-journal"] where FileManager.default.fileExists(atPath: leftover) {
        unlink(leftover)
      }
      throw FavoritePrimesFileError("can't write the copy \(target): \(error.message)")
    }
    if let code = flush(destination) {
      throw FavoritePrimesFileError("can't flush the copy \(target) to disk: \(TransferFiles.reason(code))")
    }
  }
}

/// Flushes the file at `path` to disk; the `errno` of the failure, or nil.
private func flush(_ path: String) -> Int32? {
  let descriptor = open(path, O_RDONLY | O_CLOEXEC)
  guard descriptor >= 0 else { return errno }
  defer { close(descriptor) }
  return fsync(descriptor) == 0 ? nil : errno
}
