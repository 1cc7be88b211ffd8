import CSQLite
import Foundation
@testable import SQLite
import Testing

private struct BodyError: Error, Equatable {}

/// The integers from its first parameter to its second, one row each (this SQLite has no generate_series).
private let countingSQL =
  "WITH RECURSIVE s(value) AS (SELECT ? UNION ALL SELECT value + 1 FROM s WHERE value < ?) SELECT value FROM s"

/// `withStatement` and `forEachRow`: one prepared statement run many times, and rows read in place.
@Suite(.timeLimit(.minutes(2))) struct PreparedStatementTests {
  private func makeConnection() throws -> Connection {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(n INTEGER PRIMARY KEY, m INTEGER)")
    return connection
  }

  @Test func oneStatementRunsManyTimesWithIntegerBindings() throws {
    let connection = try makeConnection()
    let count: Int64 = 5_000
    let sql = try connection.transaction { connection in
      try connection.withStatement("INSERT INTO t(n, m) VALUES (?, ?)") { insert in
        for n in 1...count {
          try insert.execute(n, -n)
        }
        return insert.sql
      }
    }
    #expect(sql == "INSERT INTO t(n, m) VALUES (?, ?)")
    let summary = try #require(try connection.query("SELECT count(*), sum(n), sum(m), min(m) FROM t").first)
    let sum = count * (count + 1) / 2
    #expect(summary.values == [.integer(count), .integer(sum), .integer(-sum), .integer(-count)])
    #expect(connection.unfinalizedStatementCount == 0)
  }

  @Test func everyArityBindsAllParametersAndExtremeValues() throws {
    let connection = try makeConnection()
    try connection.withStatement("INSERT INTO t(n) VALUES (?)") { try $0.execute(Int64.min) }
    try connection.withStatement("INSERT INTO t(n, m) VALUES (?, ?)") { try $0.execute(Int64.max, 0) }
    try connection.withStatement("INSERT INTO t(n, m) VALUES (?, ?)") { try $0.execute([7, "seven"]) }
    try connection.withStatement("DELETE FROM t WHERE m = 'seven'") { try $0.execute() }
    #expect(try connection.query("SELECT n, m FROM t ORDER BY n").map(\.values) == [
      [.integer(.min), nil], [.integer(.max), 0],
    ])
  }

  @Test func aRunWithTheWrongNumberOfValuesIsRefusedNamingTheSQL() throws {
    let connection = try makeConnection()
    let sql = "INSERT INTO t(n, m) VALUES (?, ?)"
    try connection.withStatement(sql) { insert in
      let errors = [
        try #require(throws: SQLiteError.self) { try insert.execute() },
        try #require(throws: SQLiteError.self) { try insert.execute(1) },
        try #require(throws: SQLiteError.self) { try insert.execute([1, 2, 3]) },
      ]
      for (error, given) in zip(errors, [0, 1, 3]) {
        #expect(error.code == SQLITE_RANGE)
        #expect(error.message == "the statement has 2 parameters, but \(given) values were given")
        #expect(error.sql == sql)
      }
      try insert.execute(1, 2)
    }
    try connection.withStatement("SELECT ?") { select in
      let error = try #require(throws: SQLiteError.self) { try select.execute(1, 2) }
      #expect(error.message == "the statement has 1 parameters, but 2 values were given")
    }
    #expect(try rowCount(connection) == 1)
  }

  @Test func aFailedRunLeavesTheStatementReadyForTheNext() throws {
    let connection = try makeConnection()
    let sql = "INSERT INTO t(n, m) VALUES (?, ?)"
    try connection.withStatement(sql) { insert in
      try insert.execute(1, 10)
      let error = try #require(throws: SQLiteError.self) { try insert.execute(1, 11) }
      #expect(error.code == SQLITE_CONSTRAINT_PRIMARYKEY)
      #expect(error.message.contains("t.n"))
      #expect(error.sql == sql)
      try insert.execute(2, 20)
    }
    #expect(try connection.query("SELECT n, m FROM t ORDER BY n").map(\.values) == [[1, 10], [2, 20]])
  }

  @Test func theStatementIsFinalizedWhenTheBodyReturnsOrThrows() throws {
    let connection = try makeConnection()
    let count = try connection.withStatement("SELECT n FROM t") { _ in connection.unfinalizedStatementCount }
    #expect(count == 1)
    #expect(connection.unfinalizedStatementCount == 0)
    #expect(throws: BodyError()) {
      try connection.withStatement("INSERT INTO t(n) VALUES (?)") { insert in
        try insert.execute(1)
        throw BodyError()
      }
    }
    #expect(connection.unfinalizedStatementCount == 0)
    // The body's work before it threw is not undone: only a transaction does that.
    #expect(try rowCount(connection) == 1)
  }

  @Test func sqlThatDoesNotPrepareThrowsBeforeTheBodyRuns() throws {
    let connection = try makeConnection()
    var ran = false
    let error = try #require(throws: SQLiteError.self) {
      try connection.withStatement("INSERT INTO missing(n) VALUES (?)") { _ in ran = true }
    }
    #expect(!ran)
    #expect(error.code == SQLITE_ERROR)
    #expect(error.message.contains("missing"))
    #expect(error.sql == "INSERT INTO missing(n) VALUES (?)")
    #expect(connection.unfinalizedStatementCount == 0)
  }

  @Test func forEachRowReadsIntegersAndTextInPlace() throws {
    let connection = try Connection(path: ":memory:")
    var rows: [(Int64, String)] = []
    let sql = "SELECT value, 'n' || value FROM (\(countingSQL))"
    try connection.forEachRow(sql, [3, 5]) { row in
      rows.append((try row.integer(0), try row.text(1)))
    }
    #expect(rows.map(\.0) == [3, 4, 5])
    #expect(rows.map(\.1) == ["n3", "n4", "n5"])
    #expect(connection.unfinalizedStatementCount == 0)
  }

  @Test func aPreparedQueryRunsAgainWithNewArguments() throws {
    let connection = try makeConnection()
    try connection.withStatement("INSERT INTO t(n, m) VALUES (?, ?)") { insert in
      for n: Int64 in 1...6 { try insert.execute(n, n * n) }
    }
    var found: [[Int64]] = []
    try connection.withStatement("SELECT m FROM t WHERE n <= ? ORDER BY n") { select in
      for limit in [2, 0, 3] as [SQLiteValue] {
        var squares: [Int64] = []
        try select.forEachRow([limit]) { squares.append(try $0.integer(0)) }
        found.append(squares)
      }
    }
    #expect(found == [[1, 4], [], [1, 4, 9]])
  }

  @Test func readingAColumnAsTheWrongTypeThrowsNamingTheColumnAndSQL() throws {
    let connection = try Connection(path: ":memory:")
    let sql = "SELECT 1, 'one', NULL, 1.5"
    let expectations: [(Int, Bool, String)] = [
      (0, false, "column 0 holds an integer, not text"),
      (1, true, "column 1 holds text, not an integer"),
      (2, true, "column 2 holds NULL, not an integer"),
      (2, false, "column 2 holds NULL, not text"),
      (3, true, "column 3 holds a REAL, not an integer"),
    ]
    for (column, asInteger, message) in expectations {
      let error = try #require(throws: SQLiteError.self) {
        try connection.forEachRow(sql) { row in
          if asInteger { _ = try row.integer(column) } else { _ = try row.text(column) }
        }
      }
      #expect(error.code == SQLITE_MISMATCH)
      #expect(error.message == message)
      #expect(error.sql == sql)
    }
    for column in [-1, 4] {
      let error = try #require(throws: SQLiteError.self) {
        try connection.forEachRow(sql) { _ = try $0.integer(column) }
      }
      #expect(error.code == SQLITE_RANGE)
      #expect(error.message == "the result has no column \(column)")
    }
    #expect(connection.unfinalizedStatementCount == 0)
  }

  @Test func anErrorFromTheRowBodyStopsTheScan() throws {
    let connection = try Connection(path: ":memory:")
    var seen: [Int64] = []
    #expect(throws: BodyError()) {
      try connection.forEachRow(countingSQL, [1, 10]) { row in
        seen.append(try row.integer(0))
        if seen.count == 3 { throw BodyError() }
      }
    }
    #expect(seen == [1, 2, 3])
    #expect(connection.unfinalizedStatementCount == 0)
  }

  @Test func aDeferredTransactionReadsOneSnapshot() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db.sqlite3").path
      let reader = try Connection(path: path)
      let writer = try Connection(path: path)
      _ = try reader.query("PRAGMA journal_mode = WAL")
      try reader.execute("CREATE TABLE t(n INTEGER)")
      let counts = try reader.transaction(.deferred) { reader in
        let before = try rowCount(reader)
        try writer.execute("INSERT INTO t(n) VALUES (1)")  // commits at once: the reader does not block it
        return [before, try rowCount(reader)]
      }
      #expect(counts == [0, 0])
      #expect(try rowCount(reader) == 1)
    }
  }

  @Test func aDeferredTransactionRollsBackOnError() throws {
    let connection = try makeConnection()
    #expect(throws: BodyError()) {
      try connection.transaction(.deferred) { connection in
        try connection.execute("INSERT INTO t(n) VALUES (1)")
        throw BodyError()
      }
    }
    #expect(!connection.isInTransaction)
    #expect(try rowCount(connection) == 0)
  }
}
