import CSQLite
import Foundation
import SQLite
import Testing

@Suite(.timeLimit(.minutes(2))) struct OpeningTests {
  @Test func pathInMissingDirectoryFailsWithCantOpenAndCreatesNothing() throws {
    try withTemporaryDirectory { directory in
      let missing = directory.appendingPathComponent("missing", isDirectory: true)
      let path = missing.appendingPathComponent("db.sqlite3").path
      let error = try #require(throws: SQLiteError.self) {
        _ = try Connection(path: path)
      }
      #expect(error.code == SQLITE_CANTOPEN)
      #expect(error.code == 14)
      #expect(!error.message.isEmpty)
      // The system's reason comes with it, as sqlite3_system_errno gives it.
      #expect(error.systemErrno == ENOENT)
      #expect(!FileManager.default.fileExists(atPath: missing.path))
      #expect(try fileNames(in: directory) == [])
    }
  }

  @Test func readWriteModeDoesNotCreateAMissingFile() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      for mode in [Connection.Mode.readWrite, .readOnly] {
        let error = try #require(throws: SQLiteError.self) {
          _ = try Connection(path: path, mode: mode)
        }
        #expect(error.primaryCode == SQLITE_CANTOPEN)
      }
      #expect(try fileNames(in: directory) == [])
    }
  }

  @Test func textFileIsRefusedByTheFirstStatementAndLeftUntouched() throws {
    try withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("notes.txt")
      let original = Data(String(repeating: "These are my notes, not a database.\n", count: 40).utf8)
      try original.write(to: url)

      try {
        let connection = try Connection(path: url.path)  // opening does not read the file
        let sql = "CREATE TABLE t(n INTEGER)"
        let error = try #require(throws: SQLiteError.self) {
          try connection.execute(sql)
        }
        #expect(error.code == SQLITE_NOTADB)
        #expect(error.code == 26)
        #expect(error.sql == sql)
        let second = try #require(throws: SQLiteError.self) {
          try connection.query("SELECT count(*) FROM sqlite_schema")
        }
        #expect(second.code == SQLITE_NOTADB)
      }()

      #expect(try Data(contentsOf: url) == original)
      #expect(try fileNames(in: directory) == ["notes.txt"])
    }
  }

  @Test func readOnlyModeReadsButRefusesWrites() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      try {
        let writer = try Connection(path: path)
        try writer.execute("CREATE TABLE t(n INTEGER)")
        try writer.execute("INSERT INTO t(n) VALUES (1)")
      }()

      let reader = try Connection(path: path, mode: .readOnly)
      #expect(try reader.query("SELECT n FROM t").map(\.values) == [[1]])
      for sql in ["INSERT INTO t(n) VALUES (2)", "CREATE TABLE u(n)", "DELETE FROM t"] {
        let error = try #require(throws: SQLiteError.self) {
          try reader.execute(sql)
        }
        #expect(error.primaryCode == SQLITE_READONLY)
        #expect(error.primaryCode == 8)
        #expect(error.sql == sql)
      }
      let error = try #require(throws: SQLiteError.self) {
        try reader.transaction { try $0.execute("INSERT INTO t(n) VALUES (3)") }
      }
      #expect(error.primaryCode == SQLITE_READONLY)
      #expect(!reader.isInTransaction)
      #expect(try reader.query("SELECT n FROM t").map(\.values) == [[1]])
    }
  }

  @Test func readWriteModeOpensAnExistingFile() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      try Connection(path: path).execute("CREATE TABLE t(n INTEGER)")
      let connection = try Connection(path: path, mode: .readWrite)
      try connection.execute("INSERT INTO t(n) VALUES (1)")
      #expect(try rowCount(connection) == 1)
    }
  }

  @Test func inMemoryDatabaseWorksAndIsPrivate() throws {
    let first = try Connection(path: ":memory:")
    try first.execute("CREATE TABLE t(n INTEGER)")
    try first.execute("INSERT INTO t(n) VALUES (?)", [5])
    #expect(try first.query("SELECT n FROM t").map(\.values) == [[5]])

    let second = try Connection(path: ":memory:")
    #expect(throws: SQLiteError.self) { try second.query("SELECT n FROM t") }
  }

  @Test func fileDatabaseKeepsDataAcrossConnections() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      try {
        let connection = try Connection(path: path)
        try connection.execute("CREATE TABLE t(name TEXT)")
        try connection.execute("INSERT INTO t(name) VALUES (?)", ["kept 🎉"])
      }()
      #expect(try Connection(path: path).query("SELECT name FROM t").map(\.values) == [["kept 🎉"]])
    }
  }
}
