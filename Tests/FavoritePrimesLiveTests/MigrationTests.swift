import FavoritePrimesLive
import Foundation
import SQLite
import Testing

@Suite(.timeLimit(.minutes(5))) struct MigrationTests {
  /// Expects the file at `path` to be at PrimeTime's schema version 3 in WAL mode, with its STRICT tables, the
  /// index on the favourites' primes and the three triggers that delete the list's copy when it changes.
  private func expectCurrentSchema(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(try integer("PRAGMA user_version", at: path) == 3, sourceLocation: sourceLocation)
    #expect(
      try integer(
        "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'favorite' "
          + "AND name IN ('favorite_inserted', 'favorite_updated', 'favorite_deleted')", at: path) == 3,
      sourceLocation: sourceLocation
    )
    #expect(
      try integer("SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = 'favorite_prime'", at: path) == 1,
      sourceLocation: sourceLocation
    )
    #expect(try integer("PRAGMA application_id", at: path) == 0x5052_4D54, sourceLocation: sourceLocation)
    let connection = try Connection(path: path, mode: .readWrite)
    #expect(try connection.query("PRAGMA journal_mode").first?.text(0) == "wal", sourceLocation: sourceLocation)
    let tables = try connection.query(
      "SELECT name, strict FROM pragma_table_list WHERE schema = 'main' AND name NOT LIKE 'sqlite_%' ORDER BY name"
    )
    #expect(
      tables.map(\.values) == [["activity_event", 1], ["favorite", 1], ["favorite_snapshot", 1]],
      sourceLocation: sourceLocation)
    #expect(try integrityCheck(path) == ["ok"], sourceLocation: sourceLocation)
  }

  /// Expects a database at `path`, freshly migrated, to work end to end.
  private func expectUsable(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let database = try FavoritePrimesDatabase(path: path)
    #expect(try await database.stored() == [], sourceLocation: sourceLocation)
    try await database.save(adding: [3, 2])
    #expect(try await database.stored() == [3, 2], sourceLocation: sourceLocation)
  }

  @Test func aMissingFileIsCreatedAtTheCurrentSchema() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      _ = try FavoritePrimesDatabase(path: path)
      try expectCurrentSchema(path)
      try await expectUsable(path)
    }
  }

  @Test func aZeroLengthFileIsMigrated() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      #expect(FileManager.default.createFile(atPath: path, contents: Data()))
      _ = try FavoritePrimesDatabase(path: path)
      try expectCurrentSchema(path)
      try await expectUsable(path)
    }
  }

  @Test func anEmptyVersion0DatabaseIsMigrated() async throws {
    try await withTemporaryDirectory { directory in
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
      try await expectUsable(path)
    }
  }

  /// A file PrimeTime's version 1 made (its statements, as released) is migrated on open: its favourites and
  /// events kept, in order, and the index added, so a save finds a prime without reading the list; then the
  /// table and triggers of the list's copy (version 3).
  @Test func aVersion1DatabaseIsMigratedToTheCurrentVersionKeepingEverything() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      do {
        let connection = try Connection(path: path)
        _ = try connection.query("PRAGMA journal_mode = WAL")
        try connection.execute(
          "CREATE TABLE favorite (position INTEGER PRIMARY KEY, prime INTEGER NOT NULL) STRICT")
        try connection.execute(
          """
          CREATE TABLE activity_event (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL CHECK (kind IN ('added', 'removed')),
            prime INTEGER NOT NULL,
            date INTEGER NOT NULL
          ) STRICT
          """)
        try connection.execute("PRAGMA user_version = 1")
        try connection.execute("PRAGMA application_id = 1347571028")
        try connection.execute("INSERT INTO favorite VALUES (0, 7), (1, 3), (2, 11)")
        try connection.execute(
          "INSERT INTO activity_event (kind, prime, date) VALUES ('added', 7, 1), ('added', 3, 2), ('added', 11, 3)")
      }
      let database = try FavoritePrimesDatabase(path: path, now: { date(4) })
      try expectCurrentSchema(path)
      #expect(try await database.stored() == [7, 3, 11])
      try await database.save([.removedFavoritePrime(3), .addedFavoritePrime(13)])
      #expect(try await database.stored() == [7, 11, 13])
      #expect(try integer("SELECT max(position) FROM favorite", at: path) == 3)
      #expect(try await database.activity().map(\.id) == [1, 2, 3, 4, 5])
      let plan = try Connection(path: path, mode: .readWrite)
        .query("EXPLAIN QUERY PLAN DELETE FROM favorite WHERE prime = 3").map { try $0.text(3) }
      #expect(plan.contains { $0.contains("favorite_prime") }, "\(plan)")
    }
  }

  @Test func openingACurrentDatabaseAgainChangesNothing() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      try await withDatabase(at: path) { try await $0.save(adding: [5]) }
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
