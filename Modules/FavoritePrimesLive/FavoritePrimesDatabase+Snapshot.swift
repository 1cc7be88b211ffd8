import FavoritePrimes
import SQLite

/// The quick-start copy of the list: a load reads one BLOB instead of a row per favourite, and takes the list
/// as already checked.
///
/// A close keeps the copy (`keepSnapshot(on:)`) when the file has none, the list is long enough for it to pay
/// and it passes `FavoritePrimes.passesCheck(_:)`; triggers delete it at the first change to `favorite`, made
/// by any program that leaves triggers on (SQLite's default), so a copy that is there is the table's list. A
/// load uses it only while those triggers are intact and the copy decodes (its length, format and checksum);
/// otherwise, and when there is none, it reads the rows, as before the copy existed.
extension FavoritePrimesDatabase {
  /// The fewest favourites worth a copy of the list: below it, reading the rows costs about as little as the
  /// copy, and a close writes none.
  public static let snapshotMinimumCount = 1_000

  /// The list as the file's copy holds it; nil when there is no usable copy (none, triggers altered, or
  /// bytes that do not decode), and the rows must be read.
  static func snapshotPrimes(_ connection: Connection) throws -> [Int]? {
    guard try snapshotTriggersAreIntact(connection) else { return nil }
    var snapshot: FavoritePrimesSnapshot?
    try connection.forEachRow("SELECT primes FROM favorite_snapshot WHERE id = 1") { row in
      // Not a BLOB (a table remade by hand without STRICT) is no copy, not damage.
      snapshot = (try? row.bytes(0)).flatMap(FavoritePrimesSnapshot.init(bytes:))
    }
    return snapshot?.primes
  }

  /// Whether the file holds ``Schema/snapshotTriggers`` exactly as this build writes them.
  private static func snapshotTriggersAreIntact(_ connection: Connection) throws -> Bool {
    let found = try connection.query(
      "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'favorite' AND sql IN (?, ?, ?)",
      Schema.snapshotTriggers.map { .text($0) }
    )
    return try found.first?.integer(0) == Int64(Schema.snapshotTriggers.count)
  }

  /// Writes the copy of the list if the file has none and the list deserves one: at least
  /// ``snapshotMinimumCount`` favourites, passing `FavoritePrimes.passesCheck(_:)`. Runs before the
  /// connection closes, and only after a session whose last load or save worked and that met no damage.
  ///
  /// Never waits for another program's lock and never fails a close: the copy only saves the next start
  /// time, so a busy, full or read-only file simply gets none. The list is read in the same transaction that
  /// writes the copy, so another PrimeTime's last change is in it.
  func keepSnapshot(on connection: Connection) {
    do {
      guard try !Self.hasSnapshot(connection), try Self.snapshotTriggersAreIntact(connection),
        try Self.hasAtLeastSnapshotMinimum(connection)
      else { return }
      connection.setBusyTimeout(.zero)
      try connection.transaction { connection in
        guard try !Self.hasSnapshot(connection) else { return }
        let primes = try Self.favorites(connection)
        guard primes.count >= Self.snapshotMinimumCount, FavoritePrimes.passesCheck(primes),
          let snapshot = FavoritePrimesSnapshot(primes: primes)
        else { return }
        try connection.execute("INSERT INTO favorite_snapshot (id, primes) VALUES (1, ?)", [.blob(snapshot.bytes)])
      }
    } catch {
      // Rolled back: the next start reads the rows, as it would without a copy.
    }
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
