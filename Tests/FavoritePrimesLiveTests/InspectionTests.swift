import ExecutableTestSupport
import FavoritePrimesLive
import Foundation
import SQLite
import Testing

import Platform

/// Files PrimeTime must refuse without changing a byte: it inspects them before anything can write.
@Suite(.timeLimit(.minutes(5))) struct InspectionTests {
  /// Copies the database at `source` with its `-wal` (or `-journal`), as they are while `connection` still
  /// holds them open, to `destination`: a database whose last changes are not checkpointed into the main
  /// file.
  /// The scratch file `work.sqlite3` to build a case in, and a file `name` in the directory `refused`, made
  /// for it alone, whose listing and bytes the refusal must leave as they were.
  private func workAndRefused(
    in directory: URL,
    named name: String = "primetime.sqlite3"
  ) throws -> (work: String, refused: URL, path: String) {
    let refused = directory.appendingPathComponent("refused")
    try FileManager.default.createDirectory(at: refused, withIntermediateDirectories: false)
    return (directory.appendingPathComponent("work.sqlite3").path, refused, refused.appendingPathComponent(name).path)
  }

  private func copyLive(_ source: String, to destination: String, journal: String = "-wal") throws {
    try FileManager.default.copyItem(atPath: source, toPath: destination)
    try FileManager.default.copyItem(atPath: source + journal, toPath: destination + journal)
  }

  @Test func anotherApplicationsDatabaseWithChangesInItsWALIsRefusedUntouched() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let (work, refused, path) = try workAndRefused(in: directory, named: "other.sqlite3")
      let connection = try Connection(path: work)
      _ = try connection.query("PRAGMA journal_mode = WAL")
      try connection.execute("CREATE TABLE note (text TEXT)")
      try connection.execute("PRAGMA wal_autocheckpoint = 0")
      try connection.execute("PRAGMA application_id = 42")
      try connection.execute("INSERT INTO note VALUES ('hello')")
      try copyLive(work, to: path)
      #expect(try fileNames(in: refused) == ["other.sqlite3", "other.sqlite3-wal"])
      try expectRefusal(of: path, in: refused) { $0 == .foreignApplication(path: path, applicationID: 42) }
    }
  }

  @Test func aNewerPrimeTimesDatabaseWithChangesInItsWALIsRefusedUntouched() async throws {
    try await withTemporaryDirectory { (directory: URL) async throws in
      let (work, refused, path) = try workAndRefused(in: directory)
      try await withDatabase(at: work) { try await $0.save(adding: [2, 3]) }
      let connection = try Connection(path: work, mode: .readWrite)
      try connection.execute("PRAGMA wal_autocheckpoint = 0")
      try connection.execute("PRAGMA user_version = 4")
      try connection.execute("INSERT INTO favorite VALUES (2, 5)")
      try copyLive(work, to: path)
      try expectRefusal(of: path, in: refused) { $0 == .newerSchema(path: path, version: 4, supported: 3) }
    }
  }

  /// A transaction of another application was cut short: its rollback journal is hot. Rolling it back is
  /// that application's business.
  @Test func anotherApplicationsDatabaseWithAHotJournalIsRefusedUntouched() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let (work, refused, path) = try workAndRefused(in: directory, named: "other.sqlite3")
      let connection = try Connection(path: work)
      try connection.execute("PRAGMA application_id = 42")
      try connection.execute("CREATE TABLE note (text TEXT)")
      try connection.execute(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) "
          + "INSERT INTO note SELECT printf('%.200c', 'a') FROM n")
      try connection.execute("PRAGMA cache_size = 2")
      try connection.execute("BEGIN IMMEDIATE")
      try connection.execute("UPDATE note SET text = printf('%.200c', 'b')")  // spills into the main file
      try copyLive(work, to: path, journal: "-journal")
      try connection.execute("ROLLBACK")
      #expect(try fileNames(in: refused) == ["other.sqlite3", "other.sqlite3-journal"])
      try expectRefusal(of: path, in: refused) { $0 == .foreignApplication(path: path, applicationID: 42) }
    }
  }

  /// The main file was moved away (as a refusal may advise) and its `-wal` stayed: starting afresh would
  /// overwrite the log, which holds the favourites.
  @Test func aWALWhoseDatabaseIsMissingIsRefusedUntouched() async throws {
    try await withTemporaryDirectory { (directory: URL) async throws in
      let (work, refused, path) = try workAndRefused(in: directory)
      try await withDatabase(at: work) { try await $0.save(adding: [2]) }
      let connection = try Connection(path: work, mode: .readWrite)
      try connection.execute("PRAGMA wal_autocheckpoint = 0")
      try connection.execute("INSERT INTO favorite VALUES (1, 3)")
      try FileManager.default.copyItem(atPath: work + "-wal", toPath: path + "-wal")
      try expectRefusal(of: path, in: refused) { $0 == .strayJournal(path: path, journal: path + "-wal") }
      #expect(
        FavoritePrimesDatabaseError.strayJournal(path: path, journal: path + "-wal").description
          == "\(path)-wal holds changes to a database that is not at \(path) (missing, empty or replaced); "
          + "PrimeTime left both untouched. Put the database file back, or move \(path)-wal away to start afresh."
      )

      // Replaced by an empty file.
      #expect(FileManager.default.createFile(atPath: path, contents: Data()))
      try expectRefusal(of: path, in: refused) { $0 == .strayJournal(path: path, journal: path + "-wal") }
    }
  }

  /// A WAL written for pages of another size cannot be this file's.
  @Test func aWALOfAnotherDatabaseIsRefusedUntouched() async throws {
    try await withTemporaryDirectory { (directory: URL) async throws in
      let (work, refused, path) = try workAndRefused(in: directory)
      let connection = try Connection(path: work)
      try connection.execute("PRAGMA page_size = 1024")
      _ = try connection.query("PRAGMA journal_mode = WAL")
      try connection.execute("PRAGMA wal_autocheckpoint = 0")
      try connection.execute("CREATE TABLE note (text TEXT)")
      try await withDatabase(at: path) { try await $0.save(adding: [2, 3]) }  // 4096-byte pages
      try FileManager.default.copyItem(atPath: work + "-wal", toPath: path + "-wal")
      try expectRefusal(of: path, in: refused) { $0 == .strayJournal(path: path, journal: path + "-wal") }
    }
  }

  /// The main file was replaced by another application's database of the same page size: PrimeTime's log
  /// beside it would be applied to the wrong pages.
  @Test func aPrimeTimeWALBesideAnotherApplicationsDatabaseIsRefusedUntouched() async throws {
    try await withTemporaryDirectory { (directory: URL) async throws in
      let (work, refused, path) = try workAndRefused(in: directory)
      do {
        let other = try Connection(path: path)
        try other.execute("PRAGMA application_id = 42")
        try other.execute("CREATE TABLE note (text TEXT)")
      }
      try await withDatabase(at: work) { try await $0.save(adding: [2]) }
      let connection = try Connection(path: work, mode: .readWrite)
      try connection.execute("PRAGMA wal_autocheckpoint = 0")
      try connection.execute("PRAGMA user_version = 1")  // page 1 into the log
      try connection.execute("INSERT INTO favorite VALUES (1, 3)")
      try FileManager.default.copyItem(atPath: work + "-wal", toPath: path + "-wal")
      try expectRefusal(of: path, in: refused) { $0 == .strayJournal(path: path, journal: path + "-wal") }
    }
  }

  /// `quick_check` needs SQLite, which reads the log: the refusal must not checkpoint it into the main file.
  @Test func aCorruptDatabaseWithChangesInItsWALIsRefusedUntouched() async throws {
    try await withTemporaryDirectory { (directory: URL) async throws in
      let (work, refused, path) = try workAndRefused(in: directory)
      try await withDatabase(at: work) { try await $0.save(adding: Array(1...20_000)) }
      var bytes = try Data(contentsOf: URL(fileURLWithPath: work))
      let start = (bytes.count / 4096 / 2) * 4096
      for index in start..<(start + 2 * 4096) {
        bytes[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 7)
      }
      try bytes.write(to: URL(fileURLWithPath: work))
      let connection = try Connection(path: work, mode: .readWrite)
      try connection.execute("PRAGMA wal_autocheckpoint = 0")
      try connection.execute("PRAGMA user_version = 1")  // page 1 into the log
      try copyLive(work, to: path)
      try expectRefusal(of: path, in: refused) {
        guard case let .corrupt(errorPath, _) = $0 else { return false }
        return errorPath == path
      }
    }
  }

  @Test func aTruncatedDatabaseIsRefusedUntouched() async throws {
    try await withTemporaryDirectory { (directory: URL) async throws in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      try await withDatabase(at: path) { try await $0.save(adding: Array(1...5000)) }
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      try bytes.prefix(bytes.count / 2 + 100).write(to: URL(fileURLWithPath: path))
      try expectRefusal(of: path, in: directory) {
        guard case let .corrupt(errorPath, detail) = $0 else { return false }
        return errorPath == path && detail.contains("cut short")
      }
    }
  }

  @Test func devNullIsRefusedAndGetsNoJournal() throws {
    // An earlier run of an older PrimeTime may have left one: it must stay as it is.
    let journal = FileManager.default.contents(atPath: "/dev/null-journal")
    #expect(throws: FavoritePrimesDatabaseError.notARegularFile(path: "/dev/null", kind: "a character device")) {
      try FavoritePrimesDatabase(path: "/dev/null")
    }
    #expect(FileManager.default.contents(atPath: "/dev/null-journal") == journal)
    #expect(
      FavoritePrimesDatabaseError.notARegularFile(path: "/dev/null", kind: "a character device").description
        == "/dev/null is a character device, not a regular file; PrimeTime left it untouched. "
        + "Choose a regular file for the database."
    )
  }

  /// Opening a FIFO to read it would wait for a writer forever: it is refused without being opened.
  @Test func aFIFOIsRefusedUntouched() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("pipe").path
      #expect(mkfifo(path, 0o600) == 0)
      #expect(throws: FavoritePrimesDatabaseError.notARegularFile(path: path, kind: "a FIFO")) {
        try FavoritePrimesDatabase(path: path)
      }
      #expect(try fileNames(in: directory) == ["pipe"])
    }
  }

  @Test func aDirectoryIsRefusedWithWordsThatSaySo() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.path
      #expect(throws: FavoritePrimesDatabaseError.isADirectory(path: path)) {
        try FavoritePrimesDatabase(path: path)
      }
      #expect(try fileNames(in: directory) == [])
      #expect(
        FavoritePrimesDatabaseError.isADirectory(path: path).description
          == "\(path) is a directory; choose a file path for the database, such as \(path)/primetime.sqlite3."
      )
    }
  }

  /// A path ending in `/` names a directory: refused before any directory is made for it.
  @Test func aPathEndingInASlashCreatesNothing() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let missing = directory.path + "/new/"
      #expect(throws: FavoritePrimesDatabaseError.notAFilePath(path: missing)) {
        try FavoritePrimesDatabase(path: missing)
      }
      #expect(try fileNames(in: directory) == [])
      let existing = directory.path + "/"
      #expect(throws: FavoritePrimesDatabaseError.isADirectory(path: existing)) {
        try FavoritePrimesDatabase(path: existing)
      }
      #expect(try fileNames(in: directory) == [])
    }
  }

  @Test func memoryIsNotAFilePath() throws {
    #expect(throws: FavoritePrimesDatabaseError.notAFilePath(path: ":memory:")) {
      try FavoritePrimesDatabase(path: ":memory:")
    }
    #expect(throws: FavoritePrimesDatabaseError.notAFilePath(path: "")) {
      try FavoritePrimesDatabase(path: "")
    }
    #expect(
      FavoritePrimesDatabaseError.notAFilePath(path: ":memory:").description
        == "':memory:' is not a file path; PrimeTime keeps favorites in a database file. "
        + "Give a file path, or use --sandbox to keep them in memory only."
    )
  }

  /// `file:` names are never SQLite URIs: `mode=ro` and the like must not change how the file is opened, and
  /// nothing may be created for such a name.
  @Test func aSQLiteURIIsRefusedAndCreatesNothing() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let uri = "file:\(directory.path)/sub/x.sqlite3?mode=ro"
      let cwd = FileManager.default.currentDirectoryPath
      #expect(!FileManager.default.fileExists(atPath: cwd + "/file:"))
      #expect(throws: FavoritePrimesDatabaseError.uri(path: uri)) {
        try FavoritePrimesDatabase(path: uri)
      }
      #expect(try fileNames(in: directory) == [])
      #expect(!FileManager.default.fileExists(atPath: cwd + "/file:"))
      #expect(
        FavoritePrimesDatabaseError.uri(path: "file:x?mode=ro").description
          == "file:x?mode=ro looks like a SQLite URI, which PrimeTime does not take; give a plain file path "
          + "(./file:x?mode=ro for a file of that name)."
      )
    }
  }

  @Test func aPathThroughAMissingDirectoryAndDotDotOpens() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.path + "/nope/../x.sqlite3"
      // In a child process with a time limit: the bug this pins made opening loop forever.
      let run = try await Executable("favorite-primes-torture").run(["open", path], timeout: .seconds(30))
      #expect(run.status == 0 && run.stdoutText == "opened\n", "\(run.stderrText)")
      #expect(try fileNames(in: directory).contains("x.sqlite3"))
    }
  }

  @Test func aFileInTheWayOfADirectoryIsNamed() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let file = directory.appendingPathComponent("data").path
      #expect(FileManager.default.createFile(atPath: file, contents: Data("notes".utf8)))
      let path = file + "/primetime/primetime.sqlite3"
      #expect(throws: FavoritePrimesDatabaseError.notADirectory(path: file)) {
        try FavoritePrimesDatabase(path: path)
      }
      #expect(
        FavoritePrimesDatabaseError.notADirectory(path: file).description
          == "\(file) is a file, not a directory, so the database can't be kept under it. "
          + "Move it away, or choose another location for the database."
      )
      #expect(try snapshot(directory) == ["data": Data("notes".utf8)])
    }
  }

  // MARK: Rows

  /// The database keeps lists of integers as given; judging them is the feature's rule (its reducer reports
  /// what is not a favourite prime), so a load hands back rows put in by hand exactly as stored.
  @Test func rowsPutInByHandAreLoadedAsStoredForTheFeatureToJudge() async throws {
    try await withTemporaryDirectory { (directory: URL) async throws in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      try await withDatabase(at: path) { try await $0.save(adding: [2, 7]) }
      do {
        let connection = try Connection(path: path, mode: .readWrite)
        try connection.execute("INSERT INTO favorite VALUES (10, 8), (11, -7), (12, 1), (13, 7)")
      }
      #expect(try await withDatabase(at: path) { try await $0.stored() } == [2, 7, 8, -7, 1, 7])
    }
  }

  /// A column holding text where PrimeTime stores integers: the file was changed by another program, which
  /// is what the message says, not "check the disk".
  @Test func aHandAlteredTableGetsAdviceThatFits() async throws {
    try await withTemporaryDirectory { (directory: URL) async throws in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      try await withDatabase(at: path) { try await $0.save(adding: [2]) }
      do {
        let connection = try Connection(path: path, mode: .readWrite)
        try connection.execute("DROP TABLE favorite")
        try connection.execute("CREATE TABLE favorite (position INTEGER PRIMARY KEY, prime TEXT)")
        try connection.execute("INSERT INTO favorite VALUES (0, 'seven')")
      }
      let database = try FavoritePrimesDatabase(path: path)
      var thrown: (any Error)?
      do { _ = try await database.stored() } catch { thrown = error }
      let error = try #require(thrown as? FavoritePrimesDatabaseError)
      #expect(
        error.description
          == "\(path) holds data PrimeTime did not write (the favorite table's prime column holds text, not an "
          + "integer): another program "
          + "changed it. Restore it from a backup, or move it away to start afresh."
      )
    }
  }

  // MARK: Closing

  @Test func closingTwiceIsHarmlessAndLaterCallsThrow() async throws {
    try await withTemporaryDirectory { (directory: URL) async throws in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      let database = try FavoritePrimesDatabase(path: path)
      try await database.save(adding: [2, 3])
      database.close()
      database.close()
      #expect(try fileNames(in: directory) == ["primetime.sqlite3"])
      await #expect(throws: FavoritePrimesDatabaseError.closed(path: path)) { try await database.stored() }
      await #expect(throws: FavoritePrimesDatabaseError.closed(path: path)) { try await database.save(adding: [5]) }
      await #expect(throws: FavoritePrimesDatabaseError.closed(path: path)) { try await database.activity() }
      #expect(try await withDatabase(at: path) { try await $0.stored() } == [2, 3])
    }
  }

  /// While another connection still reads, closing cannot remove the log: it is checkpointed all the same,
  /// so the main file alone holds every favourite.
  @Test func closingCheckpointsEvenWithAnotherReaderOpen() async throws {
    try await withTemporaryDirectory { (directory: URL) async throws in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      let other = try Connection(path: path)
      _ = try other.query("PRAGMA journal_mode = WAL")
      let database = try FavoritePrimesDatabase(path: path)
      try await database.save(adding: [2, 3, 5])
      database.close()
      let copy = directory.appendingPathComponent("copy.sqlite3").path
      try FileManager.default.copyItem(atPath: path, toPath: copy)
      let rows = try Connection(path: copy, mode: .readOnly).query("SELECT prime FROM favorite ORDER BY position")
      #expect(rows.map { $0[0] } == [2, 3, 5])
      _ = other
    }
  }
}
