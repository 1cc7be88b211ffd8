import Foundation
import SQLite
import Testing

/// The one list of the files SQLite keeps beside a database, checked against the files it really makes.
@Suite(.timeLimit(.minutes(1)))
struct SidecarFileTests {
  @Test func theListNamesTheFilesSQLiteMakesBesideADatabase() throws {
    #expect(SidecarFile.suffixesWithDatabase == ["", "-wal", "-shm", "-journal"])
    #expect(SidecarFile.longestSuffixLength == 8)
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("d.db").path
      let wal = try Connection(path: path)
      try wal.switchToWriteAheadLog()
      try wal.execute("CREATE TABLE t(n INTEGER)")
      #expect(try fileNames(in: directory) == ["d.db", "d.db-shm", "d.db-wal"])
      #expect(FileManager.default.fileExists(atPath: SidecarFile.writeAheadLog.path(of: path)))
      #expect(FileManager.default.fileExists(atPath: SidecarFile.sharedMemory.path(of: path)))

      let other = directory.appendingPathComponent("r.db").path
      let rollback = try Connection(path: other)
      try rollback.execute("PRAGMA journal_mode = PERSIST")
      try rollback.execute("CREATE TABLE t(n INTEGER)")
      #expect(FileManager.default.fileExists(atPath: SidecarFile.rollbackJournal.path(of: other)))
    }
  }

  @Test func removingADatabaseRemovesItsSidecarsAndNothingElse() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("d.db").path
      for suffix in SidecarFile.suffixesWithDatabase + ["-other"] {
        #expect(FileManager.default.createFile(atPath: path + suffix, contents: Data([1])))
      }
      DatabaseFile.removeWithSidecars(path)
      #expect(try fileNames(in: directory) == ["d.db-other"])
    }
  }
}
