import Foundation
import SQLite
import Testing

/// ``Connection/copy(to:)``: a whole copy on disk, or nothing left behind.
@Suite(.timeLimit(.minutes(1)))
struct CopyTests {
  private func source(in directory: URL) throws -> Connection {
    let connection = try Connection(path: directory.appendingPathComponent("d.db").path)
    try connection.switchToWriteAheadLog()
    try connection.execute("CREATE TABLE t(n INTEGER)")
    try connection.execute("INSERT INTO t VALUES (1), (2)")
    return connection
  }

  @Test func theCopyHoldsWhatWasCommittedAndOpensAlone() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let connection = try source(in: directory)
      let target = directory.appendingPathComponent("copy.db").path
      try connection.copy(to: target)
      try connection.execute("INSERT INTO t VALUES (3)")
      #expect(try rowCount(Connection(path: target, mode: .readOnly)) == 2)
      #expect(try fileNames(in: directory).filter { $0.hasPrefix("copy") } == ["copy.db"])
    }
  }

  @Test func anEmptyFileMadeForTheCopyIsFilled() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let connection = try source(in: directory)
      let target = directory.appendingPathComponent("copy.db").path
      #expect(FileManager.default.createFile(atPath: target, contents: nil))
      try connection.copy(to: target)
      #expect(try rowCount(Connection(path: target, mode: .readOnly)) == 2)
    }
  }

  @Test func aCopyThatCannotBeMadeLeavesNothing() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let connection = try source(in: directory)
      let target = directory.appendingPathComponent("missing/copy.db").path
      #expect(throws: BackupError.self) { try connection.copy(to: target) }
      #expect(try fileNames(in: directory) == ["d.db", "d.db-shm", "d.db-wal"])
    }
  }

  @Test func aFileThatHoldsDataIsNeverOverwrittenNorRemoved() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let connection = try source(in: directory)
      let target = directory.appendingPathComponent("notes.txt").path
      try Data("keep me".utf8).write(to: URL(fileURLWithPath: target))
      let error = try #require(throws: BackupError.self) { try connection.copy(to: target) }
      guard case .sqlite = error else { Issue.record("unexpected \(error)"); return }
      #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("keep me".utf8))
    }
  }
}
