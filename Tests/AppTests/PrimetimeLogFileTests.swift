import ExecutableTestSupport
import Foundation
import SQLite
import Testing

import Platform

/// `--log` opens only a regular file of its own: never a FIFO (which would block), a device or a symbolic
/// link; an existing file is made private (0600); and the log never takes the place of a closed standard
/// output or error.
@Suite("primetime --log", .timeLimit(.minutes(5)))
struct PrimetimeLogFileTests {
  let primetime = Executable("primetime")

  @Test func aFifoIsRefusedAtOnceAndLeftAlone() async throws {
    let home = try TemporaryHome()
    let fifo = home.url.appendingPathComponent("log.fifo")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let run = try await primetime.run(
      ["--sandbox", "--log", fifo.path], input: "+\n", environment: home.environment, timeout: .seconds(10)
    )
    expect(
      run,
      stdout: "",
      stderr: "primetime: the log file \(fifo.path) is not a regular file; choose a file path for '--log'.",
      status: 1
    )
    #expect(try home.contents() == ["log.fifo"])
  }

  @Test(arguments: ["/dev/full", "/dev/null", "/tmp"])
  func anythingButARegularFileIsRefused(path: String) async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(["--sandbox", "--log", path], in: home, script: "+")
    expect(
      run,
      stdout: "",
      stderr: "primetime: the log file \(path) is not a regular file; choose a file path for '--log'.",
      status: 1
    )
  }

  @Test func aSymbolicLinkIsRefusedAndItsTargetUntouched() async throws {
    let home = try TemporaryHome()
    let target = home.url.appendingPathComponent("target")
    try Data("keep\n".utf8).write(to: target)
    let link = home.url.appendingPathComponent("pw.log")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let run = try await primetime.run(["--sandbox", "--log", link.path], in: home, script: "+")
    expect(
      run,
      stdout: "",
      stderr: "primetime: the log file \(link.path) is a symbolic link; give '--log' the path of a regular file.",
      status: 1
    )
    #expect(try Data(contentsOf: target) == Data("keep\n".utf8))
  }

  @Test func anExistingLogReadableByOthersIsMadePrivate() async throws {
    let home = try TemporaryHome()
    let log = home.url.appendingPathComponent("primetime.log")
    try Data("earlier\n".utf8).write(to: log)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: log.path)
    let run = try await primetime.run(["--sandbox", "--log", log.path], in: home, script: "+")
    expect(run, stdout: "- 1 +\nIs this prime?\nWhat is the 1st prime?")
    let attributes = try FileManager.default.attributesOfItem(atPath: log.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    #expect(try String(contentsOf: log, encoding: .utf8).hasPrefix("earlier\nreceived action: AppAction.launched\n"))
  }

  @Test func withStandardOutputClosedTheLogGetsNoScreenOutput() async throws {
    let home = try TemporaryHome()
    let log = home.url.appendingPathComponent("primetime.log")
    let run = try await primetime.run(
      ["--sandbox", "--log", log.path],
      input: "+\n",
      environment: home.environment,
      launcher: ["/bin/sh", "-c", "exec \"$0\" \"$@\" >&-"]
    )
    expect(run, stdout: "", stderr: "primetime: can't write to standard output: bad file descriptor", status: 1)
    let text = try String(contentsOf: log, encoding: .utf8)
    #expect(text.hasPrefix("received action: AppAction.launched\n"))
    #expect(!text.contains("- 1 +"))
  }

  @Test func withStandardErrorClosedTheLogGetsNoErrors() async throws {
    let home = try TemporaryHome()
    let log = home.url.appendingPathComponent("primetime.log")
    let run = try await primetime.run(
      ["--sandbox", "--log", log.path],
      input: "bogus\n+\n",
      environment: home.environment,
      launcher: ["/bin/sh", "-c", "exec \"$0\" \"$@\" 2>&-"]
    )
    expect(run, stdout: "- 1 +\nIs this prime?\nWhat is the 1st prime?", status: 1)
    let text = try String(contentsOf: log, encoding: .utf8)
    #expect(text.hasPrefix("received action: AppAction.launched\n"))
    #expect(!text.contains("bogus"))
  }

  @Test func aLogThatCannotBeWrittenIsReportedOnceAndTheStatusIsOne() async throws {
    let home = try TemporaryHome()
    let log = home.url.appendingPathComponent("primetime.log")
    // Files may grow to 8 blocks (4 KiB): the log, some 110 bytes a command, soon can't; standard output,
    // some 45 bytes a command, and standard error stay below.
    let run = try await primetime.run(
      ["--sandbox", "--log", log.path],
      input: String(repeating: "+\n", count: 50),
      environment: home.environment,
      launcher: ["/bin/sh", "-c", "ulimit -f 8 && exec \"$0\" \"$@\""],
      // The limit caps every file the session writes, a recording too: it would stop partway with a warning
      // of its own on standard error, beside the one line this test expects, and leave nothing whole to replay.
      sessionReplay: .skipped(because: "ulimit -f caps the recording as it caps the log")
    )
    #expect(run.exited)
    #expect(run.status == 1)
    #expect(run.stdoutLines.count == 3 * 50)
    #expect(run.stderrLines.count == 1)
    #expect(
      run.stderrLines == [
        "primetime: can't write to the log file \(log.path): the file size limit (ulimit -f) stops it from growing; "
          + "the log stops here, after its last whole entry."
      ]
    )
  }

  /// The file size limit stops the log at the end of its last whole entry: never inside a line or inside a
  /// UTF-8 character (the diffs' `−` and `…` take three bytes), whatever the limit.
  ///
  /// Standard output goes to a file the limit caps too: 42 commands write some 1.9 KiB of it, below 5 blocks.
  @Test(arguments: [5, 7, 9])
  func aLogStoppedByTheFileSizeLimitEndsWithItsLastWholeEntry(blocks: Int) async throws {
    let home = try TemporaryHome()
    let log = home.url.appendingPathComponent("primetime.log")
    let run = try await primetime.run(
      ["--sandbox", "--log", log.path],
      input: "set 7\nfav\n" + String(repeating: "+\n-\n", count: 20),
      environment: home.environment,
      launcher: ["/bin/sh", "-c", "ulimit -f \(blocks) && exec \"$0\" \"$@\""],
      sessionReplay: .skipped(because: "ulimit -f caps the recording as it caps the log")
    )
    #expect(run.exited && run.status == 1)
    #expect(run.stderrLines.count == 1)
    #expect(run.stderrText.contains("the file size limit (ulimit -f) stops it from growing"))
    let bytes = try Data(contentsOf: log)
    #expect(bytes.count <= blocks * 512)
    #expect(bytes.count > blocks * 512 - 1024, "the log stopped long before the limit")
    let text = try #require(String(validating: bytes, as: UTF8.self), "the log ends inside a character")
    #expect(text.hasSuffix("\n"))
    // What follows the last entry would be the next: every entry starts with the action it logs.
    #expect(text.hasPrefix("received action: "))
    #expect(!text.hasSuffix("received action: AppAction\n"))
    let lastEntry = try #require(text.dropLast().components(separatedBy: "\nreceived action: ").last)
    #expect(lastEntry.hasSuffix("(no state change)") || lastEntry.hasSuffix("  )"), "\(lastEntry)")
  }
}

/// `--log` writes the trace of the app's store: every action, those its effects send back included, with the
/// change it made to the state, never a dump of the whole state; `--log -` writes it to standard error.
@Suite("primetime --log trace", .timeLimit(.minutes(5)))
struct PrimetimeLogTraceTests {
  let primetime = Executable("primetime")

  @Test func theLogHoldsEachActionWithTheDiffOfTheStateItChanged() async throws {
    let home = try TemporaryHome()
    let log = home.url.appendingPathComponent("primetime.log")
    let run = try await primetime.run(["--sandbox", "--log", log.path], in: home, script: "+")
    expect(run, stdout: "- 1 +\nIs this prime?\nWhat is the 1st prime?")
    let text = try String(contentsOf: log, encoding: .utf8)
    let entries = text.components(separatedBy: "received action: ").dropFirst()
    let increment = try #require(entries.first { $0.hasPrefix("AppAction.counterView(.counter(.incrTapped))\n") })
    let lines = increment.split(separator: "\n").map(String.init)
    #expect(lines.contains("  AppState("))
    #expect(lines.contains("−     count: 0,"))
    #expect(lines.contains("+     count: 1,"))
    #expect(lines.contains("    …"))
    // Nothing but what changed: no field the action left alone.
    #expect(!increment.contains("favoritePrimes"))
    #expect(entries.first == "AppAction.launched\n  (no state change)\n")
    // The end is state too: the app's quit action records it.
    #expect(
      text.hasSuffix(
        "received action: AppAction.quitRequested\n  AppState(\n    …\n−   ending: nil\n+   ending: .lastSaveMade\n  )\n"
      )
    )
  }

  @Test func actionsSentBackByEffectsAreLoggedToo() async throws {
    let home = try TemporaryHome()
    let log = home.url.appendingPathComponent("primetime.log")
    let run = try await primetime.run(["--sandbox", "--log", log.path], in: home, script: "set 7\nfav")
    #expect(run.status == 0)
    let text = try String(contentsOf: log, encoding: .utf8)
    // The favourites loaded at launch and the activity of earlier sessions come back from effects.
    #expect(text.contains("received action: AppAction.favoritePrimes(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [], activity: [], favoritePrimesWereChecked: false)))"))
    #expect(text.contains("received action: AppAction.activityLoaded(ActivityPage(activity: [], hasEarlier: false))"))
    #expect(text.contains("+     favoritePrimes: FavoriteList(primes: [7], savesRunning: 1),"))
  }

  @Test func aDashLogsToStandardErrorAndMakesNoFile() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(inside: home, ["--sandbox", "--log", "-"], script: "+")
    #expect(run.status == 0)
    #expect(run.stdoutText == "- 1 +\nIs this prime?\nWhat is the 1st prime?\n")
    #expect(run.stderrText.hasPrefix("received action: AppAction.launched\n  (no state change)\n"))
    #expect(run.stderrLines.contains("+     count: 1,"))
    #expect(try home.contents() == [])
  }

  @Test func aDashAfterEqualsLogsToStandardErrorToo() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(inside: home, ["--sandbox", "--log=-"], script: "+")
    #expect(run.status == 0)
    #expect(run.stderrLines.contains("+     count: 1,"))
    #expect(try home.contents() == [])
  }

  @Test func aDashWithAStandardErrorThatCannotBeWrittenFails() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(
      ["--sandbox", "--log", "-"],
      input: "+\n",
      environment: home.environment,
      // In the home, so a '-' taken for a file name would land there, and be seen.
      launcher: ["/bin/sh", "-c", "cd \"$HOME\" && exec \"$0\" \"$@\" 2>/dev/full"]
    )
    expect(run, stdout: "- 1 +\nIs this prime?\nWhat is the 1st prime?", status: 1)
    #expect(try home.contents() == [])
  }
}

/// Output that can't be written is an error: reported once on standard error, status 1, as coreutils do;
/// the commands still run, so nothing asked for is lost.
@Suite("primetime write errors", .timeLimit(.minutes(5)))
struct PrimetimeWriteErrorTests {
  let primetime = Executable("primetime")

  @Test func aFullStandardOutputIsReportedOnceAndTheFavoritesAreStillSaved() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(
      [],
      input: "set 7\nfav\nset 11\nfav\n",
      environment: home.environment,
      launcher: ["/bin/sh", "-c", "exec \"$0\" \"$@\" >/dev/full"]
    )
    expect(run, stdout: "", stderr: "primetime: can't write to standard output: no space left on device", status: 1)
    let again = try await primetime.run(in: home, script: "favorites")
    expect(again, stdout: "1. 7\n2. 11")
    #expect(try home.contents().filter { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") } == [])
  }

  @Test(arguments: [["--help"], ["--version"]])
  func helpOrVersionThatCannotBeWrittenFail(arguments: [String]) async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(
      arguments,
      input: nil,
      environment: home.environment,
      launcher: ["/bin/sh", "-c", "exec \"$0\" \"$@\" >/dev/full"]
    )
    expect(run, stdout: "", stderr: "primetime: can't write to standard output: no space left on device", status: 1)
  }

  @Test func aClosedStandardOutputIsReportedOnce() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(
      ["--sandbox"],
      input: "+\n+\n",
      environment: home.environment,
      launcher: ["/bin/sh", "-c", "exec \"$0\" \"$@\" >&-"]
    )
    expect(run, stdout: "", stderr: "primetime: can't write to standard output: bad file descriptor", status: 1)
  }
}

/// `--log` never writes into a database: neither the one in use (or its `-wal`, `-shm` or `-journal`,
/// by path or by inode) nor any file that starts with SQLite's header.
@Suite("primetime --log and databases", .timeLimit(.minutes(5)))
struct PrimetimeLogIsNeverADatabaseTests {
  let primetime = Executable("primetime")

  @Test(arguments: ["hh.db", "./hh.db", "sub/../hh.db"])
  func theDatabaseItselfIsRefusedAsTheLogAndLeftByteIdentical(log: String) async throws {
    let home = try await TemporaryHome.withDatabase(madeBy: primetime)
    try FileManager.default.createDirectory(
      at: home.url.appendingPathComponent("sub"), withIntermediateDirectories: true
    )
    let database = home.url.appendingPathComponent("hh.db")
    let before = try bytesAndMode(of: database)
    let run = try await primetime.run(inside: home, ["--db", "hh.db", "--log", log], script: "set 7")
    expect(
      run,
      stdout: "",
      stderr: "primetime: the log file \(log) is the database hh.db or one of its files; "
        + "choose another path for '--log'.",
      status: 1
    )
    let after = try bytesAndMode(of: database)
    #expect(after.0 == before.0)
    #expect(after.1 == before.1)
    #expect(try home.contents() == ["hh.db", "sub"])
  }

  @Test(arguments: SidecarFile.allCases.map(\.suffix))
  func aFileOfTheDatabaseIsRefusedAsTheLogAndNotCreated(suffix: String) async throws {
    let home = try await TemporaryHome.withDatabase(madeBy: primetime)
    let database = home.url.appendingPathComponent("hh.db")
    let before = try Data(contentsOf: database)
    let log = home.url.appendingPathComponent("hh.db\(suffix)").path
    let run = try await primetime.run(inside: home, ["--db", "hh.db", "--log", log], script: "set 11\nfav")
    expect(
      run,
      stdout: "",
      stderr: "primetime: the log file \(log) is the database hh.db or one of its files; "
        + "choose another path for '--log'.",
      status: 1
    )
    #expect(try Data(contentsOf: database) == before)
    #expect(try home.contents() == ["hh.db"])
  }

  @Test func aHardLinkToTheDatabaseIsRefusedAsTheLog() async throws {
    let home = try await TemporaryHome.withDatabase(madeBy: primetime)
    let database = home.url.appendingPathComponent("hh.db")
    #expect(link(database.path, home.url.appendingPathComponent("hard.log").path) == 0)
    let before = try bytesAndMode(of: database)
    let run = try await primetime.run(inside: home, ["--db", "hh.db", "--log", "hard.log"], script: "set 7")
    expect(
      run,
      stdout: "",
      stderr: "primetime: the log file hard.log is the database hh.db or one of its files; "
        + "choose another path for '--log'.",
      status: 1
    )
    let after = try bytesAndMode(of: database)
    #expect(after.0 == before.0)
    #expect(after.1 == before.1)
  }

  @Test func anySQLiteDatabaseIsRefusedAsTheLogEvenInTheSandbox() async throws {
    let home = try await TemporaryHome.withDatabase(madeBy: primetime)
    let database = home.url.appendingPathComponent("hh.db")
    #expect(link(database.path, home.url.appendingPathComponent("hard.log").path) == 0)
    let before = try bytesAndMode(of: database)
    let run = try await primetime.run(inside: home, ["--sandbox", "--log", "hard.log"], script: "set 7")
    expect(
      run,
      stdout: "",
      stderr: "primetime: the log file hard.log is a SQLite database; choose another path for '--log'.",
      status: 1
    )
    let after = try bytesAndMode(of: database)
    #expect(after.0 == before.0)
    #expect(after.1 == before.1)
  }
  @Test func aWalNamedThroughASymbolicLinkToTheDatabaseIsRefusedAsTheLog() async throws {
    let home = try await TemporaryHome.withDatabase(madeBy: primetime)
    try FileManager.default.createSymbolicLink(
      atPath: home.url.appendingPathComponent("lnk.db").path, withDestinationPath: "hh.db"
    )
    let before = try bytesAndMode(of: home.url.appendingPathComponent("hh.db"))
    let run = try await primetime.run(inside: home, ["--db", "lnk.db", "--log", "hh.db-wal"], script: "set 7\nfav")
    expect(
      run,
      stdout: "",
      stderr: "primetime: the log file hh.db-wal is the database lnk.db or one of its files; "
        + "choose another path for '--log'.",
      status: 1
    )
    let after = try bytesAndMode(of: home.url.appendingPathComponent("hh.db"))
    #expect(after.0 == before.0)
    #expect(after.1 == before.1)
    #expect(try home.contents() == ["hh.db", "lnk.db"])
  }

  @Test func aFileOfADatabaseBehindADirectoryNotYetMadeIsRefusedAsTheLog() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(
      inside: home, ["--db", "./x/../new2.db", "--log", "new2.db-shm"], script: "set 7\nfav"
    )
    expect(
      run,
      stdout: "",
      stderr: "primetime: the log file new2.db-shm is the database ./x/../new2.db or one of its files; "
        + "choose another path for '--log'.",
      status: 1
    )
    #expect(try home.contents() == [])
  }

  @Test(arguments: [UInt8(0x82), UInt8(0x83)])
  func theWriteAheadLogOfAnotherDatabaseIsRefusedAsTheLogAndLeftAlone(lastMagicByte: UInt8) async throws {
    let home = try TemporaryHome()
    let wal = home.url.appendingPathComponent("other.db-wal")
    let bytes = Data([0x37, 0x7F, 0x06, lastMagicByte] + [UInt8](repeating: 0, count: 28))
    try bytes.write(to: wal)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: wal.path)
    let run = try await primetime.run(inside: home, ["--sandbox", "--log", "other.db-wal"], script: "set 7")
    expect(
      run,
      stdout: "",
      stderr: "primetime: the log file other.db-wal is a SQLite write-ahead log; choose another path for '--log'.",
      status: 1
    )
    let after = try bytesAndMode(of: wal)
    #expect(after.0 == bytes)
    #expect(after.1 == 0o644)
  }

  @Test func aLogWithAnotherHardLinkIsRefusedAndLeftAlone() async throws {
    let home = try TemporaryHome()
    let target = home.url.appendingPathComponent("target")
    try Data("keep\n".utf8).write(to: target)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target.path)
    #expect(link(target.path, home.url.appendingPathComponent("linked.log").path) == 0)
    let run = try await primetime.run(inside: home, ["--sandbox", "--log", "linked.log"], script: "set 7")
    expect(
      run,
      stdout: "",
      stderr: "primetime: the log file linked.log has another name (a hard link); "
        + "choose another path for '--log'.",
      status: 1
    )
    let after = try bytesAndMode(of: target)
    #expect(after.0 == Data("keep\n".utf8))
    #expect(after.1 == 0o644)
  }
}
