import FavoritePrimesLive
import Foundation
import SQLite
import Testing

@Suite(.timeLimit(.minutes(5))) struct MigrationTests {
  /// Expects the file at `path` to be at PrimeTime's schema version 1 in WAL mode, with its STRICT tables.
  private func expectCurrentSchema(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(try integer("PRAGMA user_version", at: path) == 1, sourceLocation: sourceLocation)
    #expect(try integer("PRAGMA application_id", at: path) == 0x5052_4D54, sourceLocation: sourceLocation)
    let connection = try Connection(path: path, mode: .readWrite)
    #expect(try connection.query("PRAGMA journal_mode").first?.text(0) == "wal", sourceLocation: sourceLocation)
    let tables = try connection.query(
      "SELECT name, strict FROM pragma_table_list WHERE schema = 'main' AND name NOT LIKE 'sqlite_%' ORDER BY name"
    )
    #expect(tables.map(\.values) == [["activity_event", 1], ["favorite", 1]], sourceLocation: sourceLocation)
    #expect(try integrityCheck(path) == ["ok"], sourceLocation: sourceLocation)
  }

  /// Expects a database at `path`, freshly migrated, to work end to end.
  private func expectUsable(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let database = try FavoritePrimesDatabase(path: path)
    #expect(try database.load() == [], sourceLocation: sourceLocation)
    try database.save([3, 2])
    #expect(try database.load() == [3, 2], sourceLocation: sourceLocation)
  }

  @Test func aMissingFileIsCreatedAtTheCurrentSchema() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      _ = try FavoritePrimesDatabase(path: path)
      try expectCurrentSchema(path)
      try expectUsable(path)
    }
  }

  @Test func aZeroLengthFileIsMigrated() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      #expect(FileManager.default.createFile(atPath: path, contents: Data()))
      _ = try FavoritePrimesDatabase(path: path)
      try expectCurrentSchema(path)
      try expectUsable(path)
    }
  }

  @Test func anEmptyVersion0DatabaseIsMigrated() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      do {
        let connection = try Connection(path: path)
        try connection.execute("CREATE TABLE t (x INTEGER)")
        try connection.execute("DROP TABLE t")
      }
      #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0 > 0)
      #expect(try integer("PRAGMA user_version", at: path) == 0)
      _ = try FavoritePrimesDatabase(path: path)
      try expectCurrentSchema(path)
      try expectUsable(path)
    }
  }

  @Test func openingACurrentDatabaseAgainChangesNothing() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      try FavoritePrimesDatabase(path: path).save([5])
      let before = try snapshot(directory)
      _ = try FavoritePrimesDatabase(path: path)
      #expect(try snapshot(directory) == before)
    }
  }

  @Test func theTablesAreStrictAndCheckTheEventKind() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      _ = try FavoritePrimesDatabase(path: path)
      let connection = try Connection(path: path, mode: .readWrite)
      #expect(throws: SQLiteError.self) {
        try connection.execute("INSERT INTO favorite (position, prime) VALUES (0, 'seven')")
      }
      #expect(throws: SQLiteError.self) {
        try connection.execute("INSERT INTO activity_event (kind, prime, date) VALUES ('renamed', 7, 0)")
      }
      try connection.execute("INSERT INTO activity_event (kind, prime, date) VALUES ('added', 7, 0)")
    }
  }
}
