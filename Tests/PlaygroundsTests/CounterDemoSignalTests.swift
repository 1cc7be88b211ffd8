import ExecutableTestSupport
import Foundation
import Testing

import Platform

/// `counter-demo` at its line editor's prompt: every signal that ends it puts the terminal back first, and
/// none prints the runtime's crash report.
@Suite("counter-demo and signals", .timeLimit(.minutes(5)))
struct CounterDemoSignalTests {
  /// A home directory of the test's own, for the demo to find no history in.
  private func makeHome() throws -> URL {
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("counter-demo-signal-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    return home
  }

  /// `counter-demo --delay DELAY` in a pseudo-terminal, without colour.
  private func start(delay: String, home: URL) throws -> PseudoTerminal {
    try PseudoTerminal(
      Executable("counter-demo"),
      arguments: ["--delay", delay],
      environment: ["HOME": home.path, "TERM": "xterm", "NO_COLOR": "1"]
    )
  }

  @Test(arguments: [SIGQUIT, SIGUSR1, SIGALRM, SIGVTALRM, SIGXCPU, SIGHUP])
  func aSignalAtThePromptRestoresTheTerminal(signal: Int32) async throws {
    let home = try makeHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try start(delay: "0", home: home)
    try await terminal.waitFor("count 0> ")
    #expect(terminal.isInRawMode == true)
    terminal.send(signal: signal)

    let expected: PseudoTerminal.Termination =
      signal == SIGQUIT || signal == SIGXCPU ? .exited(128 + signal) : .signaled(signal)
    #expect(try await terminal.waitForExit() == expected)
    #expect(terminal.isInNormalMode == true)
    #expect(!terminal.output.contains("Press space"))
  }

  /// While a command runs the terminal is in its normal mode, where Ctrl-\ is SIGQUIT: it used to print the
  /// runtime's crash report and freeze the terminal with echo off.
  @Test func ctrlBackslashWhileACommandRunsEndsCleanly() async throws {
    let home = try makeHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try start(delay: "3600", home: home)
    try await terminal.waitFor("count 0> ")
    try terminal.type("+\r")
    try await terminal.waitFor("count 1> ")
    try terminal.type("nth\r")
    // The editor leaves raw mode once the line is read; wait for that, bounded, before typing.
    let deadline = ContinuousClock.now + hangBound
    while terminal.isInNormalMode != true && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    try terminal.type("\u{1C}")

    #expect(try await terminal.waitForExit() == .exited(128 + SIGQUIT))
    #expect(terminal.isInNormalMode == true)
    #expect(!terminal.output.contains("Press space"))
  }
}
