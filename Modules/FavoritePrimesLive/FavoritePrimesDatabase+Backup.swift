import Foundation
import SQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension FavoritePrimesDatabase {
  /// Writes a consistent copy of the database, every favourite and all the activity, to a new file at
  /// `target`, with SQLite's `VACUUM INTO`, while this and other connections go on using the database.
  ///
  /// The copy is one snapshot: what was committed when it started, nothing of a save still in progress. It is
  /// flushed to disk before this returns, and opens with `primetime --db TARGET`. Refused, with a
  /// ``FavoritePrimesFileError`` and nothing created: an existing `target` (never replaced), the database
  /// itself or its `-wal`, `-shm` or `-journal`, and a directory that does not exist. A copy that fails
  /// half-way is removed.
  public func backup(to target: String) throws {
    try TransferFiles.refuseDatabase(target, database: path)
    var status = stat()
    guard lstat(target, &status) != 0, errno == ENOENT else {
      throw FavoritePrimesFileError("\(target) already exists; a backup never replaces a file, so name a new one")
    }
    let destination = Self.absolute(target)
    let folder = URL(fileURLWithPath: destination).deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw FavoritePrimesFileError("there is no directory \(folder) for the copy \(target)")
    }
    do {
      // A connection of its own, so the copy never waits for this object's calls. It reads one snapshot, and
      // is closed when released, without the checkpoint a close would do: the database file is only read.
      let source = try Connection(path: Self.absolute(path), mode: .readWrite)
      try source.setCheckpointsOnClose(false)
      try source.execute("VACUUM INTO ?", [.text(destination)])
    } catch let error as SQLiteError {
      if FileManager.default.fileExists(atPath: destination) { unlink(destination) }
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
