import CSQLite
import SQLite
import Testing

/// SQL must hold exactly one statement: nothing is half run, and nothing fails with "not an error".
@Suite(.timeLimit(.minutes(2)))
struct StatementShapeTests {
  @Test func sqlWithNoStatementIsAMisuseNotAnErrorWithCodeOK() throws {
    let connection = try Connection(path: ":memory:")
    for sql in ["", "   ", "-- only a comment"] {
      let error = #expect(throws: SQLiteError.self) { try connection.execute(sql) }
      #expect(error?.code == SQLITE_MISUSE)
      #expect(error?.message == "the SQL holds no statement")
    }
  }

  @Test func sqlWithASecondStatementIsRefusedAndNothingRuns() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(n INTEGER)")
    let error = #expect(throws: SQLiteError.self) {
      try connection.execute("INSERT INTO t(n) VALUES (1); INSERT INTO t(n) VALUES (2)")
    }
    #expect(error?.code == SQLITE_MISUSE)
    #expect(try rowCount(connection) == 0)
  }

  @Test func trailingSemicolonWhiteSpaceAndCommentsAreFine() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(n INTEGER);  \n -- the table of numbers\n")
    try connection.execute("INSERT INTO t(n) VALUES (?); /* one row */", [7])
    #expect(try rowCount(connection) == 1)
  }

  @Test func anOpenErrorNamesThePath() throws {
    let path = "/nonexistent-directory-for-primetime-tests/db.sqlite3"
    let error = #expect(throws: SQLiteError.self) { try Connection(path: path) }
    #expect(error?.code == SQLITE_CANTOPEN)
    #expect(error?.message.hasSuffix(": \(path)") == true)
  }
}
