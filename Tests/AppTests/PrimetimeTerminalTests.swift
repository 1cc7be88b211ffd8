import ExecutableTestSupport
import Foundation
import Testing

/// `primetime` driven through a pseudo-terminal, as a person at a keyboard uses it: the line editor, its
/// history across sessions, Ctrl-C and Ctrl-D, progress and colour.
@Suite("primetime in a terminal", .timeLimit(.minutes(5)))
struct PrimetimeTerminalTests {
  /// Starts `primetime` in a fresh terminal with `home` as its home directory; colour off unless
  /// `environment` says otherwise.
  private func start(
    _ arguments: [String] = [],
    in home: TemporaryHome,
    environment: [String: String] = ["NO_COLOR": "1"]
  ) throws -> PseudoTerminal {
    try PseudoTerminal(
      Executable("primetime"),
      arguments: arguments,
      environment: ["HOME": home.url.path, "TERM": "xterm", "TZ": "UTC"].merging(environment) { _, given in given }
    )
  }

  private var historyFile: String { ".local/state/primetime/history" }

  @Test func historyIsKeptBetweenSessionsAndRecalledWithTheUpArrow() async throws {
    let home = try TemporaryHome()
    let first = try start(in: home)
    try await first.waitFor("Type 'help' for the commands.")
    try await first.waitFor("count 0> ")
    try first.type("set 7\r")
    try await first.waitFor("count 7> ")
    try first.type("fav\r")
    try await first.waitFor("Remove from favorite primes")
    // Ctrl-D is end of input only at a prompt: typed while a command runs, the terminal swallows it.
    try await first.waitFor("count 7 · is it prime?> ")
    try first.type("\u{04}")
    #expect(try await first.waitForExit() == .exited(0))

    let attributes = try FileManager.default.attributesOfItem(atPath: home.url.appendingPathComponent(historyFile).path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)

    let second = try start(in: home)
    try await second.waitFor("count 0> ")
    try second.type("\u{1B}[A")
    try await second.waitFor("fav")
    try second.type("\u{1B}[A")
    try await second.waitFor("set 7")
    try second.type("\r")
    try await second.waitFor("What is the 7th prime?")
    try second.type("favorites\r")
    try await second.waitFor("1. 7")
    try await second.waitFor("favorites (1)> ")
    try second.type("\u{04}")
    #expect(try await second.waitForExit() == .exited(0))
  }

  /// Two sessions open on one database at once: what each one saves is kept, and each sees the other's.
  @Test func twoSessionsAtOnceKeepEachOthersFavorites() async throws {
    let home = try TemporaryHome()
    let first = try start(in: home)
    try await first.waitFor("count 0> ")
    let second = try start(in: home)
    try await second.waitFor("count 0> ")
    try first.type("set 7\r")
    try await first.waitFor("count 7> ")
    try first.type("fav\r")
    try await first.waitFor("Remove from favorite primes")
    try await first.waitFor("count 7 · is it prime?> ")
    try second.type("set 11\r")
    try await second.waitFor("count 11> ")
    try second.type("fav\r")
    try await second.waitFor("Remove from favorite primes")
    try await second.waitFor("count 11 · is it prime?> ")
    // The second session's save brought in the first's 7.
    try second.type("favorites\r")
    try await second.waitFor("1. 7\r\n2. 11\r\n")
    try await second.waitFor("favorites (2)> ")
    // The first session's next save brings in the second's 11, and removes only its own 7.
    try first.type("unfav\r")
    try await first.waitFor("Save to favorite primes")
    try await first.waitFor("count 7 · is it prime?> ")
    try first.type("favorites\r")
    try await first.waitFor("1. 11\r\n")
    try await first.waitFor("favorites (1)> ")
    for terminal in [first, second] {
      try terminal.type("\u{04}")
      #expect(try await terminal.waitForExit() == .exited(0))
    }
  }

  @Test func ctrlCClearsTheLineAndTabCompletesCommands() async throws {
    let home = try TemporaryHome()
    let terminal = try start(["--sandbox"], in: home)
    try await terminal.waitFor("count 0> ")
    try terminal.type("set 99")
    try await terminal.waitFor("set 99")
    try terminal.type("\u{03}")
    try await terminal.waitFor("count 0> ")
    try terminal.type("+\r")
    try await terminal.waitFor("- 1 +")
    try await terminal.waitFor("count 1> ")
    try terminal.type("activ\t\r")
    try await terminal.waitFor("No activity yet.")
    try await terminal.waitFor("activity (0)> ")
    try terminal.type("\u{04}")
    #expect(try await terminal.waitForExit() == .exited(0))
    #expect(try home.contents() == [])
  }

  /// The test reads the terminal later than the program writes it, so the search may be over before Ctrl-C is
  /// seen (it then only clears the next prompt's line). The 10^12th prime takes a release build about 0.4 s
  /// (the 10^10th took 20 ms, and CI's five tries all lost that race); the search is still asked again, up to
  /// five times, and one of them must be stopped.
  @Test func ctrlCStopsALongNthAndTheSessionGoesOn() async throws {
    let home = try TemporaryHome()
    let terminal = try start(["--sandbox"], in: home)
    try await terminal.waitFor("count 0> ")
    try terminal.type("set 1000000000000\r")
    try await terminal.waitFor("count 1000000000000> ")
    var stopped = false
    for _ in 1...5 where !stopped {
      try terminal.type("nth\r")
      try await terminal.waitFor("Finding the 1000000000000th prime… ")
      try terminal.type("\u{03}")
      let outcome = try? await terminal.waitForFirst(
        of: ["Stopped looking for the 1000000000000th prime.", "The 1000000000000th prime is 29996224275833"]
      )
      stopped = outcome == "Stopped looking for the 1000000000000th prime."
      try await terminal.waitFor("count 1000000000000")
      try await terminal.waitFor("> ")
    }
    #expect(stopped)
    try terminal.type("-\r")
    try await terminal.waitFor("- 999999999999 +")
    try await terminal.waitFor("count 999999999999> ")
    try terminal.type("\u{04}")
    #expect(try await terminal.waitForExit() == .exited(0))
  }

  @Test func colourOnlyWhenNoColorIsUnset() async throws {
    let home = try TemporaryHome()
    let coloured = try start(["--sandbox"], in: home, environment: [:])
    try await coloured.waitFor("\u{1B}[1mcount 0> ")
    try coloured.type("sav\r")
    try await coloured.waitFor("\u{1B}[31mprimetime:\u{1B}[0m unknown command 'sav'; did you mean 'save'?")
    try await coloured.waitFor("count 0> ")
    try coloured.type("\u{04}")
    #expect(try await coloured.waitForExit() == .exited(0))

    let plain = try start(["--sandbox"], in: home, environment: ["NO_COLOR": "1"])
    try await plain.waitFor("count 0> ")
    try plain.type("sav\r")
    try await plain.waitFor("primetime: unknown command 'sav'; did you mean 'save'?")
    try await plain.waitFor("count 0> ")
    try plain.type("\u{04}")
    #expect(try await plain.waitForExit() == .exited(0))
    #expect(!plain.output.contains("\u{1B}[1m"))
    #expect(!plain.output.contains("\u{1B}[31m"))
  }

  /// A 100,000-character line pasted at the prompt is taken whole and at once (it used to take most of an
  /// hour): the command at its end runs and the history keeps the line exactly. The deadlines only detect a
  /// hang.
  @Test func aPastedHundredThousandCharacterLineIsTakenWhole() async throws {
    let home = try TemporaryHome()
    let terminal = try start(in: home)
    try await terminal.waitFor("count 0> ")
    let line = String(repeating: " ", count: 99_995) + "set 7"
    try await terminal.paste(line + "\r")
    try await terminal.waitFor("count 7> ")
    try terminal.type("\u{04}")
    #expect(try await terminal.waitForExit() == .exited(0))
    let history = try String(contentsOfFile: home.url.appendingPathComponent(historyFile).path, encoding: .utf8)
    #expect(history == line + "\n")
  }

  /// The history's directory is found by walking the path forward once, `..` and `//` included: the
  /// session starts, keeps its history there, and ends.
  @Test func aStateHomeThroughDotDotKeepsTheHistoryThere() async throws {
    let home = try TemporaryHome()
    let stateHome = home.url.path + "/dd/../dd2///"
    let terminal = try start(in: home, environment: ["NO_COLOR": "1", "XDG_STATE_HOME": stateHome])
    try await terminal.waitFor("count 0> ")
    try terminal.type("set 7\r")
    try await terminal.waitFor("count 7> ")
    try terminal.type("\u{04}")
    #expect(try await terminal.waitForExit() == .exited(0))
    #expect(try String(contentsOfFile: home.url.path + "/dd2/primetime/history", encoding: .utf8) == "set 7\n")
  }

  /// A file where the history's directory should be costs one warning line naming it; the session goes on.
  @Test func aStateHomeThatIsAFileIsOneWarningAndTheSessionGoesOn() async throws {
    let home = try TemporaryHome()
    let blocker = home.url.appendingPathComponent("state").path
    #expect(FileManager.default.createFile(atPath: blocker, contents: Data()))
    let terminal = try start(in: home, environment: ["NO_COLOR": "1", "XDG_STATE_HOME": blocker])
    try await terminal.waitFor(
      "primetime: warning: cannot read the history file \(blocker)/primetime/history: \(blocker) is not a "
        + "directory; history will not be saved."
    )
    try await terminal.waitFor("count 0> ")
    try terminal.type("set 7\r")
    try await terminal.waitFor("count 7> ")
    try terminal.type("set 8\r")
    try await terminal.waitFor("count 8> ")
    try terminal.type("\u{04}")
    #expect(try await terminal.waitForExit() == .exited(0))
    #expect(terminal.output.components(separatedBy: "warning:").count == 2)
  }
}

extension PseudoTerminal {
  /// Waits until one of `texts` appears after the last match, and returns the one that appeared first.
  fileprivate func waitForFirst(of texts: [String], timeout: Duration = .seconds(20)) async throws -> String {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      let pending = unconsumed
      let found = texts.compactMap { text in pending.range(of: text).map { (text, $0.lowerBound) } }
      if let first = found.min(by: { $0.1 < $1.1 }) {
        try await waitFor(first.0)
        return first.0
      }
      try await Task.sleep(for: .milliseconds(20))
    }
    throw TerminalWaitFailure(description: "none of \(texts) appeared; after the last match: \(unconsumed.debugDescription)")
  }
}

/// What `waitForFirst(of:)` throws when nothing it waited for appeared in time.
private struct TerminalWaitFailure: Error, CustomStringConvertible {
  let description: String
}
