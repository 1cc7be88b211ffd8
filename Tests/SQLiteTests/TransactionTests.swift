import CSQLite
import Foundation
import SQLite
import Testing

private struct BodyError: Error, Equatable {
  let id: Int
}

@Suite(.timeLimit(.minutes(2))) struct TransactionTests {
  private func makeConnection() throws -> Connection {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(n INTEGER PRIMARY KEY)")
    return connection
  }

  @Test func commitKeepsEveryRowAndReturnsTheResult() throws {
    let connection = try makeConnection()
    let result = try connection.transaction { connection in
      #expect(connection.isInTransaction)
      for n in 1...3 {
        try connection.execute("INSERT INTO t(n) VALUES (?)", [.integer(Int64(n))])
      }
      return "done"
    }
    #expect(result == "done")
    #expect(!connection.isInTransaction)
    #expect(try connection.query("SELECT n FROM t ORDER BY n").map(\.values) == [[1], [2], [3]])
  }

  @Test func errorFromTheBodyRollsBackAndIsRethrownUnchanged() throws {
    let connection = try makeConnection()
    try connection.execute("INSERT INTO t(n) VALUES (100)")
    #expect(throws: BodyError(id: 42)) {
      try connection.transaction { connection in
        try connection.execute("INSERT INTO t(n) VALUES (1)")
        try connection.execute("INSERT INTO t(n) VALUES (2)")
        throw BodyError(id: 42)
      }
    }
    #expect(!connection.isInTransaction)
    #expect(try connection.query("SELECT n FROM t").map(\.values) == [[100]])
  }

  @Test func failingStatementInsideRollsBackEveryRow() throws {
    let connection = try makeConnection()
    let error = try #require(throws: SQLiteError.self) {
      try connection.transaction { connection in
        try connection.execute("INSERT INTO t(n) VALUES (1)")
        try connection.execute("INSERT INTO t(n) VALUES (2)")
        try connection.execute("INSERT INTO t(n) VALUES (1)")
      }
    }
    #expect(error.code == SQLITE_CONSTRAINT_PRIMARYKEY)
    #expect(error.sql == "INSERT INTO t(n) VALUES (1)")
    #expect(!connection.isInTransaction)
    #expect(try rowCount(connection) == 0)
  }

  @Test func failingCommitRollsBackAndRethrowsTheCommitError() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("PRAGMA foreign_keys = ON")
    try connection.execute("CREATE TABLE parent(id INTEGER PRIMARY KEY)")
    try connection.execute(
      "CREATE TABLE child(parent INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)")
    let error = try #require(throws: SQLiteError.self) {
      try connection.transaction { connection in
        try connection.execute("INSERT INTO parent(id) VALUES (1)")
        try connection.execute("INSERT INTO child(parent) VALUES (2)")  // checked only at COMMIT
      }
    }
    #expect(error.code == SQLITE_CONSTRAINT_FOREIGNKEY)
    #expect(error.sql == "COMMIT")
    #expect(!connection.isInTransaction)
    #expect(try rowCount(connection, table: "parent") == 0)
    #expect(try rowCount(connection, table: "child") == 0)
  }

  @Test func nestedTransactionThrowsAndLeavesNoTransactionOpen() throws {
    let connection = try makeConnection()
    let error = try #require(throws: SQLiteError.self) {
      try connection.transaction { connection in
        try connection.execute("INSERT INTO t(n) VALUES (1)")
        try connection.transaction { connection in
          try connection.execute("INSERT INTO t(n) VALUES (2)")
        }
      }
    }
    #expect(error.primaryCode == SQLITE_ERROR)
    #expect(error.sql == "BEGIN IMMEDIATE")
    #expect(!connection.isInTransaction)
    #expect(try rowCount(connection) == 0)
  }

  @Test func nestedTransactionErrorCaughtInsideDoesNotStopTheOuterOne() throws {
    let connection = try makeConnection()
    try connection.transaction { connection in
      try connection.execute("INSERT INTO t(n) VALUES (1)")
      #expect(throws: SQLiteError.self) {
        try connection.transaction { _ in }
      }
      #expect(connection.isInTransaction)
    }
    #expect(!connection.isInTransaction)
    #expect(try rowCount(connection) == 1)
  }

  @Test func transactionTakesTheWriteLockWhenItBegins() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let a = try Connection(path: path)
      try a.execute("CREATE TABLE t(n INTEGER PRIMARY KEY)")
      let other = try Connection(path: path, busyTimeout: .zero)
      try a.transaction { _ in
        // A has written nothing yet, but BEGIN IMMEDIATE already keeps every other writer out.
        let error = try #require(throws: SQLiteError.self) {
          try other.execute("INSERT INTO t(n) VALUES (1)")
        }
        #expect(error.primaryCode == SQLITE_BUSY)
      }
      try other.execute("INSERT INTO t(n) VALUES (1)")
      #expect(try rowCount(a) == 1)
    }
  }

  @Test func isInTransactionFollowsManualStatements() throws {
    let connection = try makeConnection()
    #expect(!connection.isInTransaction)
    try connection.execute("BEGIN")
    #expect(connection.isInTransaction)
    try connection.execute("ROLLBACK")
    #expect(!connection.isInTransaction)
  }

  @Test func databaseWriteRollsBackOnError() async throws {
    let database = try Database(path: ":memory:")
    try await database.write { try $0.execute("CREATE TABLE t(n INTEGER PRIMARY KEY)") }
    await #expect(throws: BodyError(id: 1)) {
      try await database.write { connection in
        try connection.execute("INSERT INTO t(n) VALUES (1)")
        throw BodyError(id: 1)
      }
    }
    let (count, open) = try await database.withConnection { connection in
      (try rowCount(connection), connection.isInTransaction)
    }
    #expect(count == 0)
    #expect(!open)
  }
}
