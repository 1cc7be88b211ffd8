import FavoritePrimes
import Foundation
import Testing

import FavoritePrimesLive

import Platform

/// A PrimeTime killed half-way through a backup or an export (`kill -9`, a power cut) leaves its hidden file
/// (`.primetime-backup-XXXXXX`, its `-journal`, `.primetime-export-XXXXXX`) beside the target. A later backup or
/// export into that directory removes such files when they are its own kind's, this user's, untouched for a
/// while, and held by no running PrimeTime; anything else is left alone.
@Suite(.timeLimit(.minutes(2)))
struct StaleHiddenFileTests {
  /// Makes a file `name` in `directory`, last changed `age` seconds ago.
  private func file(_ name: String, in directory: URL, age: Int) throws -> String {
    let path = directory.appendingPathComponent(name).path
    try Data("left\n".utf8).write(to: URL(fileURLWithPath: path))
    let then = time(nil) - age
    var times = [timeval(tv_sec: then, tv_usec: 0), timeval(tv_sec: then, tv_usec: 0)]
    #expect(utimes(path, &times) == 0)
    return path
  }

  /// The names a test leaves that a cleanup must keep, and the ones it must remove.
  private func scatter(in directory: URL) throws -> (kept: Set<String>, holder: Int32) {
    let hour = 3600
    _ = try file(".primetime-backup-Ab12Cd", in: directory, age: hour)
    _ = try file(".primetime-backup-Ab12Cd-journal", in: directory, age: hour)
    _ = try file(".primetime-export-Zz9Yy8", in: directory, age: hour)
    _ = try file(".primetime-backup-Qq1Ww2-journal", in: directory, age: hour)  // its copy is gone
    // Kept: fresh, held by a running PrimeTime (the lock), another shape of name, another user's, not a file.
    _ = try file(".primetime-export-Fresh1", in: directory, age: 5)
    let held = try file(".primetime-backup-Held12", in: directory, age: hour)
    _ = try file(".primetime-backup-Held12-journal", in: directory, age: hour)
    let holder = open(held, O_RDONLY)
    #expect(flock(holder, LOCK_EX) == 0)
    _ = try file(".primetime-backup-TooLong7", in: directory, age: hour)
    _ = try file(".primetime-notes-Ab12Cd", in: directory, age: hour)
    _ = try file("notes.txt", in: directory, age: hour)
    var kept: Set<String> = [
      ".primetime-export-Fresh1", ".primetime-backup-Held12", ".primetime-backup-Held12-journal",
      ".primetime-backup-TooLong7", ".primetime-notes-Ab12Cd", "notes.txt", ".primetime-export-Dir123",
    ]
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent(".primetime-export-Dir123"), withIntermediateDirectories: false)
    let theirs = try file(".primetime-export-Their1", in: directory, age: hour)
    if geteuid() == 0, chown(theirs, 65534, 65534) == 0 {
      kept.insert(".primetime-export-Their1")
    } else {
      unlink(theirs)
    }
    return (kept, holder)
  }

  @Test func anExportRemovesOnlyItsOwnStaleHiddenFiles() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let (kept, holder) = try scatter(in: directory)
      defer { close(holder) }

      try TransferFiles.writeExport(
        "# PrimeTime favorite primes\n5\n", to: directory.appendingPathComponent("list.txt").path, database: nil)

      #expect(Set(try entries(directory).keys) == kept.union(["list.txt"]))
    }
  }

  @Test func aBackupRemovesOnlyItsOwnStaleHiddenFiles() async throws {
    try await withTemporaryDirectory { directory in
      let folder = directory.appendingPathComponent("copies")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      let (kept, holder) = try scatter(in: folder)
      defer { close(holder) }
      let database = try FavoritePrimesDatabase(path: directory.appendingPathComponent("p.sqlite3").path)
      _ = try await database.save(adding: [7])

      try database.backup(to: folder.appendingPathComponent("copy.sqlite3").path)

      #expect(Set(try entries(folder).keys) == kept.union(["copy.sqlite3"]))
      #expect(database.close() == nil)
    }
  }
}
