import FavoritePrimes
import SQLite

/// The quick-start copy of the list: a load reads one BLOB instead of a row per favourite, and takes the list
/// as already checked.
///
/// A close keeps the copy (`keepSnapshot(on:replacing:)`) when the file has none, or one a load could not use; the
/// list must be long enough for it to pay and pass `FavoritePrimes.passesCheck(_:)`. Triggers delete it at the first
/// change to `favorite`, made by any program that leaves triggers on (SQLite's default), so a copy that is
/// there is the table's list. A load uses it only while the file's triggers are exactly those three, the copy
/// decodes (its length, format and checksum), it ends as the table does (the last prime and its position) and
/// the schema has not changed since it was made (no trigger came and went meanwhile); otherwise, and when
/// there is none, it reads the rows, as before the copy existed. What no file records cannot be seen: another
/// connection's TEMP trigger, or triggers turned off, while it changed the list.
extension FavoritePrimesDatabase {
  /// The fewest favourites worth a copy of the list: below it, reading the rows costs about as little as the
  /// copy, and a close writes none.
  public static let snapshotMinimumCount = 1_000

  /// What the file's copy of the list is to a load.
  enum StoredSnapshot: Equatable {
    /// There is none.
    case missing
    /// There is one, but it cannot be trusted: the triggers are not exactly PrimeTime's, its bytes do not
    /// decode, it ends otherwise than the table, or the schema changed since it was made. The rows must be
    /// read.
    case unusable
    /// The list, as the copy holds it and the table ends.
    case usable([Int])

    /// The list when the copy is usable.
    var primes: [Int]? {
      if case let .usable(primes) = self { primes } else { nil }
    }
  }

  /// The file's copy of the list, read and checked.
  static func storedSnapshot(_ connection: Connection) throws -> StoredSnapshot {
    var found = false
    var snapshot: FavoritePrimesSnapshot?
    try connection.forEachRow("SELECT primes FROM favorite_snapshot WHERE id = 1") { row in
      found = true
      // Decoded where SQLite holds it: 300 KB for 100,000 favourites, not copied first. Not a BLOB (a table
      // remade by hand without STRICT) is no copy, not damage.
      snapshot = try? row.withBytes(0, FavoritePrimesSnapshot.init(buffer:))
    }
    guard found else { return .missing }
    guard try triggersAreSnapshotTriggers(connection), let snapshot,
      let last = try connection.query("SELECT position, prime FROM favorite ORDER BY position DESC LIMIT 1").first,
      try last.integer(0) == snapshot.lastPosition, try last.integer(1) == snapshot.primes.last.map(Int64.init),
      try schemaVersion(connection) == snapshot.schemaVersion
    else { return .unusable }
    return .usable(snapshot.primes)
  }

  /// Whether the file's triggers are ``Schema/snapshotTriggers`` exactly as this build writes them, and no
  /// other: any other could keep the copy from being deleted, or write one.
  private static func triggersAreSnapshotTriggers(_ connection: Connection) throws -> Bool {
    let found = try connection.query("SELECT sql FROM sqlite_schema WHERE type = 'trigger'").map { try $0.text(0) }
    return found.sorted() == Schema.snapshotTriggers.sorted()
  }

  /// Writes the copy of the list if the file has none, or `replacing` one a load found unusable, and the list
  /// deserves one: at least ``snapshotMinimumCount`` favourites, passing `FavoritePrimes.passesCheck(_:)`. Runs
  /// before the connection closes, and only after a session whose last load or save worked and that met no
  /// damage; never when the file has other triggers than PrimeTime's, which could make any copy stale.
  ///
  /// Never waits for another program's lock: the copy only saves the next start time, so a busy, full or
  /// read-only file simply gets none. The list is read in the same transaction that writes the copy, so
  /// another PrimeTime's last change is in it.
  ///
  /// - Returns: What is damaged, with `quick_check`'s first findings, when reading the list met damage (which
  ///   a close must report: no load or save met it); nil otherwise, copy or none.
  func keepSnapshot(on connection: Connection, replacing: Bool) -> String? {
    do {
      guard try replacing || !Self.hasSnapshot(connection), try Self.triggersAreSnapshotTriggers(connection),
        try Self.hasAtLeastSnapshotMinimum(connection)
      else { return nil }
      connection.setBusyTimeout(.zero)
      try connection.transaction { connection in
        if replacing {
          try connection.execute("DELETE FROM favorite_snapshot")
        } else if try Self.hasSnapshot(connection) {
          return
        }
        let primes = try Self.favorites(connection)
        let lastPosition = try connection.query("SELECT max(position) FROM favorite").first?.integer(0)
        guard primes.count >= Self.snapshotMinimumCount, FavoritePrimes.passesCheck(primes), let lastPosition,
          let schemaVersion = try Self.schemaVersion(connection),
          let snapshot = FavoritePrimesSnapshot(primes: primes, lastPosition: lastPosition, schemaVersion: schemaVersion)
        else { return }
        try connection.execute("INSERT INTO favorite_snapshot (id, primes) VALUES (1, ?)", [.blob(snapshot.bytes)])
      }
      return nil
    } catch let error as SQLiteError where error.saysFileIsDamaged {
      damageSeen.withLock { $0 = true }
      let findings = (try? connection.quickCheck(limit: Self.integrityFindingsKept)) ?? []
      return Self.describing(error.message, withFindings: findings)
    } catch {
      // Rolled back: the next start reads the rows, as it would without a copy.
      return nil
    }
  }

  /// `PRAGMA schema_version`: SQLite adds to it at every change of the schema (a table, index or trigger made,
  /// changed or dropped).
  private static func schemaVersion(_ connection: Connection) throws -> Int64? {
    try connection.query("PRAGMA schema_version").first?.integer(0)
  }

  private static func hasSnapshot(_ connection: Connection) throws -> Bool {
    try connection.query("SELECT EXISTS (SELECT 1 FROM favorite_snapshot)").first?.integer(0) == 1
  }

  /// Whether `favorite` holds at least ``snapshotMinimumCount`` rows; reads no more than that many.
  private static func hasAtLeastSnapshotMinimum(_ connection: Connection) throws -> Bool {
    let counted = try connection.query(
      "SELECT count(*) FROM (SELECT 1 FROM favorite LIMIT ?)", [.integer(Int64(snapshotMinimumCount))])
    return try counted.first?.integer(0) == Int64(snapshotMinimumCount)
  }
}
