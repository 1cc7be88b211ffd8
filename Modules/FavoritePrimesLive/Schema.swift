import SQLite

/// PrimeTime's schema and how to get a database to it, one version at a time.
///
/// Every statement is a constant: nothing here is built by interpolation, not even the pragmas, which
/// take no bound parameters.
enum Schema {
  /// `'PRMT'`, what `file x.sqlite3` shows as "application id 1347571028".
  static let applicationID: Int64 = 0x5052_4D54

  /// The statement that marks a database as PrimeTime's; its literal is ``applicationID``.
  static let setApplicationID = "PRAGMA application_id = 1347571028"

  /// Every step, oldest first, each ending by recording its version. Append new steps; never edit a released
  /// one.
  static let migrator = Migrator([
    Migration(
      version: 1,
      statements: [
        """
        CREATE TABLE favorite (
          position INTEGER PRIMARY KEY,
          prime INTEGER NOT NULL
        ) STRICT
        """,
        """
        CREATE TABLE activity_event (
          id INTEGER PRIMARY KEY,
          kind TEXT NOT NULL CHECK (kind IN ('added', 'removed')),
          prime INTEGER NOT NULL,
          date INTEGER NOT NULL
        ) STRICT
        """,
        "PRAGMA user_version = 1",
      ]
    ),
    // A save finds the rows of one prime through this index instead of rewriting the list. Not unique: a
    // file another program wrote may hold a prime twice, and a removal deletes every copy.
    Migration(
      version: 2,
      statements: [
        "CREATE INDEX favorite_prime ON favorite (prime)",
        "PRAGMA user_version = 2",
      ]
    ),
    // A start reads the list from one row instead of one row per favourite: a copy kept at a close, which any
    // change to `favorite`, by any program, deletes (see `snapshotTriggers`).
    Migration(
      version: 3,
      statements: [
        """
        CREATE TABLE favorite_snapshot (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          primes BLOB NOT NULL
        ) STRICT
        """
      ] + snapshotTriggers + ["PRAGMA user_version = 3"]
    ),
  ])

  /// The triggers that delete the snapshot of the list whenever a row of `favorite` is inserted, updated or
  /// deleted, so a snapshot that is there is the list the table holds. A load uses the snapshot only when
  /// the file holds these three exactly as written here.
  static let snapshotTriggers = [
    "CREATE TRIGGER favorite_inserted AFTER INSERT ON favorite BEGIN DELETE FROM favorite_snapshot; END",
    "CREATE TRIGGER favorite_updated AFTER UPDATE ON favorite BEGIN DELETE FROM favorite_snapshot; END",
    "CREATE TRIGGER favorite_deleted AFTER DELETE ON favorite BEGIN DELETE FROM favorite_snapshot; END",
  ]

  /// The tables PrimeTime's schema holds at each version it knows, each with its columns in order: what a
  /// database recording that `user_version` must have. Add an entry with every migration.
  static let tables: [Int64: [(name: String, columns: [String])]] = [
    1: [
      (name: "favorite", columns: ["position", "prime"]),
      (name: "activity_event", columns: ["id", "kind", "prime", "date"]),
    ],
    2: [
      (name: "favorite", columns: ["position", "prime"]),
      (name: "activity_event", columns: ["id", "kind", "prime", "date"]),
    ],
    3: [
      (name: "favorite", columns: ["position", "prime"]),
      (name: "activity_event", columns: ["id", "kind", "prime", "date"]),
      (name: "favorite_snapshot", columns: ["id", "primes"]),
    ],
  ]

  /// The version this build writes: the last step's.
  static var version: Int64 { migrator.latestVersion }
}
