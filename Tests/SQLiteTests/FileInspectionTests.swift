import Foundation
import SQLite
import Testing

/// What is read from a database's files without SQLite: the header, the log's newest page 1, whether the
/// file holds anything, which file a path names.
@Suite(.timeLimit(.minutes(1)))
struct FileInspectionTests {
  @Test func theHeaderSaysWhoseTheFileIsAndWhatItHolds() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("d.db").path
      let connection = try Connection(path: path)
      try connection.execute("PRAGMA page_size = 8192")
      try connection.execute("CREATE TABLE t(n INTEGER)")
      try connection.execute("PRAGMA application_id = 42")
      try connection.execute("PRAGMA user_version = 3")
      let header = try #require(DatabaseFileHeader(try DatabaseFileHeader.firstBytes(ofFileAt: path)))
      #expect(header.pageSize == 8192)
      #expect(header.applicationID == 42)
      #expect(header.userVersion == 3)
      #expect(header.hasSchema)
      #expect((1...4).contains(header.schemaFormat))
      #expect(header.recordedPageCount == 2)
    }
  }

  @Test func bytesThatAreNoDatabaseHaveNoHeaderAndAMissingFileSaysWhy() throws {
    #expect(DatabaseFileHeader(Array(repeating: UInt8(0), count: 200)) == nil)
    #expect(DatabaseFileHeader(Array("SQLite format 3\u{0}".utf8)) == nil)  // cut short
    try withTemporaryDirectory { (directory: URL) throws in
      let missing = directory.appendingPathComponent("missing.db").path
      #expect(throws: SystemCallError(errno: ENOENT)) { try DatabaseFileHeader.firstBytes(ofFileAt: missing) }
    }
  }

  @Test func theLogGivesPage1AsTheLastCommitLeftIt() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("d.db").path
      let connection = try Connection(path: path)
      try connection.switchToWriteAheadLog()
      try connection.execute("PRAGMA wal_autocheckpoint = 0")
      try connection.execute("CREATE TABLE t(n INTEGER)")
      try connection.execute("PRAGMA user_version = 9")
      let log = try #require(WriteAheadLog(contentsOf: SidecarFile.writeAheadLog.path(of: path)))
      #expect(log.pageSize == 4096)
      let page = try #require(log.firstPage)
      #expect(DatabaseFileHeader(page)?.userVersion == 9)
      // The main file has not seen the change yet.
      #expect(DatabaseFileHeader(try DatabaseFileHeader.firstBytes(ofFileAt: path))?.userVersion != 9)
      #expect(WriteAheadLog(Array(repeating: 0, count: 64)) == nil)
    }
  }

  @Test func aDatabaseHoldsNothingUntilItListsATableOrItsLogHoldsChanges() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("d.db").path
      #expect(DatabaseFile.holdsNothing(path))
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
      #expect(DatabaseFile.holdsNothing(path))
      let connection = try Connection(path: path)
      try connection.switchToWriteAheadLog()
      try connection.execute("PRAGMA wal_autocheckpoint = 0")
      #expect(DatabaseFile.holdsNothing(path))
      try connection.execute("CREATE TABLE t(n INTEGER)")
      #expect(!DatabaseFile.holdsNothing(path))  // the table is only in the log yet
    }
  }

  @Test func aPathNamesAFileByItsIdentityThroughLinks() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("d.db").path
      let link = directory.appendingPathComponent("link.db").path
      #expect(FileIdentity(of: path) == nil)
      #expect(FileManager.default.createFile(atPath: path, contents: Data([1])))
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
      #expect(FileIdentity(of: link) == FileIdentity(of: path))
      let moved = directory.appendingPathComponent("moved.db").path
      let before = FileIdentity(of: path)
      try FileManager.default.moveItem(atPath: path, toPath: moved)
      #expect(FileIdentity(of: moved) == before)
      #expect(FileIdentity(of: path) == nil)
    }
  }

  @Test func pathsAreMadeAbsoluteAndSplitAtTheirLastSlash() {
    #expect(DatabaseFile.absolute("/a/b.db") == "/a/b.db")
    #expect(DatabaseFile.absolute("b.db") == FileManager.default.currentDirectoryPath + "/b.db")
    #expect(DatabaseFile.parentDirectory(of: "/a/b/c.db") == "/a/b")
    #expect(DatabaseFile.parentDirectory(of: "/c.db") == "/")
  }

  @Test func aFileOpenOnlyInThisProcessIsNotLockedByAnother() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("d.db").path
      #expect(!DatabaseFile.isLockedByAnotherProcess(path))
    }
  }
}
