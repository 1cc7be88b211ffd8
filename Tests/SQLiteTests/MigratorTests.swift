import CSQLite
import SQLite
import Testing

/// ``Migrator``: from the version a database records to the last step's, in the caller's transaction.
@Suite(.timeLimit(.minutes(1)))
struct MigratorTests {
  private let migrator = Migrator([
    Migration(version: 1, statements: ["CREATE TABLE a(n INTEGER)", "PRAGMA user_version = 1"]),
    Migration(version: 2, statements: ["CREATE TABLE b(n INTEGER)", "PRAGMA user_version = 2"]),
  ])

  private func tables(_ connection: Connection) throws -> [String] {
    try connection.query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").map { try $0.text(0) }
  }

  @Test func aNewDatabaseRunsEveryStep() throws {
    let connection = try Connection(path: ":memory:")
    #expect(migrator.latestVersion == 2)
    #expect(try connection.transaction { try migrator.migrate($0) } == 0)
    #expect(try connection.userVersion() == 2)
    #expect(try tables(connection) == ["a", "b"])
  }

  @Test func aDatabaseAtAnOlderVersionRunsOnlyTheLaterSteps() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("PRAGMA user_version = 1")
    #expect(try connection.transaction { try migrator.migrate($0) } == 1)
    #expect(try tables(connection) == ["b"])
    #expect(try connection.transaction { try migrator.migrate($0) } == 2)
    #expect(try tables(connection) == ["b"])
  }

  @Test func aNewerDatabaseIsRefusedWithItsVersion() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("PRAGMA user_version = 7")
    #expect(throws: Migrator.Failure.newerVersion(7)) { try connection.transaction { try migrator.migrate($0) } }
    #expect(try tables(connection) == [])
  }

  @Test func aRefusedStatementNamesItsStepAndUndoesTheWholeMigration() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE b(x TEXT)")  // in the way of step 2
    let failure = try #require(throws: Migrator.Failure.self) {
      try connection.transaction { try migrator.migrate($0) }
    }
    guard case let .statementRefused(version, error) = failure else {
      Issue.record("unexpected \(failure)")
      return
    }
    #expect(version == 2)
    #expect(error.code == SQLITE_ERROR)
    #expect(error.message.contains("already exists"))
    #expect(try connection.userVersion() == 0)
    #expect(try tables(connection) == ["b"])
  }
}
