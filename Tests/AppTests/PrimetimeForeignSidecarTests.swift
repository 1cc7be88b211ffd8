import ExecutableTestSupport
import Foundation
import Testing

/// End-to-end: a file of the user's at the name of a database's `-wal`, `-shm` or `-journal` is refused, not
/// deleted. Found by the outside round: an `export c.db-journal` (or a `backup cc.db-wal`, a recording, notes)
/// was deleted without a word by SQLite at the next start on `c.db`.
@Suite("primetime and files named like a database's sidecars", .timeLimit(.minutes(5)))
struct PrimetimeForeignSidecarTests {
  let primetime = Executable("primetime")

  @Test func aFileOfTheUsersAtASidecarsNameIsRefusedAndKeptByteForByte() async throws {
    let home = try TemporaryHome()
    let made = try await primetime.run(inside: home, ["--db", "c.db"], script: "set 2\nfav")
    #expect(made.status == 0, "\(made.stderrText)")
    for suffix in ["-journal", "-wal", "-shm"] {
      let sidecar = home.url.appendingPathComponent("c.db\(suffix)").path
      #expect(FileManager.default.createFile(atPath: sidecar, contents: Data("2\n3\n5\n".utf8)))
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

  /// Through a symbolic link, SQLite keeps the journals beside the file the link names: the refusal names the
  /// file there, the one to move (found by the second outside round, which was told to move one that was not).
  @Test func throughALinkTheRefusalNamesTheSidecarBesideTheFileTheLinkNames() async throws {
    let home = try TemporaryHome()
    #expect(mkdir(home.url.path + "/t", 0o700) == 0)
    let made = try await primetime.run(inside: home, ["--db", "t/target.db"], script: "set 2\nfav")
    #expect(made.status == 0, "\(made.stderrText)")
    #expect(symlink("t/target.db", home.url.path + "/rel.db") == 0)
    let sidecar = home.url.path + "/t/target.db-journal"
    #expect(FileManager.default.createFile(atPath: sidecar, contents: Data("notes\n".utf8)))

    let run = try await primetime.run(inside: home, ["--db", "rel.db"], script: "favorites")

    #expect(run.status == 1)
    #expect(
      run.stderrText
        == "primetime: \(sidecar) is not a file SQLite made for rel.db, but SQLite would take it for one and "
        + "overwrite or delete it; PrimeTime left both untouched. Move or rename \(sidecar), or choose another "
        + "database file.\n"
    )
    #expect(try Data(contentsOf: URL(fileURLWithPath: sidecar)) == Data("notes\n".utf8))
  }

  /// PrimeTime does not write such a file itself: `export`, `backup`, `--record` and `--log` refuse a name that
  /// is a sidecar's of an existing database, in one line, and create nothing.
  @Test func exportBackupRecordAndLogRefuseASidecarsNameOfAnotherDatabase() async throws {
    let home = try TemporaryHome()
    let made = try await primetime.run(inside: home, ["--db", "c.db"], script: "set 2\nfav")
    #expect(made.status == 0, "\(made.stderrText)")

    #expect(FileManager.default.createFile(atPath: home.url.appendingPathComponent("list.txt").path, contents: nil))
    let run = try await primetime.run(
      inside: home, ["--db", "other.db"],
      script: "export c.db-journal\nbackup c.db-wal\nexport notes.txt-shm\nexport list.txt-wal")

    #expect(
      run.stderrText
        == "primetime: line 1: Couldn't export the favorite primes: c.db-journal is where SQLite keeps the journal "
        + "file of c.db, and would delete it there; name another file.\n"
        + "primetime: line 2: Couldn't back up the favorite primes: c.db-wal is where SQLite keeps the wal file of "
        + "c.db, and would delete it there; name another file.\n"
    )
    let recorded = try await primetime.run(inside: home, ["--db", "other.db", "--record", "c.db-shm"], script: "+")
    #expect(recorded.status == 1)
    #expect(
      recorded.stderrText
        == "primetime: the recording file c.db-shm is where SQLite keeps the shm file of c.db, and would delete it "
        + "there; choose another path for '--record'.\n"
    )
    let logged = try await primetime.run(inside: home, ["--db", "other.db", "--log", "c.db-journal"], script: "+")
    #expect(logged.status == 1)
    #expect(
      logged.stderrText
        == "primetime: the log file c.db-journal is the database c.db or one of its files; choose another path for "
        + "'--log'.\n"
    )
    let files = try FileManager.default.contentsOfDirectory(atPath: home.url.path).filter { $0.hasPrefix("c.db") }
    #expect(files == ["c.db"])
    // Beside no file, or one that is no database, the name is an ordinary one.
    #expect(FileManager.default.fileExists(atPath: home.url.appendingPathComponent("notes.txt-shm").path))
    #expect(FileManager.default.fileExists(atPath: home.url.appendingPathComponent("list.txt-wal").path))
  }
}
