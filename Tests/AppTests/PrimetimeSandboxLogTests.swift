import ExecutableTestSupport
import Foundation
import SQLite
import Testing

/// `--sandbox` reads and writes no database, but the default database is still the one a plain `primetime`
/// opens next: a log is never written there, nor beside it as its `-wal`, `-shm` or `-journal`.
@Suite("primetime --sandbox --log", .timeLimit(.minutes(5)))
struct PrimetimeSandboxLogTests {
  let primetime = Executable("primetime")

  @Test(arguments: SidecarFile.suffixesWithDatabase)
  func theDefaultDatabaseAndItsFilesAreRefusedAsTheLogInTheSandboxToo(suffix: String) async throws {
    let home = try TemporaryHome()
    let database = home.defaultDatabase.path
    let run = try await primetime.run(["--sandbox", "--log", database + suffix], in: home, script: "set 7")
    expect(
      run,
      stdout: "",
      stderr: "primetime: the log file \(database + suffix) is the database \(database) or one of its files; "
        + "choose another path for '--log'.",
      status: 1
    )
    #expect(try home.contents() == [])
  }
}
