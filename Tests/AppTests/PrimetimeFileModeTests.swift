import ExecutableTestSupport
import Foundation
import Testing

/// The database `primetime` creates is private like everything else it writes (its export, backup, log,
/// recording and history are 0600): the file at 0600 and the directories made for it at 0700, under the
/// usual umask 022; a database that exists keeps its mode.
@Suite("primetime makes its database private", .timeLimit(.minutes(2)))
struct PrimetimeFileModeTests {
  let primetime = Executable("primetime")

  /// Runs `script` with umask 022, inside `home` (its working directory too).
  private func run(_ arguments: [String], in home: TemporaryHome, script: String) async throws -> ExecutableRun {
    try await primetime.run(
      arguments,
      input: script + "\n",
      environment: home.environment,
      launcher: ["/bin/sh", "-c", "umask 022 && cd \"$HOME\" && exec \"$0\" \"$@\""],
      timeout: .seconds(60)
    )
  }

  /// The permission bits of the file at `path`.
  private func mode(_ path: String) -> mode_t? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return status.st_mode & 0o777
  }

  @Test func theDefaultDatabaseAndItsDirectoriesAreCreatedPrivate() async throws {
    let home = try TemporaryHome()
    let run = try await run([], in: home, script: "set 7\nfav\nsave")
    #expect(run.status == 0, "\(run.stderrText)")
    let database = home.defaultDatabase.path
    #expect(mode(database) == 0o600)
    for directory in [".local", ".local/share", ".local/share/primetime"] {
      #expect(mode(home.url.path + "/" + directory) == 0o700, "\(directory)")
    }
  }

  @Test func aDatabaseNamedWithDbIsCreatedPrivate() async throws {
    let home = try TemporaryHome()
    let run = try await run(["--db", "new/p.sqlite3"], in: home, script: "set 7\nfav")
    #expect(run.status == 0, "\(run.stderrText)")
    #expect(mode(home.url.path + "/new/p.sqlite3") == 0o600)
    #expect(mode(home.url.path + "/new") == 0o700)
  }

  /// Found by the outside round: through a symbolic link to no file yet, the database SQLite made had the
  /// umask's mode (0644), and so had its `-wal` and `-shm`. Now the file the link names is made private, in
  /// directories made for it as for any new database; the link stays a link.
  @Test func aDatabaseMadeThroughALinkToNoFileYetIsCreatedPrivate() async throws {
    let home = try TemporaryHome()
    #expect(mkdir(home.url.path + "/links", 0o700) == 0)
    #expect(symlink("../data/target.db", home.url.path + "/links/link.db") == 0)
    let made = try await run(["--db", "links/link.db"], in: home, script: "set 7\nfav")
    #expect(made.status == 0, "\(made.stderrText)")
    #expect(mode(home.url.path + "/data/target.db") == 0o600)
    #expect(mode(home.url.path + "/data") == 0o700)
    var status = stat()
    #expect(lstat(home.url.path + "/links/link.db", &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
    let again = try await run(["--db", "links/link.db"], in: home, script: "favorites")
    #expect(again.stdoutText.hasPrefix("1. 7"), "\(again.stdoutText)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.url.path + "/data") == ["target.db"])
  }

  @Test func anExistingDatabaseKeepsItsMode() async throws {
    let home = try await TemporaryHome.withDatabase(madeBy: primetime)
    let path = home.url.path + "/hh.db"
    chmod(path, 0o644)
    let run = try await run(["--db", "hh.db"], in: home, script: "set 11\nfav\nsave")
    #expect(run.status == 0, "\(run.stderrText)")
    #expect(mode(path) == 0o644)
  }
}
