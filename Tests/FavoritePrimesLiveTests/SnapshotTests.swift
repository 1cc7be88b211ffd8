import ExecutableTestSupport
import FavoritePrimes
import Foundation
import SQLite
import Testing

@testable import FavoritePrimesLive

/// The list's copy: a close keeps one for a long list that passes the load's check, a load takes it instead
/// of the rows, and whatever changes the list (this PrimeTime, another one, any program writing SQL) makes the
/// next load read the rows again, so the copy never stands for a list the file does not hold.
@Suite(.timeLimit(.minutes(2)))
struct SnapshotTests {
  /// The shortest list that gets a copy: the primes up to 7919. (7927 is the next.)
  private static let long = ExecutableTestSupport.firstPrimes(FavoritePrimesDatabase.snapshotMinimumCount)

  /// How many copies the file at `path` holds (0 or 1).
  private func copies(at path: String) throws -> Int64 {
    try integer("SELECT count(*) FROM favorite_snapshot", at: path)
  }

  /// A database at `path` that saved `primes` and closed.
  private func saved(_ primes: [Int], at path: String) async throws {
    let database = try FavoritePrimesDatabase(path: path)
    try await database.save(adding: primes)
    #expect(database.close() == nil)
  }

  /// Runs `sql` on a connection of another program to the file at `path`, closed afterwards.
  private func execute(_ sql: String, _ arguments: [SQLiteValue] = [], at path: String) throws {
    try Connection(path: path, mode: .readWrite).execute(sql, arguments)
  }

  /// What a fresh connection's first load returns.
  private func firstLoad(at path: String) async throws -> FavoritePrimesSync {
    let database = try FavoritePrimesDatabase(path: path)
    defer { database.close() }
    return try await database.load()
  }

  @Test func aCloseKeepsACopyOfALongCheckedListAndTheNextLoadTakesItAsChecked() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("p.sqlite3").path
      try await saved(Self.long, at: path)
      #expect(try copies(at: path) == 1)
      let load = try await firstLoad(at: path)
      #expect(load.favoritePrimes == Self.long)
      #expect(load.favoritePrimesWereChecked)
    }
  }

  @Test func aListShorterThanTheMinimumGetsNoCopy() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("p.sqlite3").path
      try await saved(Array(Self.long.dropLast()), at: path)
      #expect(try copies(at: path) == 0)
      let load = try await firstLoad(at: path)
      #expect(load.favoritePrimes == Array(Self.long.dropLast()))
      #expect(!load.favoritePrimesWereChecked)
    }
  }

  /// A list holding a value a load leaves out gets no copy, so every load reads the rows and reports it.
  @Test(arguments: [9, 7, -7])
  func aListThatFailsTheCheckGetsNoCopy(extra: Int) async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("p.sqlite3").path
      try await saved(Self.long, at: path)
      try execute("INSERT INTO favorite VALUES (5000, ?)", [.integer(Int64(extra))], at: path)
      _ = try await firstLoad(at: path)  // a session that loads and closes
      #expect(try copies(at: path) == 0)
      let load = try await firstLoad(at: path)
      #expect(load.favoritePrimes == Self.long + [extra])
      #expect(!load.favoritePrimesWereChecked)
    }
  }

  /// Each way SQL changes `favorite`, by this PrimeTime or any other program, deletes the copy at once; the
  /// next load reads the rows, and the next close keeps a copy of what they hold.
  @Test(arguments: [
    "INSERT INTO favorite VALUES (5000, 7927)", "UPDATE favorite SET prime = 7927 WHERE position = 3",
    "DELETE FROM favorite WHERE position = 0", "DELETE FROM favorite",
  ])
  func anyChangeToTheListByAnyProgramDeletesTheCopy(sql: String) async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("p.sqlite3").path
      try await saved(Self.long, at: path)
      let connection = try Connection(path: path, mode: .readWrite)
      try connection.execute(sql)
      #expect(try copies(at: path) == 0)
      let expected = try connection.integers("SELECT prime FROM favorite ORDER BY position").map { Int($0) }
      let load = try await firstLoad(at: path)
      #expect(load.favoritePrimes == expected)
      #expect(!load.favoritePrimesWereChecked)
      #expect(try copies(at: path) == (expected.count >= FavoritePrimesDatabase.snapshotMinimumCount ? 1 : 0))
    }
  }

  @Test func thisPrimeTimesOwnSavesDeleteTheCopy() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("p.sqlite3").path
      try await saved(Self.long, at: path)
      let database = try FavoritePrimesDatabase(path: path)
      #expect(try await database.load().favoritePrimesWereChecked)
      try await database.save([.removedFavoritePrime(2)])
      #expect(try copies(at: path) == 0)
      try await database.save([.addedFavoritePrime(2)])
      #expect(try copies(at: path) == 0)
      #expect(database.close() == nil)
      let load = try await firstLoad(at: path)
      #expect(load.favoritePrimes == Array(Self.long.dropFirst()) + [2])
      #expect(load.favoritePrimesWereChecked)
    }
  }

  /// Deleting the copy frees its pages without overwriting them (SQLite's `secure_delete` is `FAST`, not the
  /// `ON` some builds default to), so the first change after a start writes a few pages to the log, not the
  /// whole copy again: a `fav` needs little room on a nearly full disk, or under a file size limit.
  @Test func theFirstChangeAfterAStartWritesAFewPagesNotTheCopy() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("p.sqlite3").path
      let primes = firstPrimes(20_000)
      try await saved(primes, at: path)
      let overflowPages = try integer(
        "SELECT count(*) FROM dbstat WHERE name = 'favorite_snapshot' AND pagetype = 'overflow'", at: path)
      #expect(overflowPages >= 14)
      let database = try FavoritePrimesDatabase(path: path)
      #expect(try await database.load().favoritePrimesWereChecked)
      try await database.save([.addedFavoritePrime(224_743)])
      #expect(try copies(at: path) == 0)
      let pageSize = try integer("PRAGMA page_size", at: path)
      let logSize = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int64 ?? .max
      #expect(logSize < 32 + 8 * (pageSize + 24), "the log holds \(logSize) bytes")
      #expect(database.close() == nil)
    }
  }

  /// The copy is made from the rows inside the transaction that writes it: another program's change after
  /// this PrimeTime's last save is in it.
  @Test func aCopyHoldsAnotherProgramsChangeMadeAfterThisOnesLastSave() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("p.sqlite3").path
      let database = try FavoritePrimesDatabase(path: path)
      _ = try await database.load()
      try await database.save(adding: Self.long)
      try execute("INSERT INTO favorite VALUES (5000, 7927)", at: path)
      #expect(database.close() == nil)
      #expect(try copies(at: path) == 1)
      let load = try await firstLoad(at: path)
      #expect(load.favoritePrimes == Self.long + [7927])
      #expect(load.favoritePrimesWereChecked)
    }
  }

  /// Without its triggers a copy could outlive a change, so a file whose triggers were altered is read row by
  /// row, and gets no new copy.
  @Test func aFileWithoutItsTriggersIsReadRowByRow() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("p.sqlite3").path
      try await saved(Self.long, at: path)
      do {
        let connection = try Connection(path: path, mode: .readWrite)
        try connection.execute("DROP TRIGGER favorite_deleted")
        try connection.execute("DELETE FROM favorite WHERE position = 0")
      }
      #expect(try copies(at: path) == 1)  // stale: nothing deleted it
      let load = try await firstLoad(at: path)
      #expect(load.favoritePrimes == Array(Self.long.dropFirst()))
      #expect(!load.favoritePrimesWereChecked)
      try execute("DELETE FROM favorite_snapshot", at: path)
      _ = try await firstLoad(at: path)
      #expect(try copies(at: path) == 0)
    }
  }

  /// Any trigger besides PrimeTime's three could keep a copy from being deleted, or write one: a file with one
  /// (here on the copy's own table, swallowing the deletes) is read row by row, so the list shown is the rows'.
  @Test(arguments: [
    "CREATE TRIGGER keep BEFORE DELETE ON favorite_snapshot BEGIN SELECT raise(IGNORE); END",
    "CREATE TRIGGER note AFTER INSERT ON activity_event BEGIN SELECT 1; END",
  ])
  func aFileWithAnyOtherTriggerIsReadRowByRow(trigger: String) async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("p.sqlite3").path
      try await saved(Self.long, at: path)
      try execute(trigger, at: path)
      let database = try FavoritePrimesDatabase(path: path)
      #expect(try await !database.load().favoritePrimesWereChecked)
      try await database.save([.removedFavoritePrime(2), .addedFavoritePrime(7927)])
      #expect(database.close() == nil)
      let load = try await firstLoad(at: path)
      #expect(load.favoritePrimes == Array(Self.long.dropFirst()) + [7927])
      #expect(!load.favoritePrimesWereChecked)
    }
  }

  /// A trigger that was there only for a while (swallowing the deletes while the list changed, then dropped)
  /// left a copy that is no longer the list: a copy is used only under the schema it was made under, so it
  /// is not used, and it is replaced.
  @Test func aCopyMadeUnderAnotherSchemaIsNotUsedAndIsReplaced() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("p.sqlite3").path
      let list = Self.long + [7927]
      try await saved(list, at: path)
      try execute("CREATE TRIGGER keep BEFORE DELETE ON favorite_snapshot BEGIN SELECT raise(IGNORE); END", at: path)
      let database = try FavoritePrimesDatabase(path: path)
      _ = try await database.load()
      try await database.save([.removedFavoritePrime(3)])
      #expect(database.close() == nil)
      #expect(try copies(at: path) == 1)  // stale: the delete was swallowed
      try execute("DROP TRIGGER keep", at: path)
      let load = try await firstLoad(at: path)
      #expect(load.favoritePrimes == list.filter { $0 != 3 })
      #expect(!load.favoritePrimesWereChecked)
      let next = try await firstLoad(at: path)
      #expect(next.favoritePrimes == list.filter { $0 != 3 })
      #expect(next.favoritePrimesWereChecked)
    }
  }

  /// A copy written by another program (restored from another file, say) is used only while its last prime
  /// and that prime's position are the table's last row's; otherwise the rows are read, and the end replaces
  /// the copy.
  @Test func aCopyThatDoesNotEndLikeTheTableIsNotUsedAndIsReplaced() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("p.sqlite3").path
      try await saved(Self.long + [7927], at: path)
      let copy = try Connection(path: path, mode: .readWrite).query("SELECT primes FROM favorite_snapshot")
      try execute("DELETE FROM favorite WHERE prime = 7927", at: path)
      try execute("INSERT INTO favorite_snapshot (id, primes) VALUES (1, ?)", [copy[0][0]], at: path)
      let load = try await firstLoad(at: path)
      #expect(load.favoritePrimes == Self.long)
      #expect(!load.favoritePrimesWereChecked)
      let next = try await firstLoad(at: path)
      #expect(next.favoritePrimes == Self.long)
      #expect(next.favoritePrimesWereChecked)
    }
  }

  @Test(arguments: [[0], [1, 3, 0], [1, 9, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]] as [[UInt8]])
  func aCopyThatDoesNotDecodeIsNotUsed(bytes: [UInt8]) async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("p.sqlite3").path
      try await saved(Self.long, at: path)
      // No trigger fires: this writes the copy only, not the list.
      try execute("UPDATE favorite_snapshot SET primes = ?", [.blob(bytes)], at: path)
      let load = try await firstLoad(at: path)
      #expect(load.favoritePrimes == Self.long)
      #expect(!load.favoritePrimesWereChecked)
      // That session's end replaced it: a copy that is not used would otherwise slow every start.
      #expect(try await firstLoad(at: path).favoritePrimesWereChecked)
    }
  }

  /// Another program holding the write lock does not hold up the end: the close gives up the copy at once
  /// instead of waiting SQLite's 5 seconds.
  @Test func aCloseDoesNotWaitForAnotherProgramsLockToKeepACopy() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("p.sqlite3").path
      let database = try FavoritePrimesDatabase(path: path)
      try await database.save(adding: Self.long)
      let holder = try Connection(path: path, mode: .readWrite)
      try holder.execute("BEGIN IMMEDIATE")
      let start = ContinuousClock.now
      #expect(database.close() == nil)
      #expect(ContinuousClock.now - start < .seconds(4), "the close waited for the lock")
      try holder.execute("ROLLBACK")
      #expect(try copies(at: path) == 0)
    }
  }

  /// The copy hides damage in the rows from a load; a save writes past it, and deletes the copy. The close
  /// then meets the damage reading the list for a new copy: it writes none and says what is damaged, since
  /// no load or save did.
  @Test func damageTheCloseMeetsReadingTheListIsReported() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("p.sqlite3").path
      try await saved(firstPrimes(5_000), at: path)
      try damage(page: try page(of: "favorite", type: "leaf", at: path, first: true), at: path)
      let database = try FavoritePrimesDatabase(path: path)
      #expect(try await database.load().favoritePrimesWereChecked)
      try await database.save([.addedFavoritePrime(224_743)])
      guard case let .damagedAtClose(errorPath, detail)? = database.close() else {
        Issue.record("the close did not report the damage")
        return
      }
      #expect(errorPath == path)
      #expect(detail.hasPrefix("database disk image is malformed"), "\(detail)")
      #expect(try copies(at: path) == 0)
    }
  }

  /// A file the check found damaged gets nothing more written at the close, not even a copy.
  @Test func aCloseAfterTheCheckFoundDamageWritesNoCopy() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("p.sqlite3").path
      try await saved(Self.long, at: path)
      do {
        let connection = try Connection(path: path, mode: .readWrite)
        try connection.execute("DELETE FROM favorite_snapshot")
        _ = try connection.query("PRAGMA wal_checkpoint(TRUNCATE)")
      }
      // Garbage over the index's root page: the list is read through the table, the check reads the index.
      let root = try integer("SELECT rootpage FROM sqlite_schema WHERE name = 'favorite_prime'", at: path)
      let pageSize = try integer("PRAGMA page_size", at: path)
      let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
      try handle.seek(toOffset: UInt64((root - 1) * pageSize))
      try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(pageSize)))
      try handle.close()
      let database = try FavoritePrimesDatabase(path: path)
      #expect(try await database.load().favoritePrimes == Self.long)
      #expect(try await !database.integrityCheck().isEmpty)
      #expect(database.close() == nil)
      #expect(try copies(at: path) == 0)
    }
  }
}
