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
      let connection = try walDatabase(at: path, after: ["CREATE TABLE t(n INTEGER)", "PRAGMA user_version = 9"])
      let log = try #require(WriteAheadLog(contentsOf: SidecarFile.writeAheadLog.path(of: path)))
      #expect(log.pageSize == 4096)
      let page = try #require(log.firstPage)
      #expect(DatabaseFileHeader(page)?.userVersion == 9)
      // The main file has not seen the change yet.
      #expect(DatabaseFileHeader(try DatabaseFileHeader.firstBytes(ofFileAt: path))?.userVersion != 9)
      #expect(WriteAheadLog(Array(repeating: 0, count: 64)) == nil)
      #expect(try connection.userVersion() == 9)
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

/// ``DatabaseFileInspection``: the header SQLite would read, or why opening must not happen.
@Suite(.timeLimit(.minutes(1)))
struct DatabaseFileInspectionTests {
  @Test func nothingAnEmptyFileAndADatabaseAreToldApart() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("d.db").path
      #expect(try DatabaseFileInspection.inspect(path) == .missing)
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
      #expect(try DatabaseFileInspection.inspect(path) == .empty)
      // The version is still only in the log: the inspection reads it there, as SQLite would.
      let connection = try walDatabase(at: path, after: ["CREATE TABLE t(n INTEGER)", "PRAGMA user_version = 5"])
      guard case let .database(header) = try DatabaseFileInspection.inspect(path) else {
        Issue.record("not read as a database")
        return
      }
      #expect(header.userVersion == 5)
      #expect(header.hasSchema)
      #expect(try connection.userVersion() == 5)
    }
  }

  @Test func filesThatMustNotBeOpenedAreRefusedWithTheReason() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("d.db").path
      #expect(throws: DatabaseFileRefusal.isADirectory) {
        try DatabaseFileInspection.inspect(directory.path)
      }
      try Data(String(repeating: "text\n", count: 40).utf8).write(to: URL(fileURLWithPath: path))
      #expect(throws: DatabaseFileRefusal.notADatabase) { try DatabaseFileInspection.inspect(path) }
      try FileManager.default.createSymbolicLink(atPath: path + "-wal", withDestinationPath: path)
      #expect(throws: DatabaseFileRefusal.notARegularFile(.writeAheadLog, kind: "a symbolic link")) {
        try DatabaseFileInspection.inspect(path)
      }
      try FileManager.default.removeItem(atPath: path + "-wal")
      let link = directory.appendingPathComponent("second.db").path
      try FileManager.default.linkItem(atPath: path, toPath: link)
      #expect(throws: DatabaseFileRefusal.hardLinked(links: 2)) { try DatabaseFileInspection.inspect(path) }
    }
  }

  @Test func aLogBesideNoDatabaseIsStrayAndACutFileIsShort() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("d.db").path
      // A log with changes, copied from another database while it is open.
      let other = directory.appendingPathComponent("other.db").path
      let connection = try walDatabase(at: other, after: ["CREATE TABLE t(n INTEGER)"])
      try FileManager.default.copyItem(atPath: other + "-wal", toPath: path + "-wal")
      #expect(try connection.userVersion() == 0)
      #expect(throws: DatabaseFileRefusal.strayLog) { try DatabaseFileInspection.inspect(path) }
      try FileManager.default.removeItem(atPath: path + "-wal")
      do {
        let connection = try Connection(path: path)
        try connection.execute("CREATE TABLE t(n INTEGER)")
        try connection.execute("INSERT INTO t VALUES (1)")
      }
      let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
      try handle.truncate(atOffset: 4096)
      try handle.close()
      #expect(throws: DatabaseFileRefusal.cutShort(size: 4096, expected: 8192)) {
        try DatabaseFileInspection.inspect(path)
      }
    }
  }

  /// Found by the outside round: a file of the user's named like a database's `-wal`, `-shm` or `-journal` (an
  /// export, a backup, notes) was deleted or overwritten by SQLite when the database was next opened. Such a
  /// file, one SQLite did not make, is refused instead, beside a database or where one would be made.
  @Test(arguments: SidecarFile.allCases)
  func aFileNamedLikeASidecarThatSQLiteDidNotMakeIsRefused(_ sidecar: SidecarFile) throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("d.db").path
      let notes = Data("my notes\n".utf8)
      try notes.write(to: URL(fileURLWithPath: sidecar.path(of: path)))
      #expect(throws: DatabaseFileRefusal.foreignSidecar(sidecar)) { try DatabaseFileInspection.inspect(path) }
      do {
        let connection = try Connection(path: path + ".tmp")
        try connection.execute("CREATE TABLE t(n INTEGER)")
      }
      try FileManager.default.moveItem(atPath: path + ".tmp", toPath: path)
      #expect(throws: DatabaseFileRefusal.foreignSidecar(sidecar)) { try DatabaseFileInspection.inspect(path) }
      // A whole database in its place (a backup named so) is no sidecar either.
      try FileManager.default.removeItem(atPath: sidecar.path(of: path))
      try FileManager.default.copyItem(atPath: path, toPath: sidecar.path(of: path))
      #expect(throws: DatabaseFileRefusal.foreignSidecar(sidecar)) { try DatabaseFileInspection.inspect(path) }
      #expect(FileManager.default.contents(atPath: sidecar.path(of: path)) == FileManager.default.contents(atPath: path))
    }
  }

  /// The sidecars SQLite itself leaves, an open database's `-wal` and `-shm` and an empty file, are taken.
  @Test func theSidecarsSQLiteMakesAreTaken() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("d.db").path
      let connection = try walDatabase(at: path, after: ["CREATE TABLE t(n INTEGER)", "INSERT INTO t VALUES (1)"])
      #expect(FileManager.default.fileExists(atPath: path + "-shm"))
      #expect(FileManager.default.createFile(atPath: path + "-journal", contents: nil))
      guard case .database = try DatabaseFileInspection.inspect(path) else {
        Issue.record("not read as a database")
        return
      }
      #expect(try connection.userVersion() == 0)
    }
  }

  /// What SQLite leaves between its writes is taken too: a `-shm` it cut to 3 bytes before writing it again (the
  /// start of its version number), and a `-journal` whose header it zeroed. (Found by CI: a judgment that asked
  /// more refused another process's files mid-write.)
  @Test func whatSQLiteLeavesBetweenItsWritesIsTaken() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("d.db").path
      do {
        let connection = try Connection(path: path)
        try connection.execute("CREATE TABLE t(n INTEGER)")
      }
      #expect(FileManager.default.createFile(atPath: path + "-shm", contents: Data([0x18, 0xE2, 0x2D])))
      #expect(FileManager.default.createFile(atPath: path + "-journal", contents: Data(count: 512)))
      guard case .database = try DatabaseFileInspection.inspect(path) else {
        Issue.record("not read as a database")
        return
      }
    }
  }
}
