import ExecutableTestSupport
import Foundation
import SQLite
import Testing

@testable import FavoritePrimesLive

/// The full integrity check runs on demand (`check`) and when an error suggests damage, not at every open.
@Suite(.timeLimit(.minutes(2)))
struct IntegrityCheckTests {
  @Test func aSoundDatabasePassesTheCheck() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      let database = try FavoritePrimesDatabase(path: path)
      defer { database.close() }
      try await database.save(adding: Array(1...5000))
      #expect(try await database.integrityCheck() == [])
    }
  }

  /// Garbage over the rows of one leaf page of the favorite table, its page header kept: opening reads page
  /// headers only, so it opens; `check` reads every row and reports the damage.
  @Test func damageInsideAPageOpensButTheCheckReportsIt() async throws {
    try await withTemporaryDirectory { directory in
      let path = try await damagedDatabase(in: directory)
      let database = try FavoritePrimesDatabase(path: path)
      defer { database.close() }
      let findings = try await database.integrityCheck()
      #expect((1...3).contains(findings.count), "\(findings)")
      #expect(findings.allSatisfy { $0.hasPrefix("On tree page ") && !$0.contains("\n") }, "\(findings)")
    }
  }

  /// A page that is not a page at all stops SQLite's check after its first finding: that finding is kept,
  /// with the error that stopped the check, instead of the error alone.
  @Test func theFindingsBeforeTheCheckStoppedAreKept() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      let database = try FavoritePrimesDatabase(path: path)
      try await database.save(adding: firstPrimes(5_000))
      #expect(database.close() == nil)
      let page = try page(of: "activity_event", type: "leaf", at: path)
      try damage(page: page, at: path)
      let findings = try await withDatabase(at: path) { try await $0.integrityCheck() }
      #expect(findings == ["Page \(page): btreeInitPage() returns error code 11", "database disk image is malformed"])
    }
  }

  /// A load that meets the damage says so with the check's findings, in the one-line corrupt error.
  @Test func aLoadThatMeetsDamageReportsTheChecksFindings() async throws {
    try await withTemporaryDirectory { directory in
      let path = try await damagedDatabase(in: directory)
      let database = try FavoritePrimesDatabase(path: path)
      defer { database.close() }
      await #expect {
        _ = try await database.load()
      } throws: { error in
        guard let error = error as? FavoritePrimesDatabaseError, case let .corrupt(errorPath, detail) = error else {
          return false
        }
        return errorPath == path && detail.contains("; quick_check: ") && !error.description.contains("\n")
      }
    }
  }

  /// Garbage rows can read as values of the wrong type (a NULL prime) before SQLite meets the damage itself:
  /// that error gets the check's findings too, and is then reported as damage, not as another program's data.
  @Test func dataOfTheWrongTypeInADamagedFileIsReportedAsDamageWithTheFindings() async throws {
    try await withTemporaryDirectory { directory in
      let path = try await damagedDatabase(in: directory)
      let database = try FavoritePrimesDatabase(path: path)
      defer { database.close() }
      let error = await database.withIntegrityFindings(.unexpectedContent(path: path, detail: "a NULL prime"))
      guard case let .corrupt(errorPath, detail) = error else {
        Issue.record("expected the damage to be reported as such, got \(error)")
        return
      }
      #expect(errorPath == path)
      #expect(detail.hasPrefix("a NULL prime; quick_check: On tree page "), "\(detail)")
    }
  }

  /// In a sound file, data of the wrong type was written by another program, and is reported as that.
  @Test func dataOfTheWrongTypeInASoundFileIsAnotherProgramsData() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      try await saveAndClose(Array(1...50), at: path)
      let database = try FavoritePrimesDatabase(path: path)
      defer { database.close() }
      let error = FavoritePrimesDatabaseError.unexpectedContent(path: path, detail: "a NULL prime")
      #expect(await database.withIntegrityFindings(error) == error)
    }
  }
}

/// The path of a new database in `directory` holding 20,000 favourites, one leaf page of whose rows is then
/// overwritten with garbage (``damageRowsOfAFavoriteLeafPage(_:)``).
private func damagedDatabase(in directory: URL) async throws -> String {
  let path = directory.appendingPathComponent("primetime.sqlite3").path
  try await saveAndClose(Array(1...20_000), at: path)
  try damageRowsOfAFavoriteLeafPage(path)
  return path
}

/// A backup of a database that fails its integrity check would hold the same damage: it is refused, naming the
/// findings, and no copy is left (never announced as a good backup).
@Suite(.timeLimit(.minutes(2)))
struct DamagedBackupTests {
  @Test func aBackupOfADamagedDatabaseIsRefusedAndNoCopyIsLeft() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      try await saveAndClose(Array(1...20_000), at: path)
      try damageRowsOfAFavoriteLeafPage(path)
      let database = try FavoritePrimesDatabase(path: path)
      defer { database.close() }
      let target = directory.appendingPathComponent("copy.db").path
      let error = #expect(throws: FavoritePrimesFileError.self) { try database.backup(to: target) }
      let text = error?.description ?? ""
      #expect(text.hasPrefix("the database fails its integrity check (On tree page "), "\(text)")
      #expect(text.hasSuffix("so no copy was made; 'check' says what is damaged"), "\(text)")
      #expect(!text.contains("\n"))
      #expect(!FileManager.default.fileExists(atPath: target))
      #expect(!FileManager.default.fileExists(atPath: target + "-journal"))
    }
  }
}

/// Saves `primes` into a new database at `path` and closes it, so the file alone holds them.
private func saveAndClose(_ primes: [Int], at path: String) async throws {
  let database = try FavoritePrimesDatabase(path: path)
  try await database.save(adding: primes)
  #expect(database.close() == nil)
}

/// Overwrites, in the closed database at `path`, the cell content of the first leaf page under the favorite
/// table's root (an interior page, for a table of thousands of rows) with deterministic garbage, keeping the
/// page header and its cell pointers: the b-tree's shape is intact, its rows are not.
private func damageRowsOfAFavoriteLeafPage(_ path: String) throws {
  let root: Int
  let pageSize: Int
  do {
    let connection = try Connection(path: path, mode: .readOnly)
    let rootRow = try #require(try connection.query("SELECT rootpage FROM sqlite_schema WHERE name = 'favorite'").first)
    root = Int(try rootRow.integer(0))
    pageSize = Int(try #require(try connection.query("PRAGMA page_size").first).integer(0))
  }
  var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
  func byte(_ offset: Int) -> Int { Int(bytes[offset]) }
  func page(_ number: Int) -> Int { (number - 1) * pageSize }
  let rootStart = page(root)
  #expect(byte(rootStart) == 0x05, "the favorite table's root is an interior page")
  // The first cell pointer (after the 12-byte interior header) leads to a cell starting with the child's number.
  let cell = rootStart + (byte(rootStart + 12) << 8 | byte(rootStart + 13))
  let child = byte(cell) << 24 | byte(cell + 1) << 16 | byte(cell + 2) << 8 | byte(cell + 3)
  let leaf = page(child)
  #expect(byte(leaf) == 0x0D, "the child is a leaf page of the table")
  let contentStart = byte(leaf + 5) << 8 | byte(leaf + 6)
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  for index in (leaf + contentStart)..<(leaf + pageSize) {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    bytes[index] = UInt8(truncatingIfNeeded: state >> 56)
  }
  try bytes.write(to: URL(fileURLWithPath: path))
}
