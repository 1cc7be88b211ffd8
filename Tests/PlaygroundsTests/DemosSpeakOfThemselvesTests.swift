import ExecutableTestSupport
import Foundation
import Testing

/// Each demo speaks of itself: `favorite-primes-demo`, which keeps everything in memory, names no database and
/// no PrimeTime in anything a session prints; `counter-demo` shows the app's waiting line while `nth` waits, and
/// keys typed meanwhile are not echoed by the terminal but wait for the next prompt.
@Suite("The demos speak of themselves", .timeLimit(.minutes(5)))
struct DemosSpeakOfThemselvesTests {
  /// Every message a session can reach with the demo's flags: values left out, a failed save (kept until the
  /// demo exits), a refused backup and check, a failed load.
  @Test(
    arguments: [
      (["--stored", "2,8,3,3,5", "--fail-save"], "load\ndelete 1\nsave\nbackup copy\ncheck\nexport x\nimport x\nfavorites"),
      (["--fail-load"], "load\nsave\nfavorites\nexport\nexport y\nimport y"),
    ]
  )
  func favoritePrimesDemoNamesNoDatabaseAndNoPrimeTime(arguments: [String], script: String) async throws {
    let run = try await Executable("favorite-primes-demo").run(arguments, script: script)
    #expect(run.status == 1)
    #expect(!run.stderrLines.isEmpty)
    // An export's first line names its format, which every program that imports it reads: not the demo's voice.
    let said = run.stdoutText.replacingOccurrences(of: "# PrimeTime favorite primes\n", with: "")
    for text in [said, run.stderrText] {
      #expect(!text.contains("database"), "\(text)")
      #expect(!text.contains("PrimeTime"), "\(text)")
    }
  }

  /// The demo's help speaks of its store in memory too: `help` and the help of each command that saves, loads or
  /// copies the favourites.
  @Test func favoritePrimesDemoHelpNamesNoDatabaseAndNoPrimeTime() async throws {
    let run = try await Executable("favorite-primes-demo").run(
      [], script: "help\nhelp save\nhelp load\nhelp backup\nhelp check\nhelp export"
    )
    #expect(run.status == 0, "\(run.stderrText)")
    let said = run.stdoutText.replacingOccurrences(of: "'# PrimeTime favorite primes'", with: "")
    #expect(!said.contains("database"), "\(said)")
    #expect(!said.contains("PrimeTime"), "\(said)")
  }

  /// The demo's terminal: a fresh home, no colour, `nth` answered after `delay` seconds.
  private func counterDemo(delay: String, home: URL) throws -> PseudoTerminal {
    try PseudoTerminal(
      Executable("counter-demo"),
      arguments: ["--delay", delay],
      environment: ["HOME": home.path, "TERM": "xterm", "NO_COLOR": "1"]
    )
  }

  private func temporaryHome() throws -> URL {
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("demos-speak-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    return home
  }

  /// The answer is an hour away, so only the waiting line can show; Ctrl-C then withdraws the question, as it
  /// says. The Ctrl-C is repeated until it lands: one typed before the question is sent finds nothing to stop.
  @Test func counterDemoShowsTheWaitingLineWithItsCtrlCHintWhileNthWaits() async throws {
    let home = try temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try counterDemo(delay: "3600", home: home)
    try await terminal.waitFor("count 0> ")
    try terminal.type("nth 7\r")
    try await terminal.waitFor("\rFinding the 7th prime…  (Ctrl-C stops)\u{1B}[K", timeout: .seconds(10))
    var stopped = false
    for _ in 1...10 where !stopped {
      try terminal.type("\u{03}")
      stopped = (try? await terminal.waitFor("Stopped looking for the 7th prime.", timeout: .seconds(2))) != nil
    }
    #expect(stopped)
    try await terminal.waitFor("count 7> ")
    try terminal.type("\u{04}")
    #expect(try await terminal.waitForExit() == .exited(0))
  }

  /// Typed while `nth` waits, `set 5` and Enter are not echoed as a stray line: they wait, unseen, and run at
  /// the next prompt as if typed there.
  @Test func keysTypedWhileNthWaitsAreNotEchoedAndRunAtTheNextPrompt() async throws {
    let home = try temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try counterDemo(delay: "2", home: home)
    try await terminal.waitFor("count 0> ")
    try terminal.type("nth 3\r")
    // Well inside the two seconds the answer takes.
    try await Task.sleep(for: .milliseconds(500))
    try terminal.type("set 5\r")
    let untilTheAnswer = try await terminal.waitFor("The 3rd prime is 5", timeout: .seconds(30))
    #expect(!untilTheAnswer.contains("set 5"), "\(untilTheAnswer.debugDescription)")
    let typedAhead = try await terminal.waitFor("- 5 +", timeout: .seconds(30))
    #expect(typedAhead.contains("count 3 · 3rd prime> set 5"), "\(typedAhead.debugDescription)")
    try await terminal.waitFor("count 5> ")
    try terminal.type("\u{04}")
    #expect(try await terminal.waitForExit() == .exited(0))
    #expect(terminal.isInNormalMode == true)
  }
}
