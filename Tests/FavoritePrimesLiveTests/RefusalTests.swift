import ExecutableTestSupport
import FavoritePrimesLive
import Foundation
import SQLite
import Testing

@Suite(.timeLimit(.minutes(5))) struct RefusalTests {
  /// A few bytes, shorter than a database header, and many pages of text.
  @Test(arguments: [1, 500])
  func aTextFileIsRefusedUntouched(lines: Int) throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("notes.txt").path
      let contents = String(repeating: "PrimeTime notes: 2, 3, 5, 7, 11, 13.\n", count: lines)
      try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
      try expectRefusal(of: path, in: directory) { $0 == .notADatabase(path: path) }
    }
  }

  /// Opening this file would write (switch it to WAL), so its pages are walked first and the damage found.
  @Test func aCorruptDatabaseThatOpeningWouldWriteIsRefusedUntouched() async throws {
    try await withTemporaryDirectory { directory in
      let path = try await damagedDatabase(in: directory, journalMode: "DELETE")
      try expectRefusal(of: path, in: directory) {
        guard case let .corrupt(errorPath, detail) = $0 else { return false }
        return errorPath == path && !detail.isEmpty
      }
    }
  }

  /// A file in WAL mode at this build's schema opens without a write, so opening does not read its pages (a
  /// start does not grow with the file): the load meets the damage and says so, and the close leaves the file as
  /// it was, without a copy of the list.
  @Test func aCorruptDatabaseThatOpensWithoutAWriteIsReportedAtItsLoadAndLeftUntouched() async throws {
    try await withTemporaryDirectory { directory in
      let path = try await damagedDatabase(in: directory, journalMode: "WAL")
      let before = try snapshot(directory)
      let database = try FavoritePrimesDatabase(path: path)
      await #expect {
        _ = try await database.load()
      } throws: { error in
        guard case let .corrupt(errorPath, _)? = error as? FavoritePrimesDatabaseError else { return false }
        return errorPath == path
      }
      #expect(database.close() == nil)
      #expect(try snapshot(directory) == before, "the file changed")
    }
  }

  /// Where damage may be that a walk over the tables' page headers does not see.
  enum HiddenDamage: String, CaseIterable, Sendable {
    case overflowPageOfTheListsCopy, leafOfTheIndex, leafOfTheIndexInAVersion2File
  }

  /// Opening is about to write (a switch to WAL, or a migration from version 2), so the whole file is checked
  /// first: damage where no table's page header shows it (an overflow page of the list's copy, a page of the
  /// index) is refused too, before anything is written, and the file is left untouched.
  @Test(arguments: HiddenDamage.allCases)
  func damageAnywhereIsRefusedUntouchedBeforeOpeningWrites(_ damage: HiddenDamage) async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      let database = try FavoritePrimesDatabase(path: path)
      try await database.save(adding: firstPrimes(5_000))
      #expect(database.close() == nil)
      #expect(try integer("SELECT count(*) FROM favorite_snapshot", at: path) == 1)
      do {
        let connection = try Connection(path: path, mode: .readWrite)
        if damage == .leafOfTheIndexInAVersion2File {
          for trigger in ["favorite_inserted", "favorite_updated", "favorite_deleted"] {
            try connection.execute("DROP TRIGGER \(trigger)")
          }
          try connection.execute("DROP TABLE favorite_snapshot")
          try connection.execute("PRAGMA user_version = 2")
        } else {
          _ = try connection.query("PRAGMA journal_mode = DELETE")
        }
      }
      let page =
        damage == .overflowPageOfTheListsCopy
        ? try page(of: "favorite_snapshot", type: "overflow", at: path)
        : try page(of: "favorite_prime", type: "leaf", at: path)
      try FavoritePrimesLiveTests.damage(page: page, at: path)
      #expect(try fileNames(in: directory) == ["primetime.sqlite3"])
      try expectRefusal(of: path, in: directory) {
        guard case let .corrupt(errorPath, detail) = $0 else { return false }
        return errorPath == path && detail.hasPrefix("quick_check: ")
      }
    }
  }

  /// A migration that fails (here a version 2 file that already has a table version 3 adds) leaves the file as
  /// it was: it runs before the switch to WAL, in one transaction, and its failure says what is wrong with the
  /// file, not the disk.
  @Test func aFileThatCannotBeMigratedIsRefusedUntouched() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      try await withDatabase(at: path) { try await $0.save(adding: [2, 3]) }
      do {
        let connection = try Connection(path: path, mode: .readWrite)
        _ = try connection.query("PRAGMA journal_mode = DELETE")
        try connection.execute("PRAGMA user_version = 2")
      }
      try expectRefusal(of: path, in: directory) {
        $0.description == "\(path) is corrupt (its tables do not allow the migration to schema version 3: table "
          + "favorite_snapshot already exists); PrimeTime left it untouched. Restore it from a backup, or move it "
          + "away to start afresh."
      }
    }
  }

  /// A PrimeTime database in rollback-journal mode left by a crash mid-transaction, whose hot `-journal`
  /// SQLite must play back before anything can be read, and which is damaged besides: the refusal says the
  /// playback happened (crash recovery, not PrimeTime's doing) instead of "left it untouched".
  @Test func aDamagedDatabaseRecoveredFromItsJournalIsRefusedSayingSo() async throws {
    try await withTemporaryDirectory { directory in
      let work = directory.appendingPathComponent("work.sqlite3").path
      let crashed = directory.appendingPathComponent("crashed")
      try FileManager.default.createDirectory(at: crashed, withIntermediateDirectories: false)
      let path = crashed.appendingPathComponent("work.sqlite3").path
      let database = try FavoritePrimesDatabase(path: work)
      try await database.save(adding: firstPrimes(5_000))
      #expect(database.close() == nil)
      let index = try page(of: "favorite_prime", type: "leaf", at: work, first: true)
      do {
        // A transaction whose changes spill into the file, copied with its journal as a crash would leave them.
        let connection = try Connection(path: work, mode: .readWrite)
        _ = try connection.query("PRAGMA journal_mode = DELETE")
        try connection.execute("PRAGMA cache_size = 1")
        try connection.execute("BEGIN IMMEDIATE")
        try connection.execute("UPDATE activity_event SET date = date + 1")
        for name in ["work.sqlite3", "work.sqlite3-journal"] {
          try FileManager.default.copyItem(atPath: directory.appendingPathComponent(name).path,
            toPath: crashed.appendingPathComponent(name).path)
        }
        try connection.execute("ROLLBACK")
      }
      try damage(page: index, at: path)
      var thrown: (any Error)?
      do { _ = try FavoritePrimesDatabase(path: path) } catch { thrown = error }
      let error = try #require(thrown as? FavoritePrimesDatabaseError)
      guard case let .corruptAfterRecovery(errorPath, detail) = error else {
        Issue.record("expected the refusal to say the journal was played back, got \(error)")
        return
      }
      #expect(errorPath == path && detail.hasPrefix("quick_check: "))
      #expect(
        error.description.hasSuffix(
          "; SQLite first played back the unfinished transaction its -journal held, as after a crash, and "
            + "PrimeTime changed nothing else. Restore it from a backup, or move it away to start afresh."))
      #expect(try fileNames(in: crashed) == ["work.sqlite3"])
    }
  }

  /// A database of 20,000 favourites in `journalMode` with deterministic garbage over two pages in the middle
  /// of the file, never page 1; closed, so it is the one file in `directory`.
  private func damagedDatabase(in directory: URL, journalMode: String) async throws -> String {
    let path = directory.appendingPathComponent("primetime.sqlite3").path
    try await withDatabase(at: path) { try await $0.save(adding: Array(1...20_000)) }
    do {
      let connection = try Connection(path: path, mode: .readWrite)
      _ = try connection.query("PRAGMA journal_mode = \(journalMode)")
    }
    #expect(try fileNames(in: directory) == ["primetime.sqlite3"])  // closed: WAL checkpointed and removed
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let pageSize = 4096
    #expect(bytes.count >= 20 * pageSize)
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let start = (bytes.count / pageSize / 2) * pageSize
    for index in start..<(start + 2 * pageSize) {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      bytes[index] = UInt8(truncatingIfNeeded: state >> 56)
    }
    try bytes.write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test(arguments: [0, 42] as [Int64])
  func anotherApplicationsDatabaseIsRefusedUntouched(applicationID: Int64) throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("other.sqlite3").path
      do {
        let connection = try Connection(path: path)
        try connection.execute("CREATE TABLE favorite (position INTEGER PRIMARY KEY, prime INTEGER NOT NULL)")
        try connection.execute("INSERT INTO favorite VALUES (0, 2)")
        if applicationID == 42 {
          try connection.execute("PRAGMA application_id = 42")
        }
      }
      try expectRefusal(of: path, in: directory) {
        $0 == .foreignApplication(path: path, applicationID: applicationID)
      }
    }
  }

  @Test func aDatabaseFromANewerPrimeTimeIsRefusedUntouched() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      try await withDatabase(at: path) { try await $0.save(adding: [2, 3]) }
      do {
        let connection = try Connection(path: path, mode: .readWrite)
        try connection.execute("PRAGMA user_version = 4")
      }
      #expect(try fileNames(in: directory) == ["primetime.sqlite3"])
      try expectRefusal(of: path, in: directory) { $0 == .newerSchema(path: path, version: 4, supported: 3) }
    }
  }

  /// Ways a PrimeTime database gets damaged by hand, each as the SQL (or byte edit) that does it.
  enum Damage: String, CaseIterable, Sendable {
    case schemaVersionResetToZero = "PRAGMA user_version = 0"
    case negativeSchemaVersion = "PRAGMA user_version = -1"
    case activityTableDropped = "DROP TABLE activity_event"
    case favoriteColumnRenamed = "ALTER TABLE favorite RENAME COLUMN prime TO value"
    case schemaFormatByteDamaged = "byte 44"
  }

  /// A file with PrimeTime's application id whose tables do not match its schema version (or whose header
  /// SQLite cannot read) is damaged: refused at start, untouched, with one line saying so and what to do,
  /// never a raw SQLite error or a start that fails on every save.
  @Test(arguments: Damage.allCases)
  func aDamagedPrimeTimeDatabaseIsRefusedUntouched(damage: Damage) async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      try await withDatabase(at: path) { try await $0.save(adding: [2, 3]) }
      if damage == .schemaFormatByteDamaged {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[47] = 0x63
        try bytes.write(to: URL(fileURLWithPath: path))
      } else {
        let connection = try Connection(path: path, mode: .readWrite)
        try connection.execute(damage.rawValue)
        try connection.execute("PRAGMA journal_mode = DELETE")
      }
      #expect(try fileNames(in: directory) == ["primetime.sqlite3"])
      try expectRefusal(of: path, in: directory) {
        guard case let .corrupt(errorPath, _) = $0 else { return false }
        return errorPath == path
          && $0.description.hasSuffix("; PrimeTime left it untouched. Restore it from a backup, or move it away to start afresh.")
      }
    }
  }

  @Test func aDroppedTableIsNamedInTheRefusal() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      try await withDatabase(at: path) { try await $0.save(adding: [2, 3]) }
      do {
        let connection = try Connection(path: path, mode: .readWrite)
        try connection.execute("DROP TABLE activity_event")
      }
      try expectRefusal(of: path, in: directory) {
        $0.description == "\(path) is corrupt (its tables do not match schema version 3: table activity_event is "
          + "missing); PrimeTime left it untouched. Restore it from a backup, or move it away to start afresh."
      }
    }
  }

  @Test func everyErrorIsOneLineNamingThePath() {
    let path = "/home/ada/.local/share/primetime/primetime.sqlite3"
    let errors: [FavoritePrimesDatabaseError] = [
      .notADatabase(path: path),
      .corrupt(path: path, detail: "*** in database main ***\nPage 5: btreeInitPage() returns error code 11"),
      .foreignApplication(path: path, applicationID: 42),
      .newerSchema(path: path, version: 2, supported: 1),
      .cannotCreateDirectory(path: path, reason: "permission denied"),
      .notWritable(path: path),
      .sqlite(path: path, error: SQLiteError(code: 13, message: "database or disk is full")),
      .sqlite(path: path, error: SQLiteError(code: 5, message: "database is locked")),
      .nameTooLong(path: path),
      .pathTooLong(path: path, length: 600),
      .symlinkLoop(path: path),
      .journalNotARegularFile(journal: path + "-wal", kind: "a symbolic link"),
      .diskFull(path: path),
      .fileSizeLimit(path: path),
      .notReadable(path: path, reason: "permission denied"),
      .movedOrDeleted(path: path),
      .checkpointFailed(path: path, error: SQLiteError(code: 778, message: "disk I/O error")),
      .checkpointStoppedByFileSizeLimit(path: path),
      .damagedAtClose(path: path, detail: "database disk image is malformed;\nquick_check: Page 9 is never used"),
      .closed(path: path),
      .readOnlyFileSystem(path: path),
      .corruptAfterRecovery(path: path, detail: "quick_check: Page 9: btreeInitPage() returns error code 11"),
    ]
    for error in errors {
      #expect(error.description.contains(path))
      #expect(!error.description.contains("\n"))
      #expect(error.localizedDescription == error.description)
      #expect(!error.description.contains(".."), "a doubled full stop: \(error)")
    }
    #expect(errors[6].description.contains("SQLite error 13"))
    #expect(errors[3].description.contains("newer PrimeTime"))
  }
}
