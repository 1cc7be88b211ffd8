import Foundation
import SQLite
import Testing

/// `quick_check` read into findings, and the connection that looks at a file without changing it.
@Suite(.timeLimit(.minutes(1)))
struct IntegrityCheckTests {
  /// A database with `rows` rows in `t`, in WAL mode, closed.
  private func database(at path: String, rows: Int) throws {
    let connection = try Connection(path: path)
    try connection.switchToWriteAheadLog()
    try connection.execute("CREATE TABLE t(n INTEGER PRIMARY KEY, text TEXT)")
    try connection.transaction { connection in
      try connection.executeForEach(
        "INSERT INTO t(n, text) VALUES (?, ?)",
        (0..<rows).map { [.integer(Int64($0)), .text(String(repeating: "x", count: 50))] })
    }
  }

  /// Writes garbage over page `number` (1 is the first) of the file at `path`, of `pageSize` bytes.
  private func damage(page number: Int, pageSize: Int = 4096, at path: String) throws {
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    try handle.seek(toOffset: UInt64((number - 1) * pageSize))
    try handle.write(contentsOf: Data((0..<pageSize).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }))
  }

  @Test func aSoundFileHasNoFindings() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("d.db").path
      try database(at: path, rows: 2_000)
      #expect(try Connection(inspecting: path).quickCheck(limit: 3) == [])
      #expect(try Connection(inspecting: path).integrityFindings(limit: 3) == [])
    }
  }

  @Test func damageInsideTheFileIsFoundLineByLineUpToTheLimit() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("d.db").path
      try database(at: path, rows: 2_000)
      let leaf = try #require(try Connection(path: path).query(
        "SELECT max(pageno) FROM dbstat WHERE name = 't' AND pagetype = 'leaf'").first).integer(0)
      try damage(page: Int(leaf), at: path)
      let findings = try Connection(inspecting: path).integrityFindings(limit: 2)
      #expect((1...2).contains(findings.count), "\(findings)")
      #expect(findings.allSatisfy { !$0.contains("\n") && !$0.hasPrefix("***") }, "\(findings)")
    }
  }

  @Test func aFileThatIsNoDatabaseIsItsOwnFinding() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("notes.txt").path
      try Data(String(repeating: "not a database\n", count: 100).utf8).write(to: URL(fileURLWithPath: path))
      let error = try #require(throws: SQLiteError.self) { try Connection(inspecting: path).quickCheck(limit: 3) }
      #expect(error.saysFileIsDamaged)
      #expect(try Connection(inspecting: path).integrityFindings(limit: 3) == [error.message])
    }
  }

  @Test func anInspectingConnectionLeavesTheFileAndItsLogAsTheyWere() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("d.db").path
      let writer = try walDatabase(at: path, after: ["CREATE TABLE t(n INTEGER)", "INSERT INTO t VALUES (1)"])
      try writer.setCheckpointsOnClose(false)
      _ = consume writer
      let log = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
      let main = try Data(contentsOf: URL(fileURLWithPath: path))
      do {
        let inspecting = try Connection(inspecting: path)
        #expect(try inspecting.integrityFindings(limit: 3) == [])
        #expect(try rowCount(inspecting) == 1)
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path + "-wal")) == log)
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == main)
    }
  }
}
