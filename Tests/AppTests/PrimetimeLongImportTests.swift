import ExecutableTestSupport
import Foundation
import SQLite
import Testing

import Platform

/// A long import or backup stops: on Ctrl-C at a terminal, where its waiting line shows how far it got, and on a
/// signal, which then ends `primetime` as promptly as ever. What it stopped changed nothing: the favourites
/// saved before it are all the database holds, in its one file, and one line says so.
@Suite("primetime and a long import", .timeLimit(.minutes(2)))
struct PrimetimeLongImportTests {
  let primetime = Executable("primetime")
  /// What a stopped import of the file at `path` says.
  func stopped(_ path: String) -> String {
    "Stopped importing \(path): none of its primes were added; the favorite primes are as they were before it."
  }
  /// Enough primes that a debug build stores them for seconds, generated here in a fraction of one.
  let count = 200_000

  /// `big.txt` in `home`, the first `count` primes one a line; returns its path.
  private func writeBigFile(in home: TemporaryHome) throws -> String {
    let text = firstPrimes(count).map(String.init).joined(separator: "\n") + "\n"
    let url = home.url.appendingPathComponent("big.txt")
    try text.write(to: url, atomically: false, encoding: .utf8)
    return url.path
  }

  /// Sends `signal` to `running` from a thread of its own once the database's `-wal` holds at least a
  /// megabyte (the import's save is under way), and returns when; nil, with the issue recorded, if it never
  /// does. The test's task, on a busy machine, could look only after the save is done.
  private func signalDuringTheImportsSave(
    _ signal: Int32, to running: RunningExecutable, database: String
  ) async -> ContinuousClock.Instant? {
    await act(once: "the import's save starts", {
      (try? FileManager.default.attributesOfItem(atPath: database + "-wal")[.size] as? Int) ?? 0 >= 1 << 20
    }) {
      running.send(signal: signal)
    }
  }

  @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
  func aSignalDuringALongImportAbandonsItLeavingOneFileAndTheFavoritesBeforeIt(signal: Int32) async throws {
    let home = try TemporaryHome()
    let big = try writeBigFile(in: home)
    let database = home.url.appendingPathComponent("p.sqlite3").path
    let running = try RunningExecutable(
      primetime, arguments: ["--db", database], environment: home.environment,
      sessionReplay: .skipped(because: "a recording of a long import is too large to replay within the test"))
    try running.write("set 7\nfav\n")
    try await running.waitForOutput("Remove from favorite primes")
    try running.write("import \(big)\n")
    guard let signalled = await signalDuringTheImportsSave(signal, to: running, database: database) else { return }
    let run = try await running.waitForExit()
    let took = ContinuousClock.now - signalled

    #expect(!run.exited && run.status == signal)
    // Well inside the 7 seconds after which a signal ends the process whatever runs (the old import ran into
    // them); a loaded machine may take a few seconds to start and stop a process.
    #expect(took < .seconds(6), "the end took \(took)")
    #expect(run.stderrText == "primetime: \(stopped(big))\n")
    #expect(try home.contents() == ["big.txt", "p.sqlite3"])
    let favorites = try await primetime.run(["--db", database], in: home, script: "favorites").stdoutText
    #expect(favorites == "1. 7\n")
  }

  @Test func ctrlCDuringALongImportAtATerminalStopsItAfterShowingItsProgress() async throws {
    let home = try TemporaryHome()
    let big = try writeBigFile(in: home)
    let database = home.url.appendingPathComponent("p.sqlite3").path
    _ = try await primetime.run(["--db", database], in: home, script: "set 7\nfav")
    let terminal = try PseudoTerminal(
      primetime, arguments: ["--db", database],
      environment: home.environment.merging(["TERM": "xterm", "NO_COLOR": "1"]) { _, given in given },
      columns: 200,
      sessionReplay: .skipped(because: "a recording of a long import is too large to replay within the test"))
    _ = try await terminal.waitFor("count 0> ")
    // Typed by the terminal's reader as the progress shows: this test's task, on a busy machine, could be late.
    terminal.type("\u{03}", onceItShows: " primes stored  (Ctrl-C stops)")
    try terminal.type("import \(big)\r")
    _ = try await terminal.waitFor(" primes stored  (Ctrl-C stops)")
    let pressed = ContinuousClock.now
    _ = try await terminal.waitFor(stopped(big))
    let took = ContinuousClock.now - pressed
    _ = try await terminal.waitFor("favorites (1)> ")
    try terminal.type("favorites\r")
    _ = try await terminal.waitFor("\r\n1. 7\r\n")
    try terminal.type("\u{04}")

    #expect(try await terminal.waitForExit() == .exited(0))
    #expect(took < .seconds(5), "the stop took \(took)")  // the old import could not be stopped at all
    #expect(terminal.output.contains("Importing \(big)… "))
    // 7 is a favourite already: the rest join.
    #expect(terminal.output.contains(" of 199,999 primes stored  (Ctrl-C stops)"))
    #expect(try home.contents().filter { $0.hasPrefix("p.sqlite3") } == ["p.sqlite3"])
  }

  @Test func aSignalDuringALongBackupStopsItLeavingNoCopyAndSaysSo() async throws {
    let home = try TemporaryHome()
    let database = home.url.appendingPathComponent("p.sqlite3").path
    _ = try await primetime.run(["--db", database], in: home, script: "set 7\nfav")
    // 250 MB in a table PrimeTime lets be, written at SQLite's speed: a copy of it takes long enough for the
    // signal to reach `primetime` while it copies, even when the machine is busy.
    let padding = try Connection(path: database, mode: .readWrite)
    try padding.execute("CREATE TABLE padding (bytes BLOB)")
    try padding.execute(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 250000) "
        + "INSERT INTO padding SELECT randomblob(1000) FROM n")
    _ = consume padding
    let copy = home.url.appendingPathComponent("copy.db").path
    let running = try RunningExecutable(primetime, arguments: ["--db", database], environment: home.environment)
    try running.write("backup \(copy)\n")
    // The copy is under way once its hidden file is made: the signal goes then, from a thread of its own (the
    // test's task, on a busy machine, once looked only after the copy was done).
    let started = await act(once: "the backup's hidden copy is made", {
      (try? home.contents())?.contains { $0.hasPrefix(".primetime-backup-") } == true
    }) {
      running.send(signal: SIGTERM)
    }
    guard let signalled = started else { return }
    let run = try await running.waitForExit()
    let took = ContinuousClock.now - signalled

    #expect(!run.exited && run.status == SIGTERM)
    // Well inside the 7 seconds after which a signal ends the process whatever runs (the old import ran into
    // them); a loaded machine may take a few seconds to start and stop a process.
    #expect(took < .seconds(6), "the end took \(took)")
    #expect(run.stderrText == "primetime: Stopped the backup: no copy was made at \(copy).\n")
    #expect(try home.contents() == ["p.sqlite3"])
  }
}
