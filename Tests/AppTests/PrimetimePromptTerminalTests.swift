import ExecutableTestSupport
import Foundation
import Testing

/// The prompt at a terminal, as the outside round found it: a SIGINT sent from outside (`kill -INT`) was
/// swallowed, and characters that reorder or hide text were drawn raw as they were typed.
@Suite("primetime: the prompt at a terminal", .timeLimit(.minutes(5)))
struct PrimetimePromptTerminalTests {
  private func start(in home: TemporaryHome) throws -> PseudoTerminal {
    try PseudoTerminal(
      Executable("primetime"),
      arguments: ["--sandbox"],
      environment: ["HOME": home.url.path, "TERM": "xterm", "TZ": "UTC", "NO_COLOR": "1"]
    )
  }

  /// `kill -INT` while PrimeTime waits at the prompt does what Ctrl-C there does: `^C`, the line typed so far
  /// dropped, a fresh prompt; the session goes on.
  @Test func aSigintAtThePromptActsAsCtrlC() async throws {
    let home = try TemporaryHome()
    let terminal = try start(in: home)
    try await terminal.waitFor("count 0> ")
    try terminal.type("set 99")
    try await terminal.waitFor("set 99")

    terminal.send(signal: SIGINT)

    try await terminal.waitFor("^C")
    try await terminal.waitFor("count 0> ")
    try terminal.type("+\r")
    try await terminal.waitFor("- 1 +")
    try await terminal.waitFor("count 1> ")
    try terminal.type("\u{04}")
    #expect(try await terminal.waitForExit() == .exited(0))
  }

  /// A right-to-left override and a zero-width space typed at the prompt are drawn escaped, as every line
  /// escapes them, while the line keeps them: the file name `export` is given holds them.
  @Test func formatCharactersTypedAtThePromptAreShownEscaped() async throws {
    let home = try TemporaryHome()
    let terminal = try start(in: home)
    try await terminal.waitFor("count 0> ")

    try terminal.type("export a\u{202E}b\u{200B}c")

    try await terminal.waitFor("export a\\u{202E}b\\u{200B}c")
    try terminal.type("\r")
    try await terminal.waitFor("so a\\u{202E}b\\u{200B}c was not written")
    try await terminal.waitFor("favorites (0)> ")
    #expect(!terminal.output.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{200B}" })
    try terminal.type("\u{04}")
    #expect(try await terminal.waitForExit() == .exited(0))
  }
}
