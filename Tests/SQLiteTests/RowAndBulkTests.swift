import CSQLite
import SQLite
import Testing

@Suite(.timeLimit(.minutes(2))) struct RowTests {
  @Test func typedAccessorsReadMatchingColumns() throws {
    let connection = try Connection(path: ":memory:")
    let row = try #require(try connection.query("SELECT ?, ?", [-5, "five"]).first)
    #expect(try row.integer(0) == -5)
    #expect(try row.text(1) == "five")
    #expect(row[0] == -5)
    #expect(row[2] == .null)
  }

  @Test func integerOfTextThrowsMismatchNamingTheColumn() throws {
    let connection = try Connection(path: ":memory:")
    let row = try #require(try connection.query("SELECT 1, 'one'").first)
    let error = try #require(throws: SQLiteError.self) { try row.integer(1) }
    #expect(error.code == SQLITE_MISMATCH)
    #expect(error.code == 20)
    #expect(error.message.contains("column 1"))
  }

  @Test func textOfIntegerOrNullThrowsMismatchNamingTheColumn() throws {
    let connection = try Connection(path: ":memory:")
    let row = try #require(try connection.query("SELECT 1, NULL").first)
    let integer = try #require(throws: SQLiteError.self) { try row.text(0) }
    #expect(integer.code == SQLITE_MISMATCH)
    #expect(integer.message.contains("column 0"))
    let null = try #require(throws: SQLiteError.self) { try row.text(1) }
    #expect(null.code == SQLITE_MISMATCH)
    #expect(null.message.contains("column 1"))
    let missing = try #require(throws: SQLiteError.self) { try row.integer(5) }
    #expect(missing.code == SQLITE_MISMATCH)
  }

  @Test func realValueInNonStrictTableMakesTheQueryThrow() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(n INTEGER NOT NULL)")
    // A literal beyond Int64.max is a REAL, and a non-STRICT INTEGER column keeps it as one.
    try connection.execute("INSERT INTO t(n) VALUES (9223372036854775808)")
    #expect(try connection.query("SELECT typeof(n) FROM t").map(\.values) == [["real"]])
    let sql = "SELECT n FROM t"
    let error = try #require(throws: SQLiteError.self) { try connection.query(sql) }
    #expect(error.code == SQLITE_MISMATCH)
    #expect(error.message.contains("column 0"))
    #expect(error.sql == sql)
  }

  @Test func aRealExpressionMakesTheQueryThrowAndABlobIsRead() throws {
    let connection = try Connection(path: ":memory:")
    let error = try #require(throws: SQLiteError.self) { try connection.query("SELECT 1, 1.5") }
    #expect(error.code == SQLITE_MISMATCH)
    #expect(error.message.contains("column 1"))
    #expect(try connection.query("SELECT 1, x'00ff'").map(\.values) == [[.integer(1), .blob([0, 0xFF])]])
  }
}

@Suite(.timeLimit(.minutes(2))) struct BulkAndChangesTests {
  @Test func executeForEachInsertsManyRows() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(n INTEGER PRIMARY KEY, name TEXT)")
    let count = 5_000
    try connection.transaction { connection in
      try connection.executeForEach(
        "INSERT INTO t(n, name) VALUES (?, ?)",
        (1...count).lazy.map { [.integer(Int64($0)), $0.isMultiple(of: 2) ? .text("n\($0)") : .null] }
      )
    }
    let summary = try #require(try connection.query("SELECT count(*), sum(n), count(name) FROM t").first)
    #expect(summary.values == [.integer(Int64(count)), .integer(Int64(count * (count + 1) / 2)), .integer(Int64(count / 2))])
    #expect(try connection.query("SELECT name FROM t WHERE n IN (9, 10) ORDER BY n").map(\.values) == [[nil], ["n10"]])
  }

  @Test func executeForEachWithNoArgumentListsDoesNothing() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(n INTEGER)")
    try connection.executeForEach("INSERT INTO t(n) VALUES (?)", [[SQLiteValue]]())
    #expect(try rowCount(connection) == 0)
  }

  @Test func executeForEachStopsAtTheFirstFailure() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(n INTEGER PRIMARY KEY)")
    let sql = "INSERT INTO t(n) VALUES (?)"
    let duplicate = try #require(throws: SQLiteError.self) {
      try connection.executeForEach(sql, [[1], [2], [1], [3]])
    }
    #expect(duplicate.code == SQLITE_CONSTRAINT_PRIMARYKEY)
    #expect(duplicate.sql == sql)
    #expect(try connection.query("SELECT n FROM t ORDER BY n").map(\.values) == [[1], [2]])

    let wrongCount = try #require(throws: SQLiteError.self) {
      try connection.executeForEach(sql, [[4], [5, 6]])
    }
    #expect(wrongCount.code == SQLITE_RANGE)
    #expect(wrongCount.sql == sql)
  }

  @Test func changesReportsTheLastStatementsCount() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(n INTEGER)")
    try connection.executeForEach("INSERT INTO t(n) VALUES (?)", (1...10).map { [.integer(Int64($0))] })
    #expect(connection.changes == 1)
    try connection.execute("INSERT INTO t(n) SELECT n + 10 FROM t WHERE n <= 3")
    #expect(connection.changes == 3)
    try connection.execute("UPDATE t SET n = n * 2 WHERE n > ?", [5])
    #expect(connection.changes == 8)
    try connection.execute("DELETE FROM t WHERE n > ?", [1_000])
    #expect(connection.changes == 0)
    try connection.execute("DELETE FROM t")
    #expect(connection.changes == 13)
  }

  @Test func onConflictDoNothingReportsZeroChanges() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE fav(n INTEGER PRIMARY KEY)")
    try connection.execute("INSERT INTO fav(n) VALUES (?) ON CONFLICT(n) DO NOTHING", [7])
    #expect(connection.changes == 1)
    try connection.execute("INSERT INTO fav(n) VALUES (?) ON CONFLICT(n) DO NOTHING", [7])
    #expect(connection.changes == 0)
  }
}
