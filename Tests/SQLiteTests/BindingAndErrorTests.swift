import CSQLite
import SQLite
import Testing

@Suite(.timeLimit(.minutes(2))) struct BindingTests {
  @Test(arguments: [
    ("INSERT INTO t(a, b) VALUES (?, ?)", [SQLiteValue.integer(1)]),
    ("INSERT INTO t(a, b) VALUES (?, ?)", [1, 2, 3]),
    ("INSERT INTO t(a, b) VALUES (?, ?)", []),
    ("INSERT INTO t(a, b) VALUES (1, 2)", [1]),
  ])
  func argumentCountMustMatchParameters(sql: String, arguments: [SQLiteValue]) throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(a, b)")
    let error = try #require(throws: SQLiteError.self) {
      try connection.execute(sql, arguments)
    }
    #expect(error.code == SQLITE_RANGE)
    #expect(error.sql == sql)
    #expect(try rowCount(connection) == 0)
  }

  @Test func queryAlsoChecksTheArgumentCount() throws {
    let connection = try Connection(path: ":memory:")
    let sql = "SELECT ?, ?"
    let error = try #require(throws: SQLiteError.self) {
      try connection.query(sql, [1])
    }
    #expect(error.code == SQLITE_RANGE)
    #expect(error.sql == sql)
    #expect(try connection.query(sql, [1, "x"]).map(\.values) == [[1, "x"]])
  }

  @Test func valuesAreBoundNotInterpolated() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(name TEXT)")
    let hostile = "'); DROP TABLE t; --"
    try connection.execute("INSERT INTO t(name) VALUES (?)", [.text(hostile)])
    try connection.execute("INSERT INTO t(name) VALUES (?)", [.text("x' OR '1'='1")])

    #expect(try connection.query("SELECT name FROM t ORDER BY rowid").map(\.values) == [
      [.text(hostile)], ["x' OR '1'='1"],
    ])
    // The text matches only itself when used as a parameter in a WHERE clause.
    #expect(try connection.query("SELECT count(*) FROM t WHERE name = ?", ["x' OR '1'='1"]).first?.integer(0) == 1)
    #expect(try connection.query("SELECT count(*) FROM t WHERE name = ?", ["' OR '1'='1"]).first?.integer(0) == 0)
    #expect(try connection.query("SELECT name FROM sqlite_schema WHERE type = 'table'").map(\.values) == [["t"]])
  }
}

@Suite(.timeLimit(.minutes(2))) struct ErrorTests {
  @Test func primaryKeyViolationCarriesExtendedCodeMessageAndSQL() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(n INTEGER PRIMARY KEY)")
    let sql = "INSERT INTO t(n) VALUES (?)"
    try connection.execute(sql, [7])
    let error = try #require(throws: SQLiteError.self) {
      try connection.execute(sql, [7])
    }
    #expect(error.code == SQLITE_CONSTRAINT_PRIMARYKEY)
    #expect(error.code == 1555)
    #expect(error.primaryCode == SQLITE_CONSTRAINT)
    #expect(error.primaryCode == 19)
    // SQLite's own message (sqlite3_errmsg), not the generic sqlite3_errstr text "constraint failed".
    #expect(error.message.contains("UNIQUE constraint failed"))
    #expect(error.message.contains("t.n"))
    #expect(error.sql == sql)
    // No system call failed: no errno comes with it.
    #expect(error.systemErrno == 0)
    #expect(try rowCount(connection) == 1)
  }

  @Test func uniqueViolationGivesConstraintUnique() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(name TEXT UNIQUE)")
    try connection.execute("INSERT INTO t(name) VALUES ('a')")
    let error = try #require(throws: SQLiteError.self) {
      try connection.execute("INSERT INTO t(name) VALUES ('a')")
    }
    #expect(error.code == SQLITE_CONSTRAINT_UNIQUE)
    #expect(error.primaryCode == SQLITE_CONSTRAINT)
  }

  @Test func syntaxErrorAtPrepareCarriesTheSQL() throws {
    let connection = try Connection(path: ":memory:")
    let sql = "SELEC 1"
    let error = try #require(throws: SQLiteError.self) {
      try connection.query(sql)
    }
    #expect(error.code == SQLITE_ERROR)
    #expect(error.message.contains("syntax error"))
    #expect(error.sql == sql)
  }

  @Test func missingTableNamesTheTable() throws {
    let connection = try Connection(path: ":memory:")
    let error = try #require(throws: SQLiteError.self) {
      try connection.execute("INSERT INTO nowhere VALUES (1)")
    }
    #expect(error.code == SQLITE_ERROR)
    #expect(error.message.contains("nowhere"))
    #expect(error.sql == "INSERT INTO nowhere VALUES (1)")
  }

  @Test func descriptionNamesCodeMessageAndSQL() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE fav(n INTEGER PRIMARY KEY)")
    try connection.execute("INSERT INTO fav(n) VALUES (2)")
    let error = try #require(throws: SQLiteError.self) {
      try connection.execute("INSERT INTO fav(n) VALUES (2)")
    }
    #expect(error.description == "SQLite error 1555: \(error.message) - while executing `INSERT INTO fav(n) VALUES (2)`")
    #expect("\(error)" == error.description)

    let made = SQLiteError(code: 1555, message: "UNIQUE constraint failed: fav.n", sql: "INSERT INTO fav(n) VALUES (2)")
    #expect(made.description == "SQLite error 1555: UNIQUE constraint failed: fav.n - while executing `INSERT INTO fav(n) VALUES (2)`")
  }

  @Test func descriptionWithoutSQL() {
    let error = SQLiteError(code: 14, message: "unable to open database file")
    #expect(error.description == "SQLite error 14: unable to open database file")
    #expect(error.sql == nil)
  }

  @Test(arguments: [(Int32(1555), Int32(19)), (517, 5), (5, 5), (1544, 8), (26, 26), (778, 10)])
  func primaryCodeIsTheLowByte(code: Int32, primary: Int32) {
    #expect(SQLiteError(code: code, message: "").primaryCode == primary)
  }
}

@Suite(.timeLimit(.minutes(2))) struct ExtendedCodeConstantTests {
  @Test func constantsMatchSQLiteHeader() {
    #expect(SQLITE_CONSTRAINT_FOREIGNKEY == 787)
    #expect(SQLITE_CONSTRAINT_PRIMARYKEY == 1555)
    #expect(SQLITE_CONSTRAINT_UNIQUE == 2067)
  }
}
