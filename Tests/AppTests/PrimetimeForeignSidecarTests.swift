import ExecutableTestSupport
import Foundation
import Testing

/// End-to-end: a file of the user's at the name of a database's `-wal`, `-shm` or `-journal` is refused, not
/// deleted. Found by the outside round: an `export c.db-journal` (or a `backup cc.db-wal`, a recording, notes)
/// was deleted without a word by SQLite at the next start on `c.db`.
@Suite("primetime and files named like a database's sidecars", .timeLimit(.minutes(5)))
struct PrimetimeForeignSidecarTests {
  let primetime = Executable("primetime")

  @Test func anExportNamedLikeTheDatabasesJournalIsRefusedAndKeptByteForByte() async throws {
    let home = try TemporaryHome()
    let made = try await primetime.run(inside: home, ["--db", "c.db"], script: "set 2\nfav")
    #expect(made.status == 0, "\(made.stderrText)")
    for suffix in ["-journal", "-wal", "-shm"] {
      let exported = try await primetime.run(inside: home, ["--db", "other.db"], script: "export c.db\(suffix)")
      #expect(exported.status == 0, "\(exported.stderrText)")
      let sidecar = home.url.appendingPathComponent("c.db\(suffix)").path
      let before = try Data(contentsOf: URL(fileURLWithPath: sidecar))
      let database = try Data(contentsOf: home.url.appendingPathComponent("c.db"))

      let run = try await primetime.run(inside: home, ["--db", "c.db"], script: "favorites")

      #expect(run.status == 1)
      #expect(run.stdoutText == "")
      #expect(
        run.stderrText
          == "primetime: c.db\(suffix) is not a file SQLite made for c.db, but SQLite would take it for one and "
          + "overwrite or delete it; PrimeTime left both untouched. Move or rename c.db\(suffix), or choose another "
          + "database file.\n"
      )
      #expect(try Data(contentsOf: URL(fileURLWithPath: sidecar)) == before)
      #expect(try Data(contentsOf: home.url.appendingPathComponent("c.db")) == database)
      #expect(unlink(sidecar) == 0)
    }
    let after = try await primetime.run(inside: home, ["--db", "c.db"], script: "favorites")
    #expect(after.status == 0, "\(after.stderrText)")
    #expect(after.stdoutText.contains("2"))
  }
}
