import ExecutableTestSupport
import Foundation
import SQLite
import Testing

import Platform

/// `--record FILE` refuses, as `--log` does, the files it could harm or confuse, whether they exist yet or not:
/// the database (given with `--db` or the default), its `-wal`, `-shm` and `-journal`, and the log's path. A
/// refused run says so in one line, exits with status 1, and creates and changes nothing.
@Suite("primetime --record FILE", .timeLimit(.minutes(5)))
struct PrimetimeRecordFileTests {
  let primetime = Executable("primetime")

  /// The line a recording in the database's place gets.
  private func partOfDatabase(_ record: String, _ database: String) -> String {
    "primetime: the recording file \(record) is the database \(database) or one of its files; choose another path "
      + "for '--record'."
  }

  @Test(arguments: ["hh.db", "./hh.db", "sub/../hh.db"])
  func theDatabaseItselfIsRefusedAndLeftByteIdentical(record: String) async throws {
    let home = try await TemporaryHome.withDatabase(madeBy: primetime)
    try FileManager.default.createDirectory(
      at: home.url.appendingPathComponent("sub"), withIntermediateDirectories: true
    )
    let database = home.url.appendingPathComponent("hh.db")
    let before = try bytesAndMode(of: database)

    let run = try await primetime.run(inside: home, ["--db", "hh.db", "--record", record], script: "set 11\nfav")

    expect(run, stdout: "", stderr: partOfDatabase(record, "hh.db"), status: 1)
    let after = try bytesAndMode(of: database)
    #expect(after.0 == before.0)
    #expect(after.1 == before.1)
    #expect(try home.contents() == ["hh.db", "sub"])
  }

  @Test(arguments: SidecarFile.allCases.map(\.suffix))
  func aFileOfTheDatabaseThatDoesNotExistYetIsRefusedAndNotCreated(suffix: String) async throws {
    let home = try await TemporaryHome.withDatabase(madeBy: primetime)
    let database = home.url.appendingPathComponent("hh.db")
    let before = try bytesAndMode(of: database)

    let run = try await primetime.run(
      inside: home, ["--db", "hh.db", "--record", "hh.db\(suffix)"], script: "set 11\nfav"
    )

    expect(run, stdout: "", stderr: partOfDatabase("hh.db\(suffix)", "hh.db"), status: 1)
    #expect(try bytesAndMode(of: database).0 == before.0)
    #expect(try home.contents() == ["hh.db"])
  }

  @Test(arguments: ["new.sqlite3", "new.sqlite3-wal", "x/../new.sqlite3-shm"])
  func aNewDatabaseIsNotMadeUnopenable(record: String) async throws {
    let home = try TemporaryHome()

    let run = try await primetime.run(inside: home, ["--db", "new.sqlite3", "--record", record], script: "set 7\nfav")

    expect(run, stdout: "", stderr: partOfDatabase(record, "new.sqlite3"), status: 1)
    #expect(try home.contents() == [])
  }

  @Test func theDefaultDatabaseIsRefusedEvenInTheSandbox() async throws {
    let home = try TemporaryHome()
    let wal = home.defaultDatabase.path + "-wal"

    let run = try await primetime.run(["--sandbox", "--record", wal], in: home, script: "set 7")

    expect(run, stdout: "", stderr: partOfDatabase(wal, home.defaultDatabase.path), status: 1)
    #expect(try home.contents() == [])
  }

  @Test func aWalNamedThroughASymbolicLinkToTheDatabaseIsRefused() async throws {
    let home = try await TemporaryHome.withDatabase(madeBy: primetime)
    try FileManager.default.createSymbolicLink(
      atPath: home.url.appendingPathComponent("lnk.db").path, withDestinationPath: "hh.db"
    )
    let before = try bytesAndMode(of: home.url.appendingPathComponent("hh.db"))

    let run = try await primetime.run(inside: home, ["--db", "lnk.db", "--record", "hh.db-wal"], script: "set 7\nfav")

    expect(run, stdout: "", stderr: partOfDatabase("hh.db-wal", "lnk.db"), status: 1)
    #expect(try bytesAndMode(of: home.url.appendingPathComponent("hh.db")).0 == before.0)
    #expect(try home.contents() == ["hh.db", "lnk.db"])
  }

  @Test(arguments: ["same.log", "./same.log"])
  func theLogsPathIsRefusedAndNeitherFileIsMade(record: String) async throws {
    let home = try TemporaryHome()

    let run = try await primetime.run(
      inside: home, ["--sandbox", "--log", "same.log", "--record", record], script: "set 7"
    )

    expect(
      run, stdout: "",
      stderr: "primetime: the recording file \(record) is the log file same.log; choose another path for '--record'.",
      status: 1
    )
    #expect(try home.contents() == [])
  }

  @Test func anExistingFileIsRefusedBeforeTheDatabaseOrTheLogIsMade() async throws {
    let home = try TemporaryHome()
    let existing = home.url.appendingPathComponent("run.jsonl")
    try Data("keep\n".utf8).write(to: existing)

    let run = try await primetime.run(
      inside: home, ["--db", "new.db", "--log", "new.log", "--record", "run.jsonl"], script: "set 7\nfav"
    )

    expect(
      run, stdout: "",
      stderr: "primetime: the recording file run.jsonl already exists, and '--record' never replaces a file; choose "
        + "another path for '--record'.",
      status: 1
    )
    #expect(try Data(contentsOf: existing) == Data("keep\n".utf8))
    #expect(try home.contents() == ["run.jsonl"])
  }

  /// `--log -` is standard error; a recording never goes to a standard stream, so `-` is refused, not made.
  @Test func aDashIsRefusedAndNoFileNamedDashIsMade() async throws {
    let home = try TemporaryHome()

    let run = try await primetime.run(inside: home, ["--db", "new.db", "--record", "-"], script: "set 7")

    expect(
      run, stdout: "",
      stderr: "primetime: '--record' writes a file, not a standard stream; give a file's path, like '--record "
        + "run.jsonl' (or './-' for a file named '-').",
      status: 1
    )
    #expect(try home.contents() == [])
  }

  @Test func aRecordingThatCannotBeMadeStopsPrimetimeBeforeTheDatabaseIsMade() async throws {
    let home = try TemporaryHome()

    let run = try await primetime.run(inside: home, ["--db", "new.db", "--record", "nodir/run.jsonl"], script: "set 7")

    expect(
      run, stdout: "",
      stderr: "primetime: can't create the recording file nodir/run.jsonl: no such file or directory; choose another "
        + "path for '--record'.",
      status: 1
    )
    #expect(try home.contents() == [])
  }

  @Test func aDatabaseThatIsRefusedLeavesNoRecordingBehind() async throws {
    let home = try TemporaryHome()
    try Data("not a database\n".utf8).write(to: home.url.appendingPathComponent("notes.txt"))

    let run = try await primetime.run(inside: home, ["--db", "notes.txt", "--record", "run.jsonl"], script: "set 7")

    #expect(run.status == 1)
    #expect(run.stderrText.hasPrefix("primetime: notes.txt is not a SQLite database"))
    #expect(try home.contents() == ["notes.txt"])
  }

  /// At a terminal the line editor would read the recording as its history and append each command to it.
  /// In the sandbox too, which keeps no history: the next session that is not sandboxed would append to it.
  @Test(arguments: [[], ["--sandbox"]])
  func theHistoryFileIsRefusedEvenBeforeItExists(options: [String]) async throws {
    let home = try TemporaryHome()
    let state = home.url.appendingPathComponent(".local/state/primetime")
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    let history = state.appendingPathComponent("history").path

    let run = try await primetime.run(options + ["--record", history], in: home, script: "+")

    expect(
      run, stdout: "",
      stderr: "primetime: the recording file \(history) is the history of the commands typed at the prompt; choose "
        + "another path for '--record'.",
      status: 1
    )
    // Nor is the database made (by default under .local/share).
    #expect(try home.contents() == [".local", ".local/state", ".local/state/primetime"])
  }

  /// A recording that can't be made stops the run before the log is opened: no log is made, and an existing
  /// one keeps its mode.
  @Test func aRecordingThatCannotBeMadeLeavesTheLogAlone() async throws {
    let home = try TemporaryHome()
    let existing = home.url.appendingPathComponent("old.log")
    try Data("old\n".utf8).write(to: existing)
    chmod(existing.path, 0o644)

    for log in ["new.log", "old.log"] {
      let run = try await primetime.run(
        inside: home, ["--sandbox", "--log", log, "--record", "nodir/x.jsonl"], script: "+"
      )
      expect(
        run, stdout: "",
        stderr: "primetime: can't create the recording file nodir/x.jsonl: no such file or directory; choose another "
          + "path for '--record'.",
        status: 1
      )
    }
    #expect(try home.contents() == ["old.log"])
    #expect(try bytesAndMode(of: existing) == (Data("old\n".utf8), 0o644))
  }

  /// A log that can't be opened stops the run after the recording was made: the recording is removed.
  @Test func aLogThatCannotBeOpenedLeavesNoRecordingBehind() async throws {
    let home = try TemporaryHome()

    let run = try await primetime.run(
      inside: home, ["--sandbox", "--log", "nodir/p.log", "--record", "run.jsonl"], script: "+"
    )

    #expect(run.status == 1)
    #expect(run.stderrText.hasPrefix("primetime: can't open the log file nodir/p.log: "))
    #expect(try home.contents() == [])
  }

  /// Made with mode 0600 whatever the umask: 0777 would leave even its owner unable to read it.
  @Test(arguments: ["077", "777"])
  func theRecordingIsMadeWithMode0600WhateverTheUmask(umask: String) async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(
      ["--sandbox", "--record", "run.jsonl"], input: "+\n", environment: home.environment,
      launcher: ["/bin/sh", "-c", "cd \"$HOME\" && umask \(umask) && exec \"$0\" \"$@\""]
    )

    #expect(run.status == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: home.url.appendingPathComponent("run.jsonl").path)
    #expect(attributes[.posixPermissions] as? Int == 0o600)
  }
}
