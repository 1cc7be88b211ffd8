import CSQLite
import SQLite
import Testing

/// `Connection.integers(_:_:)`: the first column of every row, read in one loop for long lists.
@Suite(.timeLimit(.minutes(2)))
struct IntegerColumnTests {
  @Test func readsTheFirstColumnOfEveryRowInOrder() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(n INTEGER NOT NULL, other TEXT)")
    try connection.withStatement("INSERT INTO t VALUES (?, 'x')") { insert in
      for n in [5, -3, Int64.max, Int64.min, 0] as [Int64] {
        try insert.execute(n)
      }
    }
    #expect(try connection.integers("SELECT n, other FROM t ORDER BY rowid") == [5, -3, .max, .min, 0])
    #expect(try connection.integers("SELECT n FROM t WHERE n > ? ORDER BY n", [0]) == [5, .max])
    #expect(try connection.integers("SELECT n FROM t WHERE n > 10 AND n < 0") == [])
  }

  @Test func aValueThatIsNoIntegerThrowsMismatchNamingTheColumn() throws {
    let connection = try Connection(path: ":memory:")
    for (literal, found) in [("'seven'", "text"), ("NULL", "NULL"), ("1.5", "a REAL"), ("x'00'", "a BLOB")] {
      let error = try #require(throws: SQLiteError.self) {
        try connection.integers("SELECT 1 UNION ALL SELECT \(literal)")
      }
      #expect(error.code == SQLITE_MISMATCH)
      #expect(error.message == "column 0 holds \(found), not an integer", "\(literal)")
    }
  }

  @Test func aResultWithoutColumnsThrowsRange() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(n INTEGER)")
    let error = try #require(throws: SQLiteError.self) { try connection.integers("DELETE FROM t") }
    #expect(error.code == SQLITE_RANGE)
  }

  @Test func theStatementCanRunAgainAfterAFailure() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(n)")
    try connection.execute("INSERT INTO t VALUES (1), ('two'), (3)")
    #expect(throws: SQLiteError.self) { try connection.integers("SELECT n FROM t ORDER BY rowid") }
    try connection.execute("DELETE FROM t WHERE n = 'two'")
    #expect(try connection.integers("SELECT n FROM t ORDER BY rowid") == [1, 3])
  }
}
