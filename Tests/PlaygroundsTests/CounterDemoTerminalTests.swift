import ExecutableTestSupport
import Foundation
import Testing

/// End-to-end tests of `counter-demo` driven through a pseudo-terminal, where `REPL` reads with its line
/// editor: keys are typed, the screen output is awaited.
@Suite("counter-demo in a terminal", .timeLimit(.minutes(5)))
struct CounterDemoTerminalTests {
  /// A running demo in a fresh terminal, with its own empty home directory.
  struct Session {
    let terminal: PseudoTerminal
    let home: URL

    /// Ends the session with Ctrl-D on an empty line and returns how the demo ended. Call it once the prompt
    /// shows: typed while a command runs, Ctrl-D waits for the next prompt, as every key typed then does.
    func quit() async throws -> PseudoTerminal.Termination {
      try terminal.type("\u{04}")
      return try await terminal.waitForExit()
    }

    /// Every file and directory left under the home directory.
    var filesInHome: [String] {
      let enumerator = FileManager.default.enumerator(atPath: home.path)
      return (enumerator?.allObjects as? [String]) ?? []
    }
  }

  /// Starts the demo with no delay for `nth`, colour switched off unless `environment` says otherwise.
  private func start(
    delay: String = "0",
    environment: [String: String] = ["NO_COLOR": "1"]
  ) throws -> Session {
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("counter-demo-terminal-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let base = ["HOME": home.path, "XDG_STATE_HOME": home.appendingPathComponent("state").path, "TERM": "xterm"]
    let terminal = try PseudoTerminal(
      Executable("counter-demo"),
      arguments: ["--delay", delay],
      environment: base.merging(environment) { _, given in given }
    )
    return Session(terminal: terminal, home: home)
  }

  @Test func upArrowRecallsThePreviousLine() async throws {
    let session = try start()
    defer { try? FileManager.default.removeItem(at: session.home) }
    let terminal = session.terminal
    try await terminal.waitFor("count 0> ")
    try terminal.type("+\r")
    try await terminal.waitFor("- 1 +")
    try await terminal.waitFor("count 1> ")
    try terminal.type("\u{1B}[A")
    try await terminal.waitFor("count 1> +")
    try terminal.type("\r")
    try await terminal.waitFor("- 2 +")
    try await terminal.waitFor("count 2> ")
    #expect(try await session.quit() == .exited(0))
  }

  @Test func ctrlCClearsAHalfTypedLineAndTheSessionGoesOn() async throws {
    let session = try start()
    defer { try? FileManager.default.removeItem(at: session.home) }
    let terminal = session.terminal
    try await terminal.waitFor("count 0> ")
    try terminal.type("set 5")
    try await terminal.waitFor("count 0> set 5")
    try terminal.type("\u{03}")
    try await terminal.waitFor("^C\r")
    try await terminal.waitFor("count 0> ")
    try terminal.type("+\r")
    // The discarded `set 5` never ran: one step up from 0 is 1.
    let response = try await terminal.waitFor("count 1> ")
    #expect(response.contains("- 1 +"))
    #expect(!terminal.output.contains("- 5 +"))
    #expect(try await session.quit() == .exited(0))
  }

  /// With an hour's delay the answer can't come first. The Ctrl-C is repeated until it lands: one typed
  /// before the question is sent finds nothing to stop.
  @Test func ctrlCWithdrawsAnUnansweredNthAndTheSessionGoesOn() async throws {
    let session = try start(delay: "3600")
    defer { try? FileManager.default.removeItem(at: session.home) }
    let terminal = session.terminal
    try await terminal.waitFor("count 0> ")
    try terminal.type("+\r")
    try await terminal.waitFor("count 1> ")
    try terminal.type("nth\r")
    var stopped = false
    for _ in 1...10 where !stopped {
      try terminal.type("\u{03}")
      stopped = (try? await terminal.waitFor("Stopped looking for the 1st prime.", timeout: .seconds(2))) != nil
    }
    #expect(stopped)
    try await terminal.waitFor("count 1> ")
    try terminal.type("+\r")
    try await terminal.waitFor("- 2 +")
    try await terminal.waitFor("count 2> ")
    #expect(try await session.quit() == .exited(0))
  }

  @Test func ctrlDOnAnEmptyLineExitsZeroAndRestoresTheTerminal() async throws {
    let session = try start()
    defer { try? FileManager.default.removeItem(at: session.home) }
    let terminal = session.terminal
    try await terminal.waitFor("count 0> ")
    #expect(terminal.isInRawMode == true)
    // waitForExit returns once every byte the demo wrote has been read: nothing can arrive after this.
    #expect(try await session.quit() == .exited(0))
    #expect(terminal.unconsumed.hasSuffix("\r\n"))
    #expect(terminal.isInNormalMode == true)
  }

  @Test func ctrlDOnANonEmptyLineDeletesInsteadOfExiting() async throws {
    let session = try start()
    defer { try? FileManager.default.removeItem(at: session.home) }
    let terminal = session.terminal
    try await terminal.waitFor("count 0> ")
    // "x+", Home, Ctrl-D deletes the x, Enter runs "+".
    try terminal.type("x+\u{01}\u{04}\r")
    try await terminal.waitFor("- 1 +")
    try await terminal.waitFor("count 1> ")
    #expect(try await session.quit() == .exited(0))
  }

  @Test func tabCompletesPriToPrime() async throws {
    let session = try start()
    defer { try? FileManager.default.removeItem(at: session.home) }
    let terminal = session.terminal
    try await terminal.waitFor("count 0> ")
    try terminal.type("pri\t")
    try await terminal.waitFor("count 0> prime ")
    try terminal.type("\r")
    try await terminal.waitFor("0 is not prime :(")
    try await terminal.waitFor("count 0 · is it prime?> ")
    #expect(try await session.quit() == .exited(0))
  }

  @Test func aSecondTabListsTheCandidates() async throws {
    let session = try start()
    defer { try? FileManager.default.removeItem(at: session.home) }
    let terminal = session.terminal
    try await terminal.waitFor("count 0> ")
    try terminal.type("u\t")
    try await terminal.waitFor("count 0> unfav ")
    // Ctrl-U empties the line; Tab on nothing rings the bell, a second Tab lists every command.
    try terminal.type("\u{15}\t")
    try await terminal.waitFor("\u{07}")
    try terminal.type("\t")
    let listing = try await terminal.waitFor("unfav")
    try await terminal.waitFor("count 0> ")
    for word in ["+", "-", "decr", "exit", "fav", "help", "incr", "nth", "ok", "prime", "quit", "set", "unfav"] {
      #expect(listing.contains(word))
    }
    #expect(try await session.quit() == .exited(0))
  }

  @Test func noColourWithNoColorSet() async throws {
    let session = try start(environment: ["NO_COLOR": "1"])
    defer { try? FileManager.default.removeItem(at: session.home) }
    let terminal = session.terminal
    try await terminal.waitFor("count 0> ")
    try terminal.type("xyz\r")
    try await terminal.waitFor("counter-demo: unknown command 'xyz'. Type 'help' for the list.")
    try await terminal.waitFor("count 0> ")
    #expect(try await session.quit() == .exited(0))
    #expect(terminal.output.firstMatch(of: /\u{1B}\[[0-9;]*m/) == nil)
  }

  @Test func colourOnATerminalWhenNoColorIsUnset() async throws {
    let session = try start(environment: [:])
    defer { try? FileManager.default.removeItem(at: session.home) }
    let terminal = session.terminal
    try await terminal.waitFor("\u{1B}[1mcount 0> \u{1B}[0m")
    try terminal.type("xyz\r")
    try await terminal.waitFor("\u{1B}[31mcounter-demo:\u{1B}[0m unknown command 'xyz'.")
    try await terminal.waitFor("count 0> ")
    #expect(try await session.quit() == .exited(0))
  }

  @Test func dumbTerminalGetsNoLineEditorAndNoEscapes() async throws {
    let session = try start(environment: ["TERM": "dumb"])
    defer { try? FileManager.default.removeItem(at: session.home) }
    let terminal = session.terminal
    try await terminal.waitFor("count 0> ")
    #expect(terminal.isInNormalMode == true)
    try terminal.type("+\n")
    try await terminal.waitFor("count 1> ")
    try terminal.type("\u{04}")
    #expect(try await terminal.waitForExit() == .exited(0))
    #expect(!terminal.output.contains("\u{1B}"))
  }

  @Test func sigtermWhileReadingRestoresTheTerminal() async throws {
    let session = try start()
    defer { try? FileManager.default.removeItem(at: session.home) }
    let terminal = session.terminal
    try await terminal.waitFor("count 0> ")
    #expect(terminal.isInRawMode == true)
    terminal.send(signal: SIGTERM)
    #expect(try await terminal.waitForExit() == .signaled(SIGTERM))
    #expect(terminal.isInNormalMode == true)
  }

  @Test func theDemoKeepsNoHistoryFile() async throws {
    let session = try start()
    defer { try? FileManager.default.removeItem(at: session.home) }
    let terminal = session.terminal
    try await terminal.waitFor("count 0> ")
    try terminal.type("+\r")
    try await terminal.waitFor("count 1> ")
    #expect(try await session.quit() == .exited(0))
    #expect(session.filesInHome == [])
  }

  /// A long paste used to take time quadratic in its length (100,000 characters: most of an hour). The
  /// deadlines only detect a hang; the work is measured by the line-editing unit tests.
  @Test func aPasteOfAHundredThousandCharactersIsReadWholeAndAnswered() async throws {
    let session = try start()
    defer { try? FileManager.default.removeItem(at: session.home) }
    let terminal = session.terminal
    try await terminal.waitFor("count 0> ")
    let word = String(repeating: "x", count: 100_000)
    try await terminal.paste(word + "\r")
    let answer = try await terminal.waitFor("Type 'help' for the list.")
    // Messages quote the first 40 characters of what was typed.
    #expect(answer.contains("counter-demo: unknown command '\(word.prefix(40))…'. Type"))
    // Only the end of the line shows as it is typed: then Enter draws it all the way to its end.
    #expect(answer.contains("\rcount 0> " + String(repeating: "x", count: 69) + "\u{1B}[K\r\u{1B}[78C\r"))
    try await terminal.waitFor("count 0> ")
    #expect(try await session.quit() == .exited(0))
  }

  @Test func ctrlRFindsAnEarlierLineInTheTerminal() async throws {
    let session = try start()
    defer { try? FileManager.default.removeItem(at: session.home) }
    let terminal = session.terminal
    try await terminal.waitFor("count 0> ")
    try terminal.type("set 5\r")
    try await terminal.waitFor("count 5> ")
    try terminal.type("+\r")
    try await terminal.waitFor("count 6> ")
    try terminal.type("\u{12}se")
    try await terminal.waitFor("(reverse-i-search)'se': set 5")
    try terminal.type("\r")
    try await terminal.waitFor("count 5> ")
    #expect(try await session.quit() == .exited(0))
  }
}
