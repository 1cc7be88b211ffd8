import FavoritePrimes
import FavoritePrimesLive
import Foundation
import Testing

import Platform

/// A backup to a path that cannot be made says why, from the errno of the call that failed, as an export
/// does: never "already exists" for a file that does not.
@Suite(.timeLimit(.minutes(2)))
struct BackupTargetTests {
  /// Expects `backup(to: target)` to fail with a reason containing `reason`, not claiming the file exists,
  /// and the directory to be left as it was.
  private func expectBackup(
    to target: (URL) throws -> String,
    failsWith reason: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await withTemporaryDirectory { directory in
      let database = try FavoritePrimesDatabase(path: directory.appendingPathComponent("p.sqlite3").path)
      _ = try await database.save(adding: [5])
      let name = try target(directory)
      let before = try entries(directory)
      let error = #expect(throws: FavoritePrimesFileError.self, sourceLocation: sourceLocation) {
        try database.backup(to: name)
      }
      let text = error?.description ?? ""
      #expect(text.contains(reason), "\(text)", sourceLocation: sourceLocation)
      #expect(!text.contains("already exists"), "\(text)", sourceLocation: sourceLocation)
      #expect(!text.contains("unable to open"), "\(text)", sourceLocation: sourceLocation)
      #expect(try entries(directory) == before, sourceLocation: sourceLocation)
      #expect(database.close() == nil, sourceLocation: sourceLocation)
    }
  }

  /// A path short enough for SQLite whose hidden name, written first beside it, is not: refused before
  /// anything is written, saying so, instead of SQLite's "unable to open" about a name nobody gave.
  @Test func aPathWhoseHiddenCopyNameIsTooLongForSQLiteIsRefusedSayingSo() async throws {
    try await expectBackup(
      to: { directory in
        var folder = directory.path
        while folder.utf8.count < 490 {
          folder += "/" + String(repeating: "f", count: min(100, 490 - folder.utf8.count))
          #expect(mkdir(folder, 0o700) == 0)
        }
        let target = folder + "/x.db"
        #expect(target.utf8.count <= 512)
        return target
      },
      failsWith: "is too long a path for a backup: the copy is written beside it under a longer hidden name first"
    )
  }

  @Test func underARegularFileItSaysNotADirectory() async throws {
    try await expectBackup(
      to: { directory in
        let plain = directory.appendingPathComponent("plain").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: plain))
        return plain + "/x.db"
      },
      failsWith: "/plain/x.db: not a directory"
    )
  }

  @Test func underAFIFOItSaysNotADirectory() async throws {
    try await expectBackup(
      to: { directory in
        let fifo = directory.appendingPathComponent("ff").path
        #expect(mkfifo(fifo, 0o600) == 0)
        return fifo + "/x.db"
      },
      failsWith: "/ff/x.db: not a directory"
    )
  }

  @Test func aNameOfMoreThan255BytesSaysFileNameTooLong() async throws {
    try await expectBackup(
      to: { $0.appendingPathComponent(String(repeating: "a", count: 300) + ".db").path },
      failsWith: "file name too long"
    )
  }

  @Test func aPathLongerThanTheSystemTakesSaysFileNameTooLong() async throws {
    try await expectBackup(
      to: { directory in
        directory.path + String(repeating: "/abcdefghij", count: 400) + "/x.db"
      },
      failsWith: "file name too long"
    )
  }

  /// A name `primetime --db` could not open (no room for its `-journal`), though the directory allows it.
  @Test func aNameWithNoRoomForItsJournalIsRefusedAsOneDbCouldNotOpen() async throws {
    try await expectBackup(
      to: { $0.appendingPathComponent(String(repeating: "a", count: 250)).path },
      failsWith: "at most 247 bytes"
    )
  }

  /// A directory that may not be written says so, rather than SQLite's "unable to open database file".
  @Test(.enabled(if: geteuid() != 0, "root may write in any directory"))
  func aReadOnlyDirectorySaysPermissionDenied() async throws {
    try await expectBackup(
      to: { directory in
        let locked = directory.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
        #expect(chmod(locked.path, 0o500) == 0)
        return locked.appendingPathComponent("x.db").path
      },
      failsWith: "permission denied"
    )
  }

  /// The copy is made private to its owner, as an export is, and still opens as a database of its own.
  @Test func theCopyIsMadeWithMode0600AndOpens() async throws {
    try await withTemporaryDirectory { directory in
      let database = try FavoritePrimesDatabase(path: directory.appendingPathComponent("p.sqlite3").path)
      _ = try await database.save(adding: [5, 7])
      let target = directory.appendingPathComponent("copy.db").path
      try database.backup(to: target)
      #expect(database.close() == nil)
      var status = stat()
      #expect(stat(target, &status) == 0)
      #expect(status.st_mode & 0o777 == 0o600)
      let copy = try FavoritePrimesDatabase(path: target)
      #expect(try await copy.stored() == [5, 7])
      #expect(copy.close() == nil)
    }
  }
}
