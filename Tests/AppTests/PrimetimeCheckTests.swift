import ExecutableTestSupport
import Foundation
import SQLite
import Testing

/// End-to-end runs of `primetime` with `check`: the one line it prints for a sound database, a damaged one
/// and the sandbox, and its exit status.
@Suite("primetime check", .timeLimit(.minutes(5)))
struct PrimetimeCheckTests {
  let primetime = Executable("primetime")

  @Test func aSoundDatabasePassesAndTheRunSucceeds() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(inside: home, ["--db", "a.sqlite3"], script: "set 7\nfav\ncheck")
    #expect(run.status == 0, "\(run.stderrText)")
    #expect(run.stdoutText.hasSuffix("The database passed its integrity check.\n"))
    #expect(run.stderrText == "")
  }

  /// The rows of the favorite table's only page are garbage, its header intact: the database opens, the load
  /// at start fails naming the damage, and `check` says what is damaged (SQLite's findings before its check
  /// stopped on the damage, then the error that stopped it) and what to do.
  @Test func aDamagedDatabaseIsReportedWithWhatToDo() async throws {
    let home = try TemporaryHome()
    let made = try await primetime.run(inside: home, ["--db", "a.sqlite3"], script: "set 7\nfav\nset 11\nfav")
    #expect(made.status == 0, "\(made.stderrText)")
    let path = home.url.appendingPathComponent("a.sqlite3").path
    try damageRowsOfTheFavoriteTable(path)
    let run = try await primetime.run(inside: home, ["--db", "a.sqlite3"], script: "check")
    #expect(run.status == 1)
    #expect(
      run.stderrText.hasPrefix(
        "primetime: Couldn't load the favorite primes: a.sqlite3 is corrupt (database disk image is malformed"
      ),
      "\(run.stderrText)"
    )
    #expect(
      run.stderrText.hasSuffix(
        "\nprimetime: line 1: The database is damaged (On tree page 2 cell 1: Extends off end of page; On tree page "
          + "2 cell 0: Extends off end of page; database disk image is malformed). Restore it from an "
          + "earlier backup, or move it away to start afresh; the favorites could not be loaded from it, so there "
          + "is no list to export.\n"
      ),
      "\(run.stderrText)"
    )
  }

  /// `favorites` on a database whose list could not be loaded says so, instead of "No favorite primes yet.".
  @Test func aListThatCouldNotBeLoadedIsNotShownAsEmpty() async throws {
    let home = try TemporaryHome()
    _ = try await primetime.run(inside: home, ["--db", "a.sqlite3"], script: "set 7\nfav")
    try damageRowsOfTheFavoriteTable(home.url.appendingPathComponent("a.sqlite3").path)

    let run = try await primetime.run(inside: home, ["--db", "a.sqlite3"], script: "favorites\nset 11\nfav\nfavorites")

    #expect(run.status == 1)
    #expect(
      run.stdoutLines.filter { $0.contains("favorite primes could not be loaded") || $0.hasPrefix("1. ") } == [
        "the stored favorite primes could not be loaded; 'check' says why, 'load' tries again.",
        "1. 11",
        "Only the primes added since PrimeTime started are shown: the stored favorite primes could not be loaded; "
          + "'check' says why, 'load' tries again.",
      ]
    )
  }

  @Test func theSandboxHasNoDatabaseToCheck() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(inside: home, ["--sandbox"], script: "check")
    #expect(run.status == 1)
    #expect(
      run.stderrText
        == "primetime: line 1: Couldn't check the database: there is no database to check: favorites are kept in "
        + "memory only.\n"
    )
  }
}

/// Overwrites the cell content of the favorite table's root page, a leaf for a short list, with deterministic
/// garbage in the closed database at `path`, keeping the page header and cell pointers.
func damageRowsOfTheFavoriteTable(_ path: String) throws {
  let root: Int
  let pageSize: Int
  do {
    let connection = try Connection(path: path, mode: .readOnly)
    let rootRow = try #require(try connection.query("SELECT rootpage FROM sqlite_schema WHERE name = 'favorite'").first)
    root = Int(try rootRow.integer(0))
    pageSize = Int(try #require(try connection.query("PRAGMA page_size").first).integer(0))
  }
  var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
  let start = (root - 1) * pageSize
  #expect(bytes[start] == 0x0D, "the favorite table is one leaf page")
  let contentStart = Int(bytes[start + 5]) << 8 | Int(bytes[start + 6])
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  for index in (start + contentStart)..<(start + pageSize) {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    bytes[index] = UInt8(truncatingIfNeeded: state >> 56)
  }
  try bytes.write(to: URL(fileURLWithPath: path))
}
