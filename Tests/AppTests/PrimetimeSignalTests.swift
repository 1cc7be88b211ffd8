import ExecutableTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How a signal ends a program of this package once it has cleaned up: SIGQUIT and SIGXCPU, whose default
/// would dump core, with status 128 + the signal's number; the others by the signal itself, put back to its
/// default, so a shell sees what it expects (a script stops on Ctrl-C).
func cleanEnd(after signal: Int32) -> PseudoTerminal.Termination {
  signal == SIGQUIT || signal == SIGXCPU
    ? PseudoTerminal.Termination.exited(128 + signal) : PseudoTerminal.Termination.signaled(signal)
}

/// Signals end `primetime` cleanly: the terminal is put back, the database is closed (the main file alone
/// holds every favourite, no -wal or -shm is left), the end is the conventional one (`cleanEnd(after:)`), and
/// nothing (no crash report) is written.
@Suite("primetime and signals")
struct PrimetimeSignalTests {
  let primetime = Executable("primetime")

  /// The favourites a fresh `primetime` finds in a copy of `database` alone, without its -wal or -shm.
  private func favoritesInACopyOfTheMainFile(_ database: URL) async throws -> String {
    let elsewhere = try TemporaryHome()
    let copy = elsewhere.url.appendingPathComponent("copy.sqlite3")
    try FileManager.default.copyItem(at: database, to: copy)
    let run = try await primetime.run(["--db", copy.path], in: elsewhere, script: "favorites")
    return run.stdoutText
  }

  /// Starts `primetime` piped on a database in `home`, favours 7 and 11, and waits until both are saved.
  private func startWithTwoFavorites(in home: TemporaryHome) async throws -> RunningExecutable {
    let database = home.url.appendingPathComponent("p.sqlite3")
    let running = try RunningExecutable(primetime, arguments: ["--db", database.path], environment: home.environment)
    try running.write("set 7\nfav\nset 11\nfav\n")
    // Each command's output comes once its effects, the save included, have finished.
    try await running.waitForOutput("Remove from favorite primes", count: 2)
    return running
  }

  @Test(arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGALRM, SIGVTALRM, SIGXCPU])
  func aSignalWhilePipedClosesTheDatabaseAndEnds(signal: Int32) async throws {
    let home = try TemporaryHome()
    let running = try await startWithTwoFavorites(in: home)
    running.send(signal: signal)
    let run = try await running.waitForExit(timeout: .seconds(10))

    let end = run.exited ? PseudoTerminal.Termination.exited(run.status) : .signaled(run.status)
    #expect(end == cleanEnd(after: signal))
    #expect(run.stderrText == "")
    #expect(try home.contents() == ["p.sqlite3"])
    #expect(try await favoritesInACopyOfTheMainFile(home.url.appendingPathComponent("p.sqlite3")) == "1. 7\n2. 11\n")
  }

  @Test func sigpipeIsIgnoredAndTheSessionGoesOn() async throws {
    let home = try TemporaryHome()
    let running = try await startWithTwoFavorites(in: home)
    running.send(signal: SIGPIPE)
    try running.write("favorites\n")
    try await running.waitForOutput("2. 11\n")
    try running.closeInput()
    let run = try await running.waitForExit(timeout: .seconds(10))

    #expect(run.exited && run.status == 0)
    #expect(run.stderrText == "")
    #expect(try home.contents() == ["p.sqlite3"])
  }

  @Test func aClosedPipeOnStandardOutputEndsQuietlyWithTheDatabaseClosed() async throws {
    let home = try TemporaryHome()
    let database = home.url.appendingPathComponent("p.sqlite3")
    let script = "set 7\nfav\n" + String(repeating: "help\n", count: 200) + "set 11\nfav\n"
    let run = try await primetime.run(
      ["--db", database.path],
      input: script,
      environment: home.environment,
      // primetime's own status goes to standard error, after whatever it wrote there itself (nothing).
      launcher: ["/bin/sh", "-c", "{ \"$0\" \"$@\"; echo \"status $?\" >&2; } | head -c 1 >/dev/null"]
    )
    #expect(run.stderrText == "status 141\n")
    #expect(try home.contents() == ["p.sqlite3"])
    #expect(try await favoritesInACopyOfTheMainFile(database) == "1. 7\n2. 11\n")
  }
}

/// `primetime` at a terminal: a signal at the prompt puts the terminal back and closes the database.
@Suite("primetime and signals in a terminal")
struct PrimetimeTerminalSignalTests {
  private func start(in home: TemporaryHome, term: String = "xterm") throws -> PseudoTerminal {
    try PseudoTerminal(
      Executable("primetime"),
      arguments: ["--db", home.url.appendingPathComponent("p.sqlite3").path],
      environment: ["HOME": home.url.path, "TERM": term, "TZ": "UTC", "NO_COLOR": "1"]
    )
  }

  @Test(arguments: [SIGQUIT, SIGTERM, SIGUSR1])
  func aSignalAtTheLineEditorsPromptRestoresTheTerminalAndClosesTheDatabase(signal: Int32) async throws {
    let home = try TemporaryHome()
    let terminal = try start(in: home)
    try await terminal.waitFor("count 0> ")
    try terminal.type("set 7\r")
    try await terminal.waitFor("count 7> ")
    try terminal.type("fav\r")
    try await terminal.waitFor("Remove from favorite primes")
    try await terminal.waitFor("count 7> ")
    #expect(terminal.isInRawMode == true)
    terminal.send(signal: signal)

    #expect(try await terminal.waitForExit(timeout: .seconds(10)) == cleanEnd(after: signal))
    #expect(terminal.isInNormalMode == true)
    #expect(!terminal.output.contains("Press space"))
    #expect(!terminal.output.contains("Crash"))
    #expect(try home.contents().filter { $0.hasPrefix("p.sqlite3") } == ["p.sqlite3"])
  }

  @Test func sigpipeAtTheLineEditorsPromptIsIgnored() async throws {
    let home = try TemporaryHome()
    let terminal = try start(in: home)
    try await terminal.waitFor("count 0> ")
    terminal.send(signal: SIGPIPE)
    try terminal.type("set 7\r")
    try await terminal.waitFor("count 7> ")
    try terminal.type("\u{04}")

    #expect(try await terminal.waitForExit(timeout: .seconds(10)) == .exited(0))
    #expect(terminal.isInNormalMode == true)
  }

  @Test(arguments: [("\u{1C}", SIGQUIT), ("\u{03}", SIGINT)])
  func ctrlBackslashOrCtrlCWithoutTheLineEditorEndsCleanly(key: String, signal: Int32) async throws {
    let home = try TemporaryHome()
    let terminal = try start(in: home, term: "dumb")
    try await terminal.waitFor("count 0> ")
    try terminal.type("set 7\r")
    try await terminal.waitFor("count 7> ")
    try terminal.type("fav\r")
    try await terminal.waitFor("count 7> ")
    try terminal.type(key)

    #expect(try await terminal.waitForExit(timeout: .seconds(10)) == cleanEnd(after: signal))
    #expect(terminal.isInNormalMode == true)
    #expect(!terminal.output.contains("Press space"))
    #expect(!terminal.output.contains("Crash"))
    #expect(try home.contents().filter { $0.hasPrefix("p.sqlite3") } == ["p.sqlite3"])
  }
}
