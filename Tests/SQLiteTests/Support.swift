import CSQLite
import Foundation
import SQLite
import Testing

/// Runs `body` with a fresh directory under the system's temporary directory (never the home), removed afterwards.
func withTemporaryDirectory<Result>(_ body: (URL) throws -> Result) throws -> Result {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("SQLiteTests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
  defer { try? FileManager.default.removeItem(at: directory) }
  return try body(directory)
}

/// The `async` form of ``withTemporaryDirectory(_:)``.
func withTemporaryDirectory<Result>(_ body: (URL) async throws -> Result) async throws -> Result {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("SQLiteTests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
  defer { try? FileManager.default.removeItem(at: directory) }
  return try await body(directory)
}

/// The names of the files in `directory`, sorted.
func fileNames(in directory: URL) throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
}

/// A WAL database at `path` that never checkpoints on its own, after `statements`: what they wrote is only in
/// its `-wal`; and the connection that ran them.
func walDatabase(at path: String, after statements: [String]) throws -> Connection {
  let connection = try Connection(path: path)
  try connection.switchToWriteAheadLog()
  try connection.execute("PRAGMA wal_autocheckpoint = 0")
  for statement in statements {
    try connection.execute(statement)
  }
  return connection
}

/// The number of rows of table `t`.
func rowCount(_ connection: Connection, table: String = "t") throws -> Int64 {
  try #require(connection.query("SELECT count(*) FROM \(table)").first).integer(0)
}

// SQLite's extended result codes are C macro expressions (`SQLITE_CONSTRAINT | (10<<8)`), which Swift does not
// import: spell them as sqlite3.h does.
let SQLITE_CONSTRAINT_FOREIGNKEY = SQLITE_CONSTRAINT | (3 << 8)  // 787
let SQLITE_CONSTRAINT_PRIMARYKEY = SQLITE_CONSTRAINT | (6 << 8)  // 1555
let SQLITE_CONSTRAINT_UNIQUE = SQLITE_CONSTRAINT | (8 << 8)  // 2067
