import CSQLite
import Foundation
import SQLite
import Testing

/// What closing leaves on disk, and a closed ``Database``.
@Suite(.timeLimit(.minutes(2)))
struct ClosingTests {
  /// A WAL database with one committed row in its log, and the connection that wrote it.
  private func walDatabaseWithARow(at path: String) throws -> Connection {
    try walDatabase(at: path, after: ["CREATE TABLE t (x INTEGER)", "INSERT INTO t VALUES (1)"])
  }

  @Test func closingTheLastConnectionLeavesOnlyTheMainFile() async throws {
    try await withTemporaryDirectory { (directory: URL) async throws in
      let path = directory.appendingPathComponent("d.sqlite3").path
      let database = try Database(path: path)
      try await database.withConnection { connection in
        _ = try connection.query("PRAGMA journal_mode = WAL")
        try connection.execute("CREATE TABLE t (x INTEGER)")
      }
      try await database.write { try $0.execute("INSERT INTO t VALUES (1)") }
      #expect(database.close() == nil)
      #expect(database.close() == nil)
      #expect(try fileNames(in: directory) == ["d.sqlite3"])
      await #expect(throws: SQLiteError.closed) { try await database.withConnection { _ in 0 } }
      await #expect(throws: SQLiteError.closed) { try await database.write { _ in 0 } }
    }
  }

  @Test func withoutCheckpointOnCloseTheLogStaysAsItWas() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("d.sqlite3").path
      var log = Data()
      var main = Data()
      do {
        let connection = try walDatabaseWithARow(at: path)
        log = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
        main = try Data(contentsOf: URL(fileURLWithPath: path))
        try connection.setCheckpointsOnClose(false)
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path + "-wal")) == log)
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == main)
      #expect(!log.isEmpty)
    }
  }

  @Test func codesHaveTheirNames() {
    #expect(ResultCode.busy == 5)
    #expect(ResultCode.corrupt == 11)
    #expect(ResultCode.mismatch == 20)
    #expect(ResultCode.misuse == 21)
    #expect(ResultCode.notADatabase == 26)
    #expect(SQLiteError.closed.resultCode == ResultCode.misuse)
  }

  @Test func anotherConnectionReadingAnOlderSnapshotIsNoCloseFailure() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("d.sqlite3").path
      let reader = try walDatabaseWithARow(at: path)
      let database = try Database(path: path)
      try reader.transaction(.deferred) { reader in
        _ = try reader.query("SELECT x FROM t")
        let wrote = database.close { connection in
          #expect(throws: Never.self) {
            try connection.transaction { try $0.execute("INSERT INTO t VALUES (2)") }
          }
        }
        #expect(wrote == nil)
      }
      #expect(try reader.query("SELECT count(*) FROM t").first?.integer(0) == 2)
    }
  }
}
