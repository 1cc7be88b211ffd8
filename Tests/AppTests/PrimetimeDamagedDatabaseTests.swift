import ExecutableTestSupport
import Foundation
import Testing

/// End-to-end: a damaged database whose favourites could not be loaded is neither exported nor backed up.
@Suite("primetime damaged database", .timeLimit(.minutes(5)))
struct PrimetimeDamagedDatabaseTests {
  let primetime = Executable("primetime")

  /// The favourites of a damaged database could not be loaded: `export` has nothing true to write, `backup`
  /// would copy the damage, and `check` advises neither.
  @Test func aDamagedDatabaseIsNeitherExportedNorBackedUp() async throws {
    let home = try TemporaryHome()
    let made = try await primetime.run(inside: home, ["--db", "a.sqlite3"], script: "set 7\nfav\nset 11\nfav")
    #expect(made.status == 0, "\(made.stderrText)")
    try damageRowsOfTheFavoriteTable(home.url.appendingPathComponent("a.sqlite3").path)
    let run = try await primetime.run(
      inside: home, ["--db", "a.sqlite3"], script: "export out.txt\nexport\nbackup b.sqlite3\ncheck")
    #expect(run.status == 1)
    #expect(run.stdoutText == "")
    let lines = run.stderrText.split(separator: "\n").map(String.init)
    #expect(lines.count == 5, "\(run.stderrText)")
    let notLoaded =
      "Couldn't export the favorite primes: they could not be loaded, so the list shown is not what the database "
      + "holds and there is nothing true to export; nothing was written. 'check' says what is damaged; 'load' "
      + "tries again."
    #expect(lines.dropFirst().first == "primetime: line 1: \(notLoaded)")
    #expect(lines.dropFirst(2).first == "primetime: line 2: \(notLoaded)")
    #expect(
      lines.dropFirst(3).first?.hasPrefix(
        "primetime: line 3: Couldn't back up the favorite primes: the database fails its integrity check (") == true,
      "\(run.stderrText)")
    #expect(lines.last?.hasPrefix("primetime: line 4: The database is damaged (") == true, "\(run.stderrText)")
    #expect(
      lines.last?.hasSuffix(
        "Restore it from an earlier backup, or move it away to start afresh; the favorites could not be loaded "
          + "from it, so there is no list to export.") == true,
      "\(run.stderrText)")
    #expect(!FileManager.default.fileExists(atPath: home.url.appendingPathComponent("out.txt").path))
    #expect(!FileManager.default.fileExists(atPath: home.url.appendingPathComponent("b.sqlite3").path))
  }
}
