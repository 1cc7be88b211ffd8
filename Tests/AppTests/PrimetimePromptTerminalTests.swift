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

  /// `primetime --sandbox` run by `script`, a bash script with job control (`set -m`, as an interactive shell
  /// has) in which `"$@"` is the command.
  private func start(in home: TemporaryHome, byShellScript script: String) throws -> PseudoTerminal {
    try PseudoTerminal(
      Executable("primetime"),
      arguments: ["--sandbox"],
      environment: ["HOME": home.url.path, "TERM": "xterm", "TZ": "UTC", "NO_COLOR": "1", "PATH": "/usr/bin:/bin"],
      launcher: ["/bin/bash", "--norc", "--noprofile", "-c", "set -m; " + script, "bash"]
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

  /// Started in the background of a shell (`primetime &`), PrimeTime stops when it needs the terminal, as any
  /// program does there, instead of ending with `can't read standard input: input/output error` at the first key
  /// typed; brought back with `fg`, it takes what was typed meanwhile and goes on.
  @Test func startedInTheBackgroundItWaitsForTheForegroundAndGoesOnThere() async throws {
    let home = try TemporaryHome()
    // The job gets a process group of its own; the shell brings it back once it has stopped (or, if it never
    // stops, after ten seconds).
    let terminal = try start(
      in: home,
      byShellScript: #""$@" & for _ in $(seq 200); do [ -n "$(jobs -s)" ] && break; sleep 0.05; done; jobs; fg %1"#
    )
    try await terminal.waitFor("Type 'help' for the commands.")
    try terminal.type("+\r")

    try await terminal.waitFor("Stopped")
    try await terminal.waitFor("- 1 +")
    try await terminal.waitFor("count 1> ")
    try terminal.type("\u{04}")
    #expect(try await terminal.waitForExit() == .exited(0))
    #expect(!terminal.output.contains("can't read standard input"))
  }

  /// Found by the outside round: after Ctrl-Z and `fg`, the prompt came back only at the next key, and one more
  /// prompt was drawn just before the shell's `Stopped`. The stop now happens before the line is drawn again,
  /// and `fg` brings back the prompt with what was typed of the line.
  @Test func ctrlZThenFgBringsThePromptAndTheLineBackAtOnce() async throws {
    let home = try TemporaryHome()
    // The shell reports the stop and goes on to `fg`, as a person at an interactive shell would.
    let terminal = try start(in: home, byShellScript: #""$@"; jobs; fg %1"#)
    try await terminal.waitFor("count 0> ")
    try terminal.type("set 5\r")
    try await terminal.waitFor("count 5> ")
    try terminal.type("se")
    try await terminal.waitFor("count 5> se")

    try terminal.type("\u{1A}")

    // The line is drawn with the cursor at its end and ended, then the shell says it stopped: no prompt between.
    let untilStopped = try await terminal.waitFor("Stopped")
    let afterTheLineEnded = untilStopped.split(separator: "\r\n", maxSplits: 1).dropFirst().first ?? ""
    #expect(!afterTheLineEnded.contains("count 5> "), "\(untilStopped.debugDescription)")
    try await terminal.waitFor("count 5> ", timeout: .seconds(5))
    try terminal.type("t 6\r")
    try await terminal.waitFor("count 6> ")
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
