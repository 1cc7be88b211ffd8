import ExecutableTestSupport
import Foundation
import Testing

/// `primetime --log -` at a terminal: the log shares standard error's terminal with the progress line of a
/// long `nth`, which is erased before each entry instead of running into it.
@Suite("primetime --log - in a terminal", .timeLimit(.minutes(5)))
struct PrimetimeLogAtATerminalTests {
  @Test func theProgressLineIsErasedBeforeEachLogEntry() async throws {
    let home = try TemporaryHome()
    let terminal = try PseudoTerminal(
      Executable("primetime"),
      arguments: ["--sandbox", "--log", "-"],
      environment: ["HOME": home.url.path, "TERM": "xterm", "TZ": "UTC", "NO_COLOR": "1"]
    )
    try await terminal.waitFor("count 0> ")
    try terminal.type("nth 3000000000\r")
    try await terminal.waitFor("The 3000000000th prime is", timeout: .seconds(60))
    try await terminal.waitFor("count 3000000000 · 3000000000th prime> ")
    // The search reported progress, so the progress line was shown, and entries were logged meanwhile.
    #expect(terminal.output.contains("(Ctrl-C stops)"))
    #expect(terminal.output.contains("received action: AppAction.counterView(.counter(.nthPrimeProgress("))
    // No entry is written on after the progress line: the row is erased (a carriage return, then erase to the
    // end of the line) before each one.
    let written = terminal.output.split(whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" })
    #expect(!written.contains { $0.contains("(Ctrl-C stops)") && $0.contains("received action") })
    try terminal.type("\u{04}")
    #expect(try await terminal.waitForExit() == .exited(0))
  }
}
